import { z } from 'zod';

// Tolerant views of the service's answers. The spec names few response fields and promises
// additive changes, so every object keeps unknown keys (looseObject), every named field the
// spec or the service facts do not guarantee is optional, and a named field of an unexpected
// type is dropped from the parsed view (`soft`) instead of failing the whole answer: the raw
// JSON is always kept beside the view, so nothing is lost. Only what the client cannot work
// without (a monitor `result` object, a task id, the goto `url`…) is required.

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Optional field whose wrong type yields undefined instead of a parse failure. */
const soft = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const stringList = z
  .array(z.unknown())
  .transform((items) => items.filter((i): i is string => typeof i === 'string'));
/**
 * Search queries as plain strings or as `{query, engine, limit}` objects (the official SDK's
 * shape of `search_model_queries`): both read as the query text.
 */
const queryList = z
  .array(z.unknown())
  .transform((items) =>
    items
      .map((i) =>
        typeof i === 'string' ? i : isPlainObject(i) && typeof i.query === 'string' ? i.query : '',
      )
      .filter((q) => q.length > 0),
  );
/**
 * Sources, citations and references as bare URL strings or as objects carrying `url` or
 * `uri`: a string becomes `{ url }`, an object is kept whole.
 */
const linkList = z.array(z.unknown()).transform((items) =>
  items.flatMap((i): Array<Record<string, unknown>> => {
    if (typeof i === 'string') return i.length > 0 ? [{ url: i }] : [];
    return isPlainObject(i) ? [i] : [];
  }),
);
const objectList = z
  .array(z.unknown())
  .transform((items) =>
    items.filter(
      (i): i is Record<string, unknown> => typeof i === 'object' && i !== null && !Array.isArray(i),
    ),
  );

// ---------------------------------------------------------------------------------------
// Monitor results

/**
 * The members every engine may use, typed where named; everything else stays in the object
 * untouched for normalizeResult and for the raw view.
 */
export const monitorResultSchema = z.looseObject({
  text: soft(z.string()),
  /** The answer text under another name (some deployments and SDK versions). */
  content: soft(z.string()),
  markdown: soft(z.string().nullable()),
  /** One URL (AI engines) or one URL per page (search, news). */
  html: soft(z.union([z.string(), stringList])),
  model: soft(z.string().nullable()),
  searchQueries: soft(queryList),
  mapSearchQueries: soft(stringList),
  search_model_queries: soft(queryList),
  sources: soft(linkList),
  citations: soft(linkList),
  references: soft(linkList),
  citationPills: soft(objectList),
  entities: soft(objectList),
  productResults: soft(objectList),
  rawResponse: soft(z.array(z.unknown())),
});
export type MonitorResult = z.infer<typeof monitorResultSchema>;

/** `{ success: true, result: {...} }`; `result` must be an object. */
export const monitorEnvelopeSchema = z.looseObject({
  success: soft(z.boolean()),
  result: monitorResultSchema,
});

/**
 * What the client needs of a response parser: a zod schema fits, and so does the light
 * monitor envelope below.
 */
export interface ResponseParser<T> {
  safeParse(
    raw: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

/**
 * The monitor envelope checked for what the client cannot work without, and nothing more:
 * the body and its `result` are objects. A monitor result is large (sources, entities,
 * products…) and synchronous runs receive hundreds per second; monitorResultSchema never
 * rejects an object (every field is `soft`), so running it on every answer only costs time.
 * The result object is handed on untouched (normalizeResult reads it defensively) and the
 * typed view is built from it when asked for (see the client's monitor()).
 */
export const monitorEnvelopeShape: ResponseParser<{ result: Record<string, unknown> }> = {
  safeParse(raw) {
    if (!isPlainObject(raw))
      return { success: false, error: { issues: [{ path: [], message: 'expected an object' }] } };
    const result = raw.result;
    if (!isPlainObject(result))
      return {
        success: false,
        error: {
          issues: [
            {
              path: ['result'],
              message: `expected an object, received ${result === null ? 'null' : Array.isArray(result) ? 'array' : typeof result}`,
            },
          ],
        },
      };
    return { success: true, data: { result } };
  },
};

/** assistant-a's two shapes: both parse with monitorResultSchema; this tells them apart. */
export function assistantAShape(result: Record<string, unknown>): 'legacy' | 'mobile-web' {
  // Only the older streamed-events interface fills `model` and `mapSearchQueries`; the
  // service facts (§9) state there is no explicit marker, so these are the evidence.
  const model = result.model;
  const maps = result.mapSearchQueries;
  if (typeof model === 'string' && model.length > 0) return 'legacy';
  if (Array.isArray(maps) && maps.length > 0) return 'legacy';
  return 'mobile-web';
}

// ---------------------------------------------------------------------------------------
// Redirect resolver

export const gotoResultSchema = z.looseObject({ url: z.string().min(1) });
export type GotoResult = z.infer<typeof gotoResultSchema>;

// ---------------------------------------------------------------------------------------
// Async tasks

export const TASK_STATES = ['QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const taskSummarySchema = z.looseObject({
  id: z.string().min(1),
  taskType: soft(z.string()),
  /** One of TASK_STATES; an unknown future state is kept as its string. */
  status: z.string(),
  priority: soft(z.number()),
  createdAt: soft(z.string()),
  latencyMs: soft(z.number().nullable()),
  idempotencyKey: soft(z.string().nullable()),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const taskCreditsSchema = z.looseObject({
  creditsToCharge: soft(z.number()),
  creditsCharged: soft(z.number().nullable()),
});
export type TaskCredits = z.infer<typeof taskCreditsSchema>;

export const taskCreatedSchema = z.looseObject({
  success: soft(z.boolean()),
  task: taskSummarySchema,
  credits: soft(taskCreditsSchema),
});
export type TaskCreated = z.infer<typeof taskCreatedSchema>;

const itemErrorSchema = z.looseObject({
  code: soft(z.string()),
  message: soft(z.string()),
  details: z.unknown().optional(),
  timestamp: soft(z.string()),
});

export const batchItemSchema = z.looseObject({
  success: z.boolean(),
  index: soft(z.number()),
  task: soft(taskSummarySchema),
  credits: soft(taskCreditsSchema),
  error: soft(itemErrorSchema),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchResultSchema = z.looseObject({
  success: soft(z.boolean()),
  summary: soft(
    z.looseObject({ total: soft(z.number()), succeeded: soft(z.number()), failed: soft(z.number()) }),
  ),
  results: z.array(batchItemSchema),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

export const taskRecordSchema = z.looseObject({
  task: taskSummarySchema,
  credits: soft(taskCreditsSchema),
  webhook: soft(
    z.looseObject({
      url: soft(z.string()),
      deliveredAt: soft(z.string().nullable()),
      delivered: soft(z.boolean()),
    }),
  ),
  /** The engine's result when COMPLETED, `{ error }` when FAILED (wrapping not fixed: see taskResultOf). */
  response: z.unknown().optional(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;

/**
 * The result object inside a monitor answer: the `{ success, result }` envelope the public
 * OpenAPI documents (and the official SDK receives), or the bare result. An object is read as
 * an envelope when its `result` is an object and it carries nothing but `success`, `result`
 * and the envelope's bookkeeping; a bare result that happens to have a `result` member among
 * its own fields is left whole.
 */
export function unwrapResult(value: unknown): Record<string, unknown> | null {
  if (!isPlainObject(value)) return null;
  const inner = value.result;
  if (!isPlainObject(inner)) return value;
  const envelopeKeys = new Set(['success', 'result', 'error', 'meta', 'requestId']);
  const isEnvelope = value.success !== undefined || Object.keys(value).every((k) => envelopeKeys.has(k));
  return isEnvelope ? inner : value;
}

/**
 * The engine result held by a COMPLETED task. The service facts leave open whether
 * `response` is the bare result or the `{ success, result }` envelope (§11.4); the public
 * OpenAPI and the official SDK use the envelope. Both are read.
 */
export function taskResultOf(record: TaskRecord): Record<string, unknown> | null {
  const response = record.response;
  if (!isPlainObject(response)) return null;
  if (response.success === false) return null;
  const result = unwrapResult(response);
  if (result === response && 'error' in response && !('text' in response) && !('content' in response))
    return null;
  return result;
}

/** The `{ error: { code, message, details } }` a FAILED task carries. */
export function taskFailureOf(
  record: TaskRecord,
): { code: string | null; message: string | null; details: unknown } | null {
  const response = record.response;
  if (typeof response !== 'object' || response === null) return null;
  const error = (response as Record<string, unknown>).error;
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Record<string, unknown>;
  return {
    code: typeof e.code === 'string' ? e.code : null,
    message: typeof e.message === 'string' ? e.message : null,
    details: e.details,
  };
}

export const queueMetricsSchema = z.looseObject({
  queuedTasks: z.number(),
  processingTasks: z.number(),
  priorityBreakdown: soft(z.array(z.looseObject({ priority: z.number(), count: z.number() }))),
  concurrency: soft(z.looseObject({ used: soft(z.number()), max: soft(z.number()) }).nullable()),
});
export type QueueMetrics = z.infer<typeof queueMetricsSchema>;

export const clearQueueSchema = z.looseObject({ success: soft(z.boolean()), cleared: z.number() });
export type ClearQueueResult = z.infer<typeof clearQueueSchema>;

// ---------------------------------------------------------------------------------------
// Lookups

/** A bare array of codes (REST), or `{ countries: [...] }` as one wrapper answers. */
export const countriesSchema = z
  .union([
    z.array(z.string()),
    z.looseObject({ countries: z.array(z.string()) }).transform((o) => o.countries),
  ])
  .transform((codes) => codes.map((c) => c.toUpperCase()));

const stateItem = z.looseObject({ code: z.string(), name: z.string() });
export const statesSchema = z.union([
  z.array(stateItem),
  z.looseObject({ states: z.array(stateItem) }).transform((o) => o.states),
]);
export type StateItem = z.infer<typeof stateItem>;

export const creditBalanceSchema = z.looseObject({
  remaining: z.number(),
  perCycle: soft(z.number().nullable()),
  cycleResetsAt: soft(z.string().nullable()),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

// ---------------------------------------------------------------------------------------
// Error bodies (both envelopes)

export interface ParsedErrorBody {
  code?: string;
  message?: string;
  details?: unknown;
  fieldErrors?: Array<{ field: string; message: string }>;
  timestamp?: string;
}

function fieldErrorsOf(value: unknown): Array<{ field: string; message: string }> | undefined {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && Array.isArray((value as Record<string, unknown>).errors)
      ? ((value as Record<string, unknown>).errors as unknown[])
      : undefined;
  if (!list) return undefined;
  const out = list
    .filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null)
    .map((d) => ({ field: String(d.field ?? ''), message: String(d.message ?? '') }));
  return out.length > 0 ? out : undefined;
}

/**
 * Reads the standard envelope `{ error: { code, message, details?, timestamp } }` and the
 * validation shape `{ success: false, error: "text", details: [{ field, message }] }`.
 */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const out: ParsedErrorBody = {};
  if (typeof b.error === 'object' && b.error !== null) {
    const e = b.error as Record<string, unknown>;
    if (typeof e.code === 'string') out.code = e.code;
    if (typeof e.message === 'string') out.message = e.message;
    if (e.details !== undefined) out.details = e.details;
    if (typeof e.timestamp === 'string') out.timestamp = e.timestamp;
    const fields = fieldErrorsOf(e.details);
    if (fields) out.fieldErrors = fields;
  } else if (typeof b.error === 'string') {
    out.code = typeof b.code === 'string' ? b.code : 'VALIDATION_ERROR';
    out.message = b.error;
    if (b.details !== undefined) out.details = b.details;
    if (typeof b.timestamp === 'string') out.timestamp = b.timestamp;
    const fields = fieldErrorsOf(b.details);
    if (fields) out.fieldErrors = fields;
  } else if (typeof b.message === 'string') {
    out.message = b.message;
    if (typeof b.code === 'string') out.code = b.code;
  }
  return out;
}
