import { z } from 'zod';
import type { DiscoveryCandidate, DiscoveryQueue } from '../../analytics/discovery-types';
import { engineNameSchema } from '../../domain/run-spec';
import { invokeChannel } from '../define';
import type { BrandView } from './library';
import { locationKeySchema, visibilityPeriodSchema } from './visibility';

// Competitor discovery: the queue of names the stored answers put forward that no defined
// brand covers, and the analyst's decisions. Accept and merge save a brand, which re-analyses
// the stored history ('visibility.reanalysis' progress, then 'visibility.changed').

/** A candidate's pooling key (DiscoveryCandidate.key) or a written form of its name. */
const nameKey = z.string().trim().min(1).max(120);
const shortText = z.string().trim().min(1).max(120);
const domain = z
  .string()
  .trim()
  .min(3)
  .max(253)
  .regex(/^(?:https?:\/\/)?[\p{L}\p{N}.-]+\.[\p{L}]{2,}\/?$/u, 'Use a domain such as example.com');

export const discoveryQuerySchema = z
  .object({
    period: visibilityPeriodSchema.default({ days: 30 }),
    engines: z.array(engineNameSchema).max(20).optional(),
    locations: z.array(locationKeySchema).max(300).optional(),
    limit: z.number().int().min(1).max(1000).default(50),
    dismissed: z.boolean().default(false),
    /** Only candidate competitors or only retailers and marketplaces; both when absent. */
    kind: z.enum(['candidate', 'retailer']).optional(),
    details: z.boolean().default(true),
  })
  .strict();

export const discoveryChannels = {
  /** The queue for a period (or the dismissed names), most answers first. */
  'discovery.queue': invokeChannel(discoveryQuerySchema).returns<DiscoveryQueue>(),
  /** One candidate with examples and proposals, over a period (default the last 90 days); null when not named then. */
  'discovery.candidate': invokeChannel(
    z
      .object({
        key: nameKey,
        period: visibilityPeriodSchema.optional(),
        engines: z.array(engineNameSchema).max(20).optional(),
        locations: z.array(locationKeySchema).max(300).optional(),
      })
      .strict(),
  ).returns<DiscoveryCandidate | null>(),
  /** Creates a competitor (or brand) from a candidate; the history is re-analysed. */
  'discovery.accept': invokeChannel(
    z
      .object({
        key: nameKey,
        name: shortText.optional(),
        aliases: z.array(shortText).max(50).optional(),
        domains: z.array(domain).max(50).optional(),
        kind: z.enum(['competitor', 'brand']).default('competitor'),
      })
      .strict(),
  ).returns<BrandView>(),
  'discovery.dismiss': invokeChannel(z.object({ key: nameKey }).strict()).returns<{
    key: string;
    changed: boolean;
  }>(),
  'discovery.restore': invokeChannel(z.object({ key: nameKey }).strict()).returns<{
    key: string;
    changed: boolean;
  }>(),
  /** Adds the name and its variants as aliases of an existing brand; the history is re-analysed. */
  'discovery.merge': invokeChannel(
    z.object({ key: nameKey, brandId: z.string().min(1).max(64) }).strict(),
  ).returns<BrandView>(),
};
