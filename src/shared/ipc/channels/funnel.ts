import { z } from 'zod';
import { engineNameSchema } from '../../domain/run-spec';
import { FUNNEL_SOURCES, type FunnelView } from '../../funnel/types';
import { invokeChannel } from '../define';

// The Funnel view: crawled → cited → referred → converted per engine, page and week, computed in
// main (core.services.funnel()) from the imported logs, the history and the imported analytics.

export const funnelQuerySchema = z
  .object({
    days: z.number().int().min(1).max(730).default(30),
    engine: engineNameSchema.optional(),
    site: z.string().trim().toLowerCase().min(1).max(253).optional(),
    /** Whose crawler and traffic figures; absent: this computer's when it has any, else the team's. */
    source: z.enum(FUNNEL_SOURCES).optional(),
  })
  .strict();

/** Whether this workspace shares its funnel's daily aggregates with the team server. */
export interface FunnelSharingView {
  /** On: per day × engine × page counts go with each sync. Off (the default): nothing leaves. */
  aggregates: boolean;
  /** When it was last turned on or off; null when never set. */
  changedAt: number | null;
  /** When aggregates last reached the team server; null when never (or cleared after turning off). */
  pushedAt: number | null;
}

export const funnelChannels = {
  'funnel.summary': invokeChannel(funnelQuerySchema).returns<FunnelView>(),
  'funnel.sharing': invokeChannel(z.object({}).strict()).returns<FunnelSharingView>(),
  /** Turns sharing on or off for the open workspace; the next sync sends (or removes) the aggregates. */
  'funnel.setSharing': invokeChannel(
    z.object({ aggregates: z.boolean() }).strict(),
  ).returns<FunnelSharingView>(),
};
