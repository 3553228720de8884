import { z } from 'zod';
import { engineNameSchema } from '../../domain/run-spec';
import type { FunnelView } from '../../funnel/types';
import { invokeChannel } from '../define';

// The Funnel view: crawled → cited → referred → converted per engine, page and week, computed in
// main (core.services.funnel()) from the imported logs, the history and the imported analytics.

export const funnelQuerySchema = z
  .object({
    days: z.number().int().min(1).max(730).default(30),
    engine: engineNameSchema.optional(),
    site: z.string().trim().toLowerCase().min(1).max(253).optional(),
  })
  .strict();

export const funnelChannels = {
  'funnel.summary': invokeChannel(funnelQuerySchema).returns<FunnelView>(),
};
