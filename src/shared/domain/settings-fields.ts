import { z } from 'zod';
import { ENGINE_NAMES, PLAN_NAMES, type PlanName } from '../api/engines';
import { engineNameSchema, engineOptionsSchema } from './run-spec';

// The settings an analyst edits, one schema per field. The settings file (src/core/platform/settings)
// adds its internal fields to these; the IPC contract's settings.update takes a subset of them,
// so the app, the CLI and the renderer validate a setting the same way.
export const userSettingsFields = {
  /** Service base URL; null = not configured yet. */
  baseUrl: z.url({ protocol: /^https?$/ }).nullable(),
  plan: z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]),
  defaultEngines: z.array(engineNameSchema).min(1).max(ENGINE_NAMES.length),
  defaultCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
  /** Per-engine defaults for a new run, including its include flags. */
  defaultEngineOptions: z.partialRecord(engineNameSchema, engineOptionsSchema),
  /** Runs go to the built-in sandbox service instead of the paid one. */
  sandboxMode: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  maxRetries: z.number().int().min(0).max(10),
  /** Refuse runs whose maximum cost exceeds this many credits; null = no cap. */
  budgetCap: z.number().int().positive().nullable(),
  monitorsPaused: z.boolean(),
  /** `parallax mcp` offers its run tools (estimate, then start) to the analyst's AI assistant. */
  mcpRunsEnabled: z.boolean(),
  /** Credits a run an assistant starts may cost at most; null = the budget cap above (sandbox runs: no cap). */
  mcpBudgetCap: z.number().int().positive().nullable(),
  /** With a team: pull only runs of the last N days (the history stays small); null = everything. */
  syncWindowDays: z.number().int().min(1).max(3650).nullable(),
  /**
   * The judge whose positioning the views, the CLI and exports read: 'builtin' (offline, at
   * ingest) or a model judge's id once it has scored the archive.
   */
  positioningJudge: z.string().trim().min(1).max(200),
};
