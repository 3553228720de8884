import { z } from 'zod';
import type { AdList, CommerceAnswers, CommerceSummary, ProductList } from '../../commerce/types';
import { engineNameSchema } from '../../domain/run-spec';
import { invokeChannel } from '../define';
import { locationKeySchema, visibilityQuerySchema } from './visibility';

// Commerce: shopping shelves, prices, merchants and ads of the answers asked with shopping and
// ads on, computed in main from the commerce roll-ups kept at ingest (core.services.commerce()).

const id = z.string().min(1).max(64);
const name = z.string().trim().min(1).max(500);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

export const commerceBySchema = z.enum(['engine', 'country', 'day', 'merchant']);

export const commerceSummarySchema = visibilityQuerySchema
  .extend({ by: commerceBySchema.optional() })
  .strict();

export const commerceProductsSchema = visibilityQuerySchema
  .extend({ limit: z.number().int().min(1).max(200).default(20) })
  .strict();

export const commerceDrillWhatSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shopping') }).strict(),
  z.object({ kind: z.literal('ads') }).strict(),
  z.object({ kind: z.literal('shelf'), brandId: id }).strict(),
  z.object({ kind: z.literal('brand-ads'), brandId: id }).strict(),
  z.object({ kind: z.literal('advertiser'), advertiser: name }).strict(),
  z.object({ kind: z.literal('conquest'), brandId: id, advertiserId: id }).strict(),
  z.object({ kind: z.literal('merchant'), merchant: name }).strict(),
  z.object({ kind: z.literal('product'), title: z.string().trim().min(1).max(2000) }).strict(),
]);

export const commerceAnswersSchema = visibilityQuerySchema
  .extend({
    drill: z
      .object({
        what: commerceDrillWhatSchema,
        engine: engineNameSchema.optional(),
        location: locationKeySchema.optional(),
        day: isoDate.optional(),
      })
      .strict(),
    limit: z.number().int().min(1).max(500).default(200),
  })
  .strict();

export const commerceChannels = {
  /** Shopping rate, shelf and ads per brand, paid vs organic, optionally by engine, country, day or merchant. */
  'commerce.summary': invokeChannel(commerceSummarySchema).returns<CommerceSummary>(),
  /** The products shown most, with their prices per country, currency and merchant, and price changes. */
  'commerce.products': invokeChannel(commerceProductsSchema).returns<ProductList>(),
  /** Advertisers, those that are no tracked brand, and competitors' ads on prompts naming a brand. */
  'commerce.ads': invokeChannel(visibilityQuerySchema).returns<AdList>(),
  /** The answers behind a commerce number, newest first, for Compare. */
  'commerce.answers': invokeChannel(commerceAnswersSchema).returns<CommerceAnswers>(),
};
