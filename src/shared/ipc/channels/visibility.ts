import { z } from 'zod';
import { engineNameSchema } from '../../domain/run-spec';
import type {
  CitationGapsView,
  DrillResults,
  FanOutView,
  SeriesKeyView,
  SiteKindsView,
  SourcesView,
  UrlsView,
  VisibilityBuckets,
  VisibilityOverview,
} from '../../visibility/types';
import type { PromptsView } from '../../visibility/prompt-types';
import { SITE_KINDS } from '../../visibility/site-kind-names';
import { invokeChannel } from '../define';

// Visibility over time: KPIs, trends, heatmap, leaderboard, sources, citation gaps and
// fan-out queries over stored history, computed in main from roll-ups kept at ingest.

const id = z.string().min(1).max(64);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a calendar date');

export const visibilityScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('monitor'), id }).strict(),
  z.object({ kind: z.literal('promptSet'), id }).strict(),
  z.object({ kind: z.literal('tag'), name: z.string().trim().min(1).max(50) }).strict(),
  z.object({ kind: z.literal('run'), id }).strict(),
]);

export const visibilityPeriodSchema = z.union([
  z.object({ days: z.number().int().min(1).max(3660) }).strict(),
  z
    .object({ from: isoDate, to: isoDate })
    .strict()
    .refine((p) => p.from <= p.to, { message: 'The period ends before it starts', path: ['to'] }),
]);

/** A location: a country ('DE') or a US state ('US-CA'). */
export const locationKeySchema = z
  .string()
  .regex(/^[A-Z]{2}(-[A-Z]{2})?$/, "Use a country code ('DE') or a US state ('US-CA')");

export const visibilityQuerySchema = z
  .object({
    scope: visibilityScopeSchema.default({ kind: 'all' }),
    period: visibilityPeriodSchema.default({ days: 30 }),
    engines: z.array(engineNameSchema).max(20).optional(),
    locations: z.array(locationKeySchema).max(300).optional(),
    brandId: id.optional(),
    /** Leave out the prompts that name a tracked brand (branded prompts). */
    unbranded: z.boolean().optional(),
  })
  .strict();

export const visibilityDimensionSchema = z.enum(['day', 'run', 'location', 'engine']);

export const visibilityDrillSchema = z
  .object({
    brandId: id.optional(),
    mentioned: z.boolean().optional(),
    inText: z.boolean().optional(),
    cited: z.boolean().optional(),
    day: isoDate.optional(),
    runId: id.optional(),
    location: locationKeySchema.optional(),
    engine: engineNameSchema.optional(),
    domain: z.string().min(1).max(253).optional(),
    url: z.string().min(1).max(4000).optional(),
    gapFor: id.optional(),
    query: z.string().min(1).max(1000).optional(),
    /** Answers to this prompt (its text as asked). */
    prompt: z.string().min(1).max(10_000).optional(),
    /** Answers to the prompts carrying this topic in the library ('' : prompts without a topic). */
    topic: z.string().max(50).optional(),
  })
  .strict();

export const promptGroupingSchema = z.enum(['prompt', 'topic']);
/** A cited domain as the Sources view lists it: a host name, no scheme or path. */
const siteDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter a domain such as example.com')
  .max(253)
  .regex(/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u, 'Enter a domain such as example.com (no https:// or path)');

const withQuery = <T extends z.ZodRawShape>(shape: T) => visibilityQuerySchema.extend(shape).strict();

export const visibilityChannels = {
  'visibility.overview': invokeChannel(visibilityQuerySchema).returns<VisibilityOverview>(),
  'visibility.buckets': invokeChannel(
    withQuery({ by: z.array(visibilityDimensionSchema).min(1).max(2) }),
  ).returns<VisibilityBuckets>(),
  'visibility.sources': invokeChannel(
    withQuery({ limit: z.number().int().min(1).max(500).default(50) }),
  ).returns<SourcesView>(),
  'visibility.gaps': invokeChannel(
    withQuery({ limit: z.number().int().min(1).max(500).default(50) }),
  ).returns<CitationGapsView>(),
  /** URLs of one domain, or (without domain) the focus brand's own cited URLs. */
  'visibility.urls': invokeChannel(
    withQuery({
      domain: z.string().min(1).max(253).optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
  ).returns<UrlsView>(),
  'visibility.queries': invokeChannel(
    withQuery({ limit: z.number().int().min(1).max(500).default(50) }),
  ).returns<FanOutView>(),
  /** Per prompt or topic: the focus brand's mention rate, position, recommendation rate, share of voice. */
  'visibility.prompts': invokeChannel(
    withQuery({ by: promptGroupingSchema.default('prompt'), topic: z.string().trim().max(50).optional() }),
  ).returns<PromptsView>(),
  /** The answers behind a number, for Compare. */
  'visibility.results': invokeChannel(
    withQuery({ drill: visibilityDrillSchema, limit: z.number().int().min(1).max(500).default(50) }),
  ).returns<DrillResults>(),
  /** The kinds of cited sites: list date, overrides, and the given domains classed. */
  'visibility.siteKinds': invokeChannel(
    z.object({ domains: z.array(siteDomainSchema).max(500).default([]) }).strict(),
  ).returns<SiteKindsView>(),
  /** Sets (kind) or clears (null) the user's kind for a domain; it wins over every other source. */
  'visibility.setSiteKind': invokeChannel(
    z.object({ domain: siteDomainSchema, kind: z.enum(SITE_KINDS).nullable() }).strict(),
  ).returns<SiteKindsView>(),
  /** Prompt × engine × location combinations in the history, for Over time's picker. */
  'history.seriesKeys': invokeChannel(
    z
      .object({
        text: z.string().max(500).optional(),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict(),
  ).returns<SeriesKeyView[]>(),
};
