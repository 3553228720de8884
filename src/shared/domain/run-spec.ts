import { z } from 'zod';
import { ENGINE_NAMES } from '../api/engines';

// What an analyst asks for: prompts × engines × countries (and US states) × repeats.
// Shared by the run engine, the CLI, the IPC contract and the compose view, so a run
// composed in the app and one typed on the command line are the same object.

export const engineNameSchema = z.enum(ENGINE_NAMES);

export const includeFlagsSchema = z
  .object({
    html: z.boolean(),
    markdown: z.boolean(),
    rawResponse: z.boolean(),
    searchQueries: z.boolean(),
    ads: z.boolean(),
    shopping: z.boolean(),
    aioverview: z.boolean(),
    paaAioverview: z.boolean(),
    expandProducts: z.boolean(),
  })
  .partial()
  .strict();

export type IncludeFlags = z.infer<typeof includeFlagsSchema>;

/** Per-engine options; each engine's request builder takes the ones its endpoint accepts. */
export const engineOptionsSchema = z
  .object({
    include: includeFlagsSchema,
    legacy: z.boolean(),
    disableWebSearch: z.boolean(),
    device: z.enum(['desktop', 'mobile', 'ios', 'android']),
    pages: z.number().int().min(1).max(10),
    location: z.string().min(1).max(200),
    uule: z.string().min(1).max(500),
    hl: z.string().min(2).max(16),
  })
  .partial()
  .strict();

export type EngineOptions = z.infer<typeof engineOptionsSchema>;

/**
 * "Track shopping and ads": one option for the whole run, set as each engine's include flags
 * only on the engines that take them (shared/domain/commerce-option.ts). Absent: off.
 */
export const commerceOptionSchema = z.strictObject({
  /** include.shopping and include.ads where the endpoint takes them. */
  shoppingAndAds: z.boolean(),
  /** include.expandProducts where the endpoint takes it (merchant offers per product cluster). */
  expandProducts: z.boolean().default(false),
});

export type CommerceOption = z.infer<typeof commerceOptionSchema>;

export const runModeSchema = z.enum(['sync', 'async']);
export type RunMode = z.infer<typeof runModeSchema>;

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Use an upper-case ISO 3166-1 alpha-2 code, e.g. US');
const stateCode = z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter US state code, e.g. CA');

export const runSpecSchema = z
  .object({
    name: z.string().max(200).optional(),
    prompts: z.array(z.string().trim().min(1, 'A prompt cannot be empty').max(10_000)).min(1).max(5_000),
    engines: z.array(engineNameSchema).min(1).max(8),
    /** Countries asked without a state. */
    countries: z.array(countryCode).max(250).default([]),
    /** US states, each asked as country US with that state. */
    states: z.array(stateCode).max(51).default([]),
    repeats: z.number().int().min(1).max(50).default(1),
    mode: runModeSchema.default('sync'),
    /** Async only: 1–10, higher first. */
    priority: z.number().int().min(1).max(10).default(1),
    engineOptions: z.partialRecord(engineNameSchema, engineOptionsSchema).default({}),
    /** Track shopping and ads (and expand products): added to engineOptions' include flags when run. */
    commerce: commerceOptionSchema.optional(),
    /** Refuse to start when the maximum cost exceeds this many credits. */
    budget: z.number().int().positive().nullable().default(null),
    /** Async only: passed through to every task's webhook.url. */
    webhookUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null),
    tags: z.array(z.string().min(1).max(50)).max(20).default([]),
  })
  .strict()
  .refine((spec) => spec.countries.length + spec.states.length > 0, {
    message: 'Choose at least one country or US state',
    path: ['countries'],
  });

export type RunSpecInput = z.input<typeof runSpecSchema>;
export type RunSpec = z.output<typeof runSpecSchema>;

/** One cell of the run grid: where a prompt is asked from. */
export interface RunLocation {
  country: string;
  state: string | null;
}

export function runLocations(spec: Pick<RunSpec, 'countries' | 'states'>): RunLocation[] {
  return [
    ...spec.countries.map((country) => ({ country, state: null })),
    ...spec.states.map((state) => ({ country: 'US', state })),
  ];
}

export const JOB_STATES = [
  'pending',
  'queued',
  'running',
  'succeeded',
  'failed',
  'interrupted',
  'canceled',
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const RUN_STATUSES = [
  'pending',
  'running',
  'paused',
  'canceling',
  'canceled',
  'completed',
  'failed',
  'interrupted',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
