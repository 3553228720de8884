import { z } from 'zod';
import { engineNameSchema } from '../../../shared/domain/run-spec';
import { userSettingsFields } from '../../../shared/domain/settings-fields';
import { modelJudgeConfigSchema } from '../../../shared/positioning/model-judge-config';
import { BUILTIN_PROFILE_IDS } from '../../../shared/profile/builtin-ids';
import { serviceProfileSchema } from '../../../shared/profile/schema';

// The settings the app and the CLI share, one JSON file (<userData>/config.json). Every field
// has a default, so a missing or damaged field never stops the app. The API key is never a
// setting: the schema is strict, and the store refuses anything key-shaped (see conf-settings-store).

export const SETTINGS_VERSION = 2;

const windowStateSchema = z
  .object({
    x: z.number().int().optional(),
    y: z.number().int().optional(),
    width: z.number().int().min(200).max(20_000),
    height: z.number().int().min(200).max(20_000),
    maximized: z.boolean(),
  })
  .strict();

const availabilitySchema = z.enum(['available', 'coming-soon', 'unknown']);

/** A workspace's folder name under <data folder>/workspaces ('default' is the data folder itself). */
export const WORKSPACE_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** A stored team URL never carries a password: that is in the keychain. */
const teamUrlSchema = z
  .string()
  .max(2000)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.password === '';
    } catch {
      return false;
    }
  }, 'a postgres:// URL without a password');

export const settingsFields = {
  ...userSettingsFields,
  /** Where history and exports live; null = the user-data folder. */
  dataFolder: z.string().min(1).nullable(),
  windowState: windowStateSchema.nullable(),
  /** Async task type per engine where the service uses another name than the catalog's. */
  taskTypeOverrides: z.partialRecord(engineNameSchema, z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/)),
  /** How the deployment names its engines (Settings → Service profile); null = the spec's neutral names. */
  serviceProfile: serviceProfileSchema.nullable(),
  /** A built-in profile chosen by name (spec, live, preview): wins over serviceProfile; null = none. */
  serviceProfileBuiltin: z.enum(BUILTIN_PROFILE_IDS).nullable(),
  /**
   * The built-in profile the service at baseUrl answered the engine names of, asked when Parallax
   * first connected to it: used while no profile is chosen (serviceProfileBuiltin and
   * serviceProfile null), never over one the user chose.
   */
  serviceProfileDetected: z
    .object({
      baseUrl: z.string().max(2000),
      builtin: z.enum(BUILTIN_PROFILE_IDS),
      detectedAt: z.iso.datetime(),
    })
    .strict()
    .nullable(),
  /** What the service last said about each engine (404 = coming soon). */
  engineAvailability: z
    .object({
      byEngine: z.partialRecord(engineNameSchema, availabilitySchema),
      updatedAt: z.iso.datetime().nullable(),
    })
    .strict(),
  /** The team server (Settings → Team, `parallax team connect`); null = no team. */
  team: z.object({ url: teamUrlSchema, teamId: z.uuid(), connectedAt: z.iso.datetime() }).strict().nullable(),
  /** The workspace the app and the CLI open ('default': the history in the data folder). */
  workspace: z.string().regex(WORKSPACE_SLUG),
  /** Workspaces made on this machine, with their display names (their folders are the truth). */
  workspaces: z
    .array(z.object({ slug: z.string().regex(WORKSPACE_SLUG), name: z.string().min(1).max(200) }).strict())
    .max(1000),
  /** The model judge (`parallax judge set`, Settings → Positioning judge); its key is in the keychain. */
  positioningModelJudge: modelJudgeConfigSchema.nullable(),
  /** GET /v1/countries per `model` value, cached. */
  countriesCache: z
    .object({
      byModel: z.record(z.string(), z.array(z.string().regex(/^[A-Z]{2}$/))),
      fetchedAt: z.iso.datetime(),
    })
    .strict()
    .nullable(),
};

export const settingsSchema = z.object(settingsFields).strict();
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsKey = keyof Settings;
export type WindowStateSetting = z.infer<typeof windowStateSchema>;

/** Changes from the app or the CLI: any subset of the fields, nothing else. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

const defaults: Settings = {
  baseUrl: null,
  plan: 'Free',
  defaultEngines: ['assistant-a'],
  defaultCountries: ['US'],
  defaultEngineOptions: {},
  // Off until the analyst picks "Try the sandbox" or connects a key on the first-run screen.
  sandboxMode: false,
  dataFolder: null,
  theme: 'system',
  windowState: null,
  // The spec's official clients retry twice by default.
  maxRetries: 2,
  budgetCap: null,
  taskTypeOverrides: {},
  serviceProfile: null,
  serviceProfileBuiltin: null,
  serviceProfileDetected: null,
  engineAvailability: { byEngine: {}, updatedAt: null },
  countriesCache: null,
  team: null,
  workspace: 'default',
  workspaces: [],
  monitorsPaused: false,
  // An assistant never starts runs unless the analyst turns it on in Settings.
  mcpRunsEnabled: false,
  mcpBudgetCap: null,
  syncWindowDays: null,
  positioningJudge: 'builtin',
  positioningModelJudge: null,
};
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze(defaults);

export function defaultSettings(): Settings {
  return structuredClone(defaults);
}

export interface ParsedSettings {
  settings: Settings;
  /** One line per field that was invalid in the file and fell back to its default. */
  problems: string[];
  /** Keys in the file that are not settings (dropped). */
  unknownKeys: string[];
}

/**
 * Reads settings leniently, field by field: a hand-edited file with one bad value keeps
 * every other value, and the bad one falls back to its default.
 */
export function parseSettingsLeniently(raw: Record<string, unknown>): ParsedSettings {
  const settings = defaultSettings();
  const problems: string[] = [];
  const target = settings as Record<SettingsKey, unknown>;
  for (const key of Object.keys(settingsFields) as SettingsKey[]) {
    if (raw[key] === undefined) continue;
    const result = settingsFields[key].safeParse(raw[key]);
    if (result.success) target[key] = result.data;
    else problems.push(`${key}: ${result.error.issues[0]?.message ?? 'invalid'}; using the default`);
  }
  const unknownKeys = Object.keys(raw).filter((key) => !(key in settingsFields) && key !== VERSION_KEY);
  return { settings, problems, unknownKeys };
}

/** Name of the schema version field in the settings file. */
export const VERSION_KEY = 'settingsVersion';
