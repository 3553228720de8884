import { z } from 'zod';
import { ENGINE_NAMES, type EngineName } from '../api/engines';

// A service profile: how one deployment of the answer monitoring service names its engines.
// The spec uses neutral path segments (assistant-a … search-ai) and Parallax keys every stored
// answer by those neutral names; a deployment may serve the same engines under other path
// segments, async `taskType` tokens, `countries` model values and base costs. The profile
// holds them per engine, so the client, the run engine, the sandbox and the UI read one table.

/** One or more URL path segments under /v1/monitor/ (search/news has two). */
const SEGMENT = /^[a-z0-9][a-z0-9._~-]*(?:\/[a-z0-9][a-z0-9._~-]*)*$/i;

export const pathSegmentSchema = z
  .string({ error: 'must be a text such as assistant-a or search/news' })
  .trim()
  .min(1, 'cannot be empty')
  .max(120, 'must be at most 120 characters')
  .regex(
    SEGMENT,
    'must be path segments under /v1/monitor/ (letters, digits, - _ . ~, separated by /), with no leading slash',
  );

export const taskTypeSchema = z
  .string({ error: 'must be a text such as ASSISTANT_A' })
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be upper-case letters, digits and _ (for example ASSISTANT_A)');

export const countriesModelSchema = z
  .string({ error: 'must be a text, or null when the engine has no countries filter' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be letters, digits, - _ . (for example assistant-a)')
  .nullable();

export const engineProfileSchema = z.strictObject(
  {
    /** Path segment(s) after /v1/monitor/ (for example assistant-a, search/news). */
    path: pathSegmentSchema,
    /** The `taskType` token of POST /v1/async/task for this engine. */
    taskType: taskTypeSchema,
    /** The `model` value of GET /v1/countries for this engine; null when it has none. */
    countriesModel: countriesModelSchema,
    /** The name shown in the app, reports and the CLI. */
    label: z
      .string({ error: 'must be a text' })
      .trim()
      .min(1, 'cannot be empty')
      .max(60, 'must be at most 60 characters'),
    /** Credits of one call before add-ons. */
    baseCost: z
      .number({ error: 'must be a number of credits' })
      .int('must be a whole number of credits')
      .min(0, 'cannot be negative')
      .max(10_000, 'must be at most 10000'),
    /** Whether the deployment serves the engine now (the app still learns it from 404s). */
    availability: z.enum(['available', 'coming-soon'], { error: "must be 'available' or 'coming-soon'" }),
  },
  { error: 'must be an object with path, taskType, countriesModel, label, baseCost and availability' },
);
export type EngineProfile = z.infer<typeof engineProfileSchema>;

const engineShape = Object.fromEntries(ENGINE_NAMES.map((name) => [name, engineProfileSchema])) as Record<
  EngineName,
  typeof engineProfileSchema
>;

/** Every engine spelled out: what the app stores and exports. */
export const serviceProfileSchema = z
  .strictObject(
    {
      /** Shown in Settings and printed by the CLI. */
      name: z
        .string({ error: 'must be a text' })
        .trim()
        .min(1, 'cannot be empty')
        .max(80, 'must be at most 80 characters'),
      /** Path segment(s) of the redirect resolver under /v1/monitor/ (search/goto in the spec). */
      redirectPath: pathSegmentSchema,
      engines: z.strictObject(engineShape, {
        error: `must be an object with one entry per engine (${ENGINE_NAMES.join(', ')})`,
      }),
    },
    { error: 'A service profile must be a JSON object with name, redirectPath and engines' },
  )
  .superRefine((profile, ctx) => {
    const paths = new Map<string, string>([[profile.redirectPath.toLowerCase(), 'redirectPath']]);
    const tokens = new Map<string, EngineName>();
    for (const name of ENGINE_NAMES) {
      const engine = profile.engines[name];
      const path = engine.path.toLowerCase();
      const clash = paths.get(path);
      if (clash) {
        ctx.addIssue({
          code: 'custom',
          path: ['engines', name, 'path'],
          message: `is already used by ${clash}: each engine needs its own path`,
        });
      } else paths.set(path, `engines.${name}`);
      const taken = tokens.get(engine.taskType);
      if (taken) {
        ctx.addIssue({
          code: 'custom',
          path: ['engines', name, 'taskType'],
          message: `is already the taskType of ${taken}: each engine needs its own`,
        });
      } else tokens.set(engine.taskType, name);
    }
  });
export type ServiceProfile = z.infer<typeof serviceProfileSchema>;

/**
 * What a profile file may hold: engines left out keep the neutral profile's values, and the
 * redirect path defaults to the neutral one. Completed by parseServiceProfile.
 */
export const serviceProfileFileSchema = z.strictObject(
  {
    name: z.unknown().optional(),
    redirectPath: z.unknown().optional(),
    engines: z.partialRecord(z.enum(ENGINE_NAMES), z.unknown(), {
      error: `must be an object whose keys are engine names (${ENGINE_NAMES.join(', ')})`,
    }),
    /** Written by export; ignored on import. */
    version: z.literal(1, { error: 'must be 1' }).optional(),
  },
  { error: 'A service profile must be a JSON object with name, redirectPath and engines' },
);
