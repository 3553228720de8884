import type { EngineName } from '../../../shared/api/engines';
import { maxCreditCost } from '../../../shared/api/cost';
import { validateMonitorRequest, type FieldError, type MonitorRequest } from '../../../shared/api/requests';
import {
  runLocations,
  type EngineOptions,
  type IncludeFlags,
  type RunLocation,
  type RunSpec,
} from '../../../shared/domain/run-spec';

// Turns a run spec into the requests it will send. The grid is prompts × engines ×
// locations × repeats, but the request shape, its validity and its cost depend only on
// (engine, location): those are computed once per cell template, so a 5,000-prompt run
// does not validate or price the same body millions of times.

export { ENGINE_INCLUDES } from '../../../shared/domain/engine-includes';

const STATE_ENGINES: ReadonlySet<EngineName> = new Set([
  'assistant-a',
  'assistant-b',
  'assistant-c',
  'assistant-d',
  'assistant-e',
]);

/** Whether an engine takes a US state (only the assistants do). */
export function engineTakesState(engine: EngineName): boolean {
  return STATE_ENGINES.has(engine);
}

function includeFor(
  engine: EngineName,
  flags: IncludeFlags | undefined,
): Record<string, unknown> | undefined {
  if (!flags) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flags) as Array<[keyof IncludeFlags, boolean | undefined]>) {
    if (value === undefined) continue;
    if (engine === 'search' && key === 'aioverview') {
      // The search endpoint takes the AI overview as an object; `markdown` asks for its Markdown.
      if (value) out.aioverview = flags.markdown ? { markdown: true } : {};
      continue;
    }
    if (engine === 'search' && key === 'markdown') continue;
    out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The body one engine gets for one prompt at one location. Options the engine's endpoint
 * does not take are passed on as they are, so validation names them instead of hiding them.
 */
export function buildEngineRequest(
  engine: EngineName,
  prompt: string,
  location: RunLocation,
  options: EngineOptions = {},
): Record<string, unknown> {
  const textKey = engine === 'search' || engine === 'search-news' ? 'query' : 'prompt';
  const body: Record<string, unknown> = { [textKey]: prompt, country: location.country };
  if (location.state !== null) body.state = location.state;
  const include = includeFor(engine, options.include);
  if (include) body.include = include;
  for (const key of ['legacy', 'disableWebSearch', 'device', 'pages', 'location', 'uule', 'hl'] as const) {
    if (options[key] !== undefined) body[key] = options[key];
  }
  return body;
}

/** One (engine, location) cell: the body shape, whether it is valid, and what it may cost. */
export interface CellTemplate {
  engine: EngineName;
  location: RunLocation;
  /** The body with a placeholder prompt; the job's prompt replaces it. */
  request: Record<string, unknown>;
  maxCredits: number;
  errors: FieldError[];
}

export interface PlannedJob {
  promptIndex: number;
  prompt: string;
  engine: EngineName;
  country: string;
  state: string | null;
  repeat: number;
  maxCredits: number;
}

const PLACEHOLDER_PROMPT = 'placeholder prompt';

/** Prices one valid request; the client's cost table when given, else the shared default. */
export type CostFn = (engine: EngineName, request: MonitorRequest) => number;

const defaultCost: CostFn = (engine, request) => maxCreditCost(engine, request);

export function cellTemplates(spec: RunSpec, cost: CostFn = defaultCost): CellTemplate[] {
  const out: CellTemplate[] = [];
  for (const engine of spec.engines) {
    const options = spec.engineOptions[engine] ?? {};
    for (const location of runLocations(spec)) {
      const request = buildEngineRequest(engine, PLACEHOLDER_PROMPT, location, options);
      const errors: FieldError[] = [];
      if (location.state !== null && !engineTakesState(engine)) {
        errors.push({
          field: `${engine}.state`,
          message: `${engine} cannot target a US state (${location.state}); choose countries for it, or a different engine`,
        });
      } else {
        const checked = validateMonitorRequest(engine, request);
        if (!checked.ok) {
          for (const d of checked.details) errors.push({ field: `${engine}.${d.field}`, message: d.message });
        }
      }
      const maxCredits = errors.length === 0 ? cost(engine, request as MonitorRequest) : 0;
      out.push({ engine, location, request, maxCredits, errors });
    }
  }
  return out;
}

/** Distinct field errors of a spec (one per field and message, not one per cell). */
export function specFieldErrors(templates: CellTemplate[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const t of templates) {
    for (const e of t.errors) {
      const key = `${e.field}\u0000${e.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(e);
    }
  }
  return out;
}

export function jobCount(spec: RunSpec): number {
  return spec.prompts.length * spec.engines.length * runLocations(spec).length * spec.repeats;
}

/** Maximum credits of the whole run: what the balance and the budget must cover. */
export function runMaxCredits(spec: RunSpec, templates: CellTemplate[] = cellTemplates(spec)): number {
  const perPromptAndRepeat = templates.reduce((sum, t) => sum + t.maxCredits, 0);
  return perPromptAndRepeat * spec.prompts.length * spec.repeats;
}

/**
 * Every job of the run, in the order they are sent: repeat-major so the first results of
 * every cell arrive early, then prompt, engine and location.
 */
export function planJobs(spec: RunSpec, templates: CellTemplate[] = cellTemplates(spec)): PlannedJob[] {
  const jobs: PlannedJob[] = [];
  for (let repeat = 1; repeat <= spec.repeats; repeat++) {
    for (let promptIndex = 0; promptIndex < spec.prompts.length; promptIndex++) {
      const prompt = spec.prompts[promptIndex] as string;
      for (const t of templates) {
        jobs.push({
          promptIndex,
          prompt,
          engine: t.engine,
          country: t.location.country,
          state: t.location.state,
          repeat,
          maxCredits: t.maxCredits,
        });
      }
    }
  }
  return jobs;
}

/** The request of one stored job (prompt and location from the job, options from the spec). */
export function requestForJob(
  spec: RunSpec,
  job: { engine: EngineName; prompt: string; country: string; state: string | null },
): Record<string, unknown> {
  return buildEngineRequest(
    job.engine,
    job.prompt,
    { country: job.country, state: job.state },
    spec.engineOptions[job.engine] ?? {},
  );
}
