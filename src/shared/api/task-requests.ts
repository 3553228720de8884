import { z } from 'zod';
import { ENGINES, ENGINE_NAMES, type EngineName } from './engines';
import { validateMonitorRequestAt } from './monitor-requests';
import { isPlainObject, zodDetails, type FieldError, type ValidationOutcome } from './request-errors';
import type { MonitorRequestOf } from './request-schemas';
import { parseAbsoluteHttpUrl, type RequestRulesOptions } from './search-url';

// The async task endpoints' bodies: one task (POST /v1/async/task), its payload checked by its
// engine's rules, and a batch of them (POST /v1/async/task/batch).

export const MAX_BATCH_SIZE = 500;

export interface TaskBody<E extends EngineName = EngineName> {
  taskType: string;
  payload: MonitorRequestOf<E>;
  priority?: number;
  idempotencyKey?: string;
  webhook?: { url: string };
}

export interface ValidatedTask {
  engine: EngineName;
  body: TaskBody;
}

export interface TaskRulesOptions extends RequestRulesOptions {
  /** taskType value per engine; defaults to ENGINES[*].taskType (ASSISTANT_A …). */
  taskTypes?: Partial<Record<EngineName, string>>;
  /** An engine that is not available fails validation as a task (the spec's rule). */
  isAvailable?: (engine: EngineName) => boolean;
}

const httpUrlField = z
  .string()
  .refine((s) => parseAbsoluteHttpUrl(s) !== null, 'must be an absolute http(s) URL');

const taskEnvelopeSchema = z.strictObject({
  taskType: z.string(),
  payload: z.unknown(),
  priority: z
    .int()
    .min(1, 'priority must be between 1 and 10')
    .max(10, 'priority must be between 1 and 10')
    .optional(),
  idempotencyKey: z
    .string()
    .min(1, 'idempotencyKey cannot be empty')
    .max(256, 'idempotencyKey must be at most 256 characters')
    .optional(),
  webhook: z.strictObject({ url: httpUrlField }).optional(),
});

export function taskTypeTable(
  overrides: Partial<Record<EngineName, string>> = {},
): Record<EngineName, string> {
  const table = {} as Record<EngineName, string>;
  for (const name of ENGINE_NAMES) table[name] = overrides[name] ?? ENGINES[name].taskType;
  return table;
}

export function engineForTaskType(
  taskType: string,
  overrides: Partial<Record<EngineName, string>> = {},
): EngineName | undefined {
  const table = taskTypeTable(overrides);
  return ENGINE_NAMES.find((name) => table[name] === taskType);
}

/** Body of POST /v1/async/task; the payload is checked by its engine's schema, paths prefixed `payload.`. */
export function validateTaskBody(
  body: unknown,
  opts: TaskRulesOptions = {},
): ValidationOutcome<ValidatedTask> {
  const parsed = taskEnvelopeSchema.safeParse(body, { reportInput: true });
  const details = parsed.success ? [] : zodDetails(parsed.error).map(fixWebhookMessage);
  if (!isPlainObject(body)) return { ok: false, details };

  let engine: EngineName | undefined;
  if (typeof body.taskType === 'string') {
    engine = engineForTaskType(body.taskType, opts.taskTypes);
    const table = taskTypeTable(opts.taskTypes);
    if (!engine) {
      details.push({
        field: 'taskType',
        message: `taskType must be one of ${ENGINE_NAMES.map((n) => table[n]).join(', ')}`,
      });
    } else if (opts.isAvailable && !opts.isAvailable(engine)) {
      details.push({ field: 'taskType', message: `taskType ${body.taskType} is not available yet` });
      engine = undefined;
    }
  }
  if (body.payload === undefined) {
    details.push({ field: 'payload', message: 'payload is required' });
  } else if (engine) {
    const payload = validateMonitorRequestAt(engine, body.payload, opts, 'payload');
    if (!payload.ok) details.push(...payload.details);
  }
  if (details.length > 0 || !engine || !parsed.success) return { ok: false, details };
  return { ok: true, value: { engine, body: parsed.data as TaskBody } };
}

function fixWebhookMessage(d: FieldError): FieldError {
  return d.field === 'webhook.url' && d.message.startsWith('must')
    ? { ...d, message: `webhook.url ${d.message}` }
    : d;
}

/**
 * Body of POST /v1/async/task/batch: a JSON array of 1 to 500 task bodies. The array as a
 * whole fails (422) when it is not one; each task is then judged on its own, as the service
 * answers per task inside a 200.
 */
export function validateBatchBody(
  body: unknown,
  opts: TaskRulesOptions = {},
): ValidationOutcome<Array<ValidationOutcome<ValidatedTask>>> {
  if (!Array.isArray(body))
    return { ok: false, details: [{ field: '', message: 'The batch body must be a JSON array of tasks' }] };
  if (body.length === 0)
    return { ok: false, details: [{ field: '', message: 'The batch must hold at least one task' }] };
  if (body.length > MAX_BATCH_SIZE) {
    return {
      ok: false,
      details: [{ field: '', message: `The batch must hold at most ${MAX_BATCH_SIZE} tasks` }],
    };
  }
  return { ok: true, value: body.map((task) => validateTaskBody(task, opts)) };
}
