import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ENGINE_NAMES, type EngineName } from '../../shared/api/engines';
import { maxCreditCost, type CostTable } from '../../shared/api/cost';
import {
  MAX_BATCH_SIZE,
  isApiKeyFormat,
  isValidRequestId,
  taskTypeTable,
  validateGotoRequest,
  validateMonitorRequest,
  validateStatesQuery,
  validateTaskBody,
  type FieldError,
  type MonitorRequestOf,
  type TaskBody,
} from '../../shared/api/requests';
import {
  batchResultSchema,
  clearQueueSchema,
  countriesSchema,
  creditBalanceSchema,
  gotoResultSchema,
  monitorEnvelopeShape,
  monitorResultSchema,
  parseErrorBody,
  queueMetricsSchema,
  statesSchema,
  taskCreatedSchema,
  taskRecordSchema,
  type BatchResult,
  type ClearQueueResult,
  type CreditBalance,
  type GotoResult,
  type MonitorResult,
  type QueueMetrics,
  type ResponseParser,
  type StateItem,
  type TaskCreated,
  type TaskRecord,
} from '../../shared/api/responses';
import {
  NEUTRAL_PROFILE,
  baseCostsOf,
  enginePath,
  redirectPath,
  taskTypesOf,
  type ServiceProfile,
} from '../../shared/profile';
import { ApiError, redactSecrets, type ApiErrorInit } from './errors';
import { performAttempt, type AttemptResult } from './http-attempt';
import { parseMeta, type ResponseMeta } from './meta';
import { sharedNodeFetch } from './node-fetch';
import { createRateLimiter, type RateLimiter } from './rate-limiter';
import {
  DEFAULT_BACKOFF,
  DEFAULT_MAX_RETRIES,
  decideRetry,
  type AttemptOutcome,
  type BackoffOptions,
  type CallKind,
} from './retry-policy';

// The typed client of the answer monitoring service. Every call: key format checked, body
// validated locally with the shared rules, one slot of the shared rate limiter per attempt,
// a fresh X-Request-Id per attempt, the answer's headers read into `meta`, errors turned into
// ApiError, and retries decided by decideRetry (the spec's rules, one pure function).

export type EngineAvailability = 'available' | 'coming-soon' | 'unknown';

export interface ApiResponse<T> {
  data: T;
  /** The parsed JSON body, whole, unknown fields included. */
  raw: unknown;
  status: number;
  meta: ResponseMeta;
  attempts: number;
  /** The body that was sent (with generated idempotency keys), for the record. */
  sent?: unknown;
  /** The body text as received (monitor answers only): stored as is, never re-serialized. */
  body?: string;
}

/** A monitor answer: `data` is the typed view, built on first read from `result`. */
export interface MonitorResponse extends ApiResponse<MonitorResult> {
  /** The answer's `result` object, untouched: what normalizeResult reads. */
  result: Record<string, unknown>;
}

export interface ApiLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** The key itself, or a function reading it from the secret store on each call. */
  apiKey: string | (() => Promise<string>);
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Uniform [0, 1) for backoff jitter. */
  random?: () => number;
  maxRetries?: number;
  backoff?: BackoffOptions;
  /** Per-attempt timeout of every call but synchronous monitor calls. */
  timeoutMs?: number;
  /** Per-attempt timeout of synchronous monitor calls (the service runs up to 5 minutes). */
  syncTimeoutMs?: number;
  /**
   * How the deployment names its engines: paths, taskType tokens, base costs, availability
   * (the spec's neutral profile by default).
   */
  profile?: ServiceProfile;
  /** taskType per engine, over the profile's (the older per-engine setting). */
  taskTypes?: Partial<Record<EngineName, string>>;
  /** Base cost per engine, over the profile's. */
  costTable?: CostTable;
  /** Hosts of the search engine for url/goto validation (SEARCH_ENGINE_HOSTS by default). */
  searchHosts?: readonly string[];
  /** Shared limiter; one is created (clocked by now/sleep) when absent. */
  limiter?: RateLimiter;
  onMeta?: (meta: ResponseMeta, endpoint: string) => void;
  logger?: ApiLogger;
  /** Generates X-Request-Id and idempotency keys (defaults to crypto.randomUUID). */
  newId?: () => string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** X-Request-Id of the first attempt (retries append `.2`, `.3`…); generated when absent or invalid. */
  requestId?: string;
}

export interface TaskInput<E extends EngineName = EngineName> {
  engine: E;
  payload: MonitorRequestOf<E>;
  priority?: number;
  /** Generated before the first attempt when absent, and reused on every retry. */
  idempotencyKey?: string;
  webhook?: { url: string };
}

export interface ApiClient {
  monitor<E extends EngineName>(
    engine: E,
    request: MonitorRequestOf<E>,
    opts?: CallOptions,
  ): Promise<MonitorResponse>;
  resolveRedirect(url: string, opts?: CallOptions): Promise<ApiResponse<GotoResult>>;
  createTask(task: TaskInput, opts?: CallOptions): Promise<ApiResponse<TaskCreated>>;
  createTasks(tasks: TaskInput[], opts?: CallOptions): Promise<ApiResponse<BatchResult>>;
  getTask(id: string, opts?: CallOptions): Promise<ApiResponse<TaskRecord>>;
  queueStatus(opts?: CallOptions): Promise<ApiResponse<QueueMetrics>>;
  clearQueue(opts?: CallOptions): Promise<ApiResponse<ClearQueueResult>>;
  countries(opts?: CallOptions & { model?: string }): Promise<ApiResponse<string[]>>;
  states(country: string, opts?: CallOptions): Promise<ApiResponse<StateItem[]>>;
  credits(opts?: CallOptions): Promise<ApiResponse<CreditBalance>>;
  /** Learned from answers, starting from the spec's table. */
  availability(): Record<EngineName, EngineAvailability>;
  /** Maximum credit cost of a monitor request with this client's cost table. */
  maxCost<E extends EngineName>(engine: E, request: MonitorRequestOf<E>): number;
  /** The task type this client sends for an engine. */
  taskTypeOf(engine: EngineName): string;
  /** The `model` value of GET /v1/countries for an engine (null: it has none). */
  countriesModelOf(engine: EngineName): string | null;
  /** The service profile the client speaks (paths, tokens, labels, costs). */
  readonly profile: ServiceProfile;
  readonly limiter: RateLimiter;
}

interface CallSpec<T> {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Method and path template, for logs and error messages (never contains ids or the key). */
  endpoint: string;
  call: CallKind;
  body?: unknown;
  schema: ResponseParser<T>;
  allTasksHaveIdempotencyKey?: boolean;
  engine?: EngineName;
  /** Hand the body text on in the response (see ApiResponse.body). */
  keepBody?: boolean;
}

const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

function localValidationError(endpoint: string, details: FieldError[]): ApiError {
  const first = details[0];
  const summary = first
    ? first.field
      ? `${first.field}: ${first.message}`
      : first.message
    : 'invalid request';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new ApiError({
    kind: 'validation-local',
    message: `Request not sent: ${summary}${more}`,
    code: 'VALIDATION_ERROR',
    fieldErrors: details,
    attempts: 0,
    reachedServer: false,
    endpoint,
  });
}

function attemptRequestId(base: string | undefined, attempt: number, newId: () => string): string {
  if (base && isValidRequestId(base)) {
    if (attempt === 1) return base;
    const suffixed = `${base}.${attempt}`;
    if (isValidRequestId(suffixed)) return suffixed;
  }
  const id = newId();
  return isValidRequestId(id) ? id : randomUUID();
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // node:http with keep-alive by default (see node-fetch.ts: undici's fetch cost the run engine ~0.7 ms a call).
  const fetchImpl = options.fetch ?? sharedNodeFetch();
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const syncTimeoutMs = options.syncTimeoutMs ?? 330_000;
  const newId = options.newId ?? randomUUID;
  const limiter = options.limiter ?? createRateLimiter({ now, sleep });
  const profile = options.profile ?? NEUTRAL_PROFILE;
  const taskTypes = taskTypeTable({ ...taskTypesOf(profile), ...options.taskTypes });
  const costTable: CostTable = { ...baseCostsOf(profile), ...options.costTable };
  const gotoPath = redirectPath(profile);
  const rules = options.searchHosts ? { searchHosts: options.searchHosts } : {};
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const availability = Object.fromEntries(
    ENGINE_NAMES.map((name) => [name, profile.engines[name].availability as EngineAvailability]),
  ) as Record<EngineName, EngineAvailability>;
  const warnedDeprecated = new Set<string>();
  /** Keys read so far: redacted from every error and log line even if the store rotates them. */
  const knownKeys = new Set<string>();

  const secrets = (): string[] => [...knownKeys];
  const log = (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>): void => {
    if (!options.logger) return;
    const safeFields = fields
      ? (JSON.parse(redactSecrets(JSON.stringify(fields), secrets())) as Record<string, unknown>)
      : undefined;
    options.logger[level](redactSecrets(message, secrets()), safeFields);
  };

  async function readKey(endpoint: string): Promise<string> {
    let key: string;
    try {
      key = typeof options.apiKey === 'function' ? await options.apiKey() : options.apiKey;
    } catch {
      throw new ApiError({
        kind: 'invalid-key-format',
        message: 'The API key could not be read from the secret store',
        attempts: 0,
        reachedServer: false,
        endpoint,
      });
    }
    if (typeof key === 'string' && key.length > 0) knownKeys.add(key);
    if (!isApiKeyFormat(key)) {
      throw new ApiError(
        {
          kind: 'invalid-key-format',
          message: 'The API key is not in the expected format (sk_ followed by 40 letters and digits)',
          code: 'INVALID_API_KEY_FORMAT',
          attempts: 0,
          reachedServer: false,
          endpoint,
        },
        secrets(),
      );
    }
    return key;
  }

  function observe(meta: ResponseMeta, endpoint: string): void {
    if (meta.rateLimit) limiter.observe(meta.rateLimit);
    if (meta.deprecation && !warnedDeprecated.has(endpoint)) {
      warnedDeprecated.add(endpoint);
      log('warn', `${endpoint} is deprecated by the service`, { ...meta.deprecation });
    }
    options.onMeta?.(meta, endpoint);
  }

  function errorFromResponse(
    spec: CallSpec<unknown>,
    result: Extract<AttemptResult, { type: 'response' }>,
    meta: ResponseMeta,
    attempts: number,
  ): ApiError {
    let parsedBody: unknown;
    let isJson = false;
    if (result.bodyText.trim().length > 0) {
      try {
        parsedBody = JSON.parse(result.bodyText);
        isJson = true;
      } catch {
        isJson = false;
      }
    }
    const parsed = isJson ? parseErrorBody(parsedBody) : {};
    const status = result.status;
    const code = parsed.code ?? (status === 499 ? 'REQUEST_CANCELED' : undefined);
    const bodyNote =
      result.bodyText.trim().length === 0 ? 'empty body' : isJson ? 'no error message' : 'body is not JSON';
    const text = parsed.message ?? (status === 499 ? 'Request was canceled' : bodyNote);
    const init: ApiErrorInit = {
      kind: 'http',
      message: `${spec.endpoint} failed with ${status}${code ? ` ${code}` : ''}: ${text}`,
      status,
      code,
      details: parsed.details,
      fieldErrors: parsed.fieldErrors,
      requestId: meta.requestId,
      timestamp: parsed.timestamp,
      rawBody: result.bodyText,
      meta,
      attempts,
      reachedServer: true,
      endpoint: spec.endpoint,
    };
    if (spec.call === 'sync-monitor' && spec.engine && status === 404 && code === 'RESOURCE_NOT_FOUND') {
      availability[spec.engine] = 'coming-soon';
      return new ApiError(
        {
          ...init,
          kind: 'engine-unavailable',
          message: `${profile.engines[spec.engine].label} is not available on the service yet (404 RESOURCE_NOT_FOUND)`,
        },
        secrets(),
      );
    }
    return new ApiError(init, secrets());
  }

  function errorFromFailure(
    spec: CallSpec<unknown>,
    result: Exclude<AttemptResult, { type: 'response' }>,
    attempts: number,
    lastMeta: ResponseMeta | undefined,
  ): ApiError {
    const base = { attempts, endpoint: spec.endpoint, meta: lastMeta };
    switch (result.type) {
      case 'aborted':
        return new ApiError(
          { ...base, kind: 'aborted', message: `${spec.endpoint} was canceled`, reachedServer: attempts > 0 },
          secrets(),
        );
      case 'timeout':
        return new ApiError(
          {
            ...base,
            kind: 'timeout',
            message: `${spec.endpoint} timed out after ${spec.call === 'sync-monitor' ? syncTimeoutMs : timeoutMs} ms`,
            reachedServer: true,
          },
          secrets(),
        );
      case 'network':
        return new ApiError(
          {
            ...base,
            kind: 'network',
            message: `${spec.endpoint} failed: ${result.reachedServer ? 'the connection failed' : 'the service could not be reached'}${
              result.code ? ` (${result.code})` : ''
            }`,
            code: result.code,
            reachedServer: result.reachedServer,
          },
          secrets(),
        );
    }
  }

  function outcomeOf(result: AttemptResult): AttemptOutcome {
    switch (result.type) {
      case 'response':
        return { kind: 'http', status: result.status };
      case 'timeout':
        return { kind: 'timeout' };
      case 'aborted':
        return { kind: 'aborted' };
      case 'network':
        return { kind: 'network', reachedServer: result.reachedServer };
    }
  }

  async function request<T>(spec: CallSpec<T>, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const key = await readKey(spec.endpoint);
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const perAttemptTimeout = spec.call === 'sync-monitor' ? syncTimeoutMs : timeoutMs;
    let lastMeta: ResponseMeta | undefined;

    for (let attempt = 1; ; attempt += 1) {
      const abortedError = (): ApiError =>
        errorFromFailure(spec as CallSpec<unknown>, { type: 'aborted' }, attempt - 1, lastMeta);
      try {
        await limiter.acquire(opts.signal);
      } catch {
        throw abortedError();
      }
      if (opts.signal?.aborted) throw abortedError();
      const requestId = attemptRequestId(opts.requestId, attempt, newId);
      const headers: Record<string, string> = {
        Authorization: `Bearer ${key}`,
        Accept: 'application/json',
        'X-Request-Id': requestId,
      };
      if (bodyText !== undefined) headers['Content-Type'] = 'application/json';

      const result = await performAttempt(
        fetchImpl,
        {
          url: `${baseUrl}${spec.path}`,
          method: spec.method,
          headers,
          body: bodyText,
          timeoutMs: perAttemptTimeout,
          signal: opts.signal,
        },
        now,
      );

      let error: ApiError;
      if (result.type === 'response') {
        const meta = parseMeta(result.headers);
        if (!meta.requestId) meta.requestId = requestId;
        lastMeta = meta;
        observe(meta, spec.endpoint);
        if (result.status >= 200 && result.status < 300) {
          if (spec.engine) availability[spec.engine] = 'available';
          return parseSuccess(spec, result, meta, attempt);
        }
        if (
          result.status === 429 &&
          parseErrorBody(safeJson(result.bodyText)).code === 'RATE_LIMIT_EXCEEDED'
        ) {
          limiter.drain();
        }
        error = errorFromResponse(spec as CallSpec<unknown>, result, meta, attempt);
      } else {
        error = errorFromFailure(spec as CallSpec<unknown>, result, attempt, lastMeta);
      }

      const decision = decideRetry({
        call: spec.call,
        outcome: outcomeOf(result),
        attempt,
        maxRetries,
        allTasksHaveIdempotencyKey: spec.allTasksHaveIdempotencyKey,
        random,
        backoff,
      });
      if (!decision.retry) {
        log('warn', `${spec.endpoint} failed: ${error.message}`, {
          attempts: attempt,
          reason: decision.reason,
          requestId: error.requestId,
        });
        throw error;
      }
      log('info', `${spec.endpoint} attempt ${attempt} failed, retrying in ${decision.delayMs ?? 0} ms`, {
        reason: decision.reason,
        status: error.status,
        kind: error.kind,
      });
      try {
        await sleep(decision.delayMs ?? 0, opts.signal);
      } catch {
        throw errorFromFailure(spec as CallSpec<unknown>, { type: 'aborted' }, attempt, lastMeta);
      }
      if (opts.signal?.aborted)
        throw errorFromFailure(spec as CallSpec<unknown>, { type: 'aborted' }, attempt, lastMeta);
    }
  }

  function parseSuccess<T>(
    spec: CallSpec<T>,
    result: Extract<AttemptResult, { type: 'response' }>,
    meta: ResponseMeta,
    attempts: number,
  ): ApiResponse<T> {
    const malformed = (why: string): ApiError =>
      new ApiError(
        {
          kind: 'malformed-response',
          message: `${spec.endpoint} answered ${result.status} with ${why}`,
          status: result.status,
          requestId: meta.requestId,
          rawBody: result.bodyText,
          meta,
          attempts,
          reachedServer: true,
          endpoint: spec.endpoint,
        },
        secrets(),
      );
    if (result.bodyText.trim().length === 0) throw malformed('an empty body');
    let raw: unknown;
    try {
      raw = JSON.parse(result.bodyText);
    } catch {
      throw malformed('a body that is not JSON');
    }
    const parsed = spec.schema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw malformed(
        `an unexpected shape (${first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'unknown'})`,
      );
    }
    const response: ApiResponse<T> = { data: parsed.data, raw, status: result.status, meta, attempts };
    if (spec.body !== undefined) response.sent = spec.body;
    if (spec.keepBody) response.body = result.bodyText;
    return response;
  }

  function buildTaskBody(task: TaskInput): TaskBody {
    const body: TaskBody = {
      taskType: taskTypes[task.engine],
      payload: task.payload,
      idempotencyKey: task.idempotencyKey ?? newId(),
    };
    if (task.priority !== undefined) body.priority = task.priority;
    if (task.webhook !== undefined) body.webhook = task.webhook;
    return body;
  }

  const client: ApiClient = {
    limiter,
    profile,

    async monitor(engine, req, opts) {
      const path = enginePath(profile, engine);
      const endpoint = `POST ${path}`;
      await readKey(endpoint);
      const checked = validateMonitorRequest(engine, req, rules);
      if (!checked.ok) throw localValidationError(endpoint, checked.details);
      const response = await request(
        {
          method: 'POST',
          path,
          endpoint,
          call: 'sync-monitor',
          body: req,
          schema: monitorEnvelopeShape,
          engine,
          keepBody: true,
        },
        opts,
      );
      const { result } = response.data;
      let view: MonitorResult | undefined;
      const answer: MonitorResponse = {
        result,
        raw: response.raw,
        status: response.status,
        meta: response.meta,
        attempts: response.attempts,
        // Built on first read: monitorResultSchema accepts any object, so this cannot throw.
        get data() {
          return (view ??= monitorResultSchema.parse(result));
        },
      };
      if (response.sent !== undefined) answer.sent = response.sent;
      if (response.body !== undefined) answer.body = response.body;
      return answer;
    },

    async resolveRedirect(url, opts) {
      const endpoint = `POST ${gotoPath}`;
      await readKey(endpoint);
      const checked = validateGotoRequest({ url }, rules);
      if (!checked.ok) throw localValidationError(endpoint, checked.details);
      return request(
        { method: 'POST', path: gotoPath, endpoint, call: 'goto', body: { url }, schema: gotoResultSchema },
        opts,
      );
    },

    async createTask(task, opts) {
      const endpoint = 'POST /v1/async/task';
      await readKey(endpoint);
      const body = buildTaskBody(task);
      const checked = validateTaskBody(body, { ...rules, taskTypes });
      if (!checked.ok) throw localValidationError(endpoint, checked.details);
      return request(
        {
          method: 'POST',
          path: '/v1/async/task',
          endpoint,
          call: 'task-create',
          body,
          schema: taskCreatedSchema,
          allTasksHaveIdempotencyKey: true,
        },
        opts,
      );
    },

    async createTasks(tasks, opts) {
      const endpoint = 'POST /v1/async/task/batch';
      await readKey(endpoint);
      if (tasks.length === 0 || tasks.length > MAX_BATCH_SIZE) {
        throw localValidationError(endpoint, [
          { field: '', message: `A batch holds 1 to ${MAX_BATCH_SIZE} tasks, not ${tasks.length}` },
        ]);
      }
      const bodies = tasks.map(buildTaskBody);
      const details = bodies.flatMap((body, index) => {
        const checked = validateTaskBody(body, { ...rules, taskTypes });
        return checked.ok
          ? []
          : checked.details.map((d) => ({ field: `${index}.${d.field}`, message: d.message }));
      });
      if (details.length > 0) throw localValidationError(endpoint, details);
      return request(
        {
          method: 'POST',
          path: '/v1/async/task/batch',
          endpoint,
          call: 'task-create',
          body: bodies,
          schema: batchResultSchema,
          allTasksHaveIdempotencyKey: bodies.every(
            (b) => typeof b.idempotencyKey === 'string' && b.idempotencyKey.length > 0,
          ),
        },
        opts,
      );
    },

    async getTask(id, opts) {
      const endpoint = 'GET /v1/async/task/{taskId}';
      await readKey(endpoint);
      if (typeof id !== 'string' || id.trim().length === 0)
        throw localValidationError(endpoint, [{ field: 'taskId', message: 'taskId is required' }]);
      return request(
        {
          method: 'GET',
          path: `/v1/async/task/${encodeURIComponent(id)}`,
          endpoint,
          call: 'get',
          schema: taskRecordSchema,
        },
        opts,
      );
    },

    queueStatus(opts) {
      return request(
        {
          method: 'GET',
          path: '/v1/async/status',
          endpoint: 'GET /v1/async/status',
          call: 'get',
          schema: queueMetricsSchema,
        },
        opts,
      );
    },

    clearQueue(opts) {
      return request(
        {
          method: 'DELETE',
          path: '/v1/async/queue',
          endpoint: 'DELETE /v1/async/queue',
          call: 'delete',
          schema: clearQueueSchema,
        },
        opts,
      );
    },

    countries(opts = {}) {
      const query = opts.model ? `?model=${encodeURIComponent(opts.model)}` : '';
      return request(
        {
          method: 'GET',
          path: `/v1/countries${query}`,
          endpoint: 'GET /v1/countries',
          call: 'get',
          schema: countriesSchema,
        },
        opts,
      );
    },

    async states(country, opts) {
      const endpoint = 'GET /v1/states';
      await readKey(endpoint);
      const checked = validateStatesQuery(country);
      if (!checked.ok) throw localValidationError(endpoint, checked.details);
      return request(
        {
          method: 'GET',
          path: `/v1/states?country=${encodeURIComponent(country)}`,
          endpoint,
          call: 'get',
          schema: statesSchema,
        },
        opts,
      );
    },

    credits(opts) {
      return request(
        {
          method: 'GET',
          path: '/v1/credits',
          endpoint: 'GET /v1/credits',
          call: 'get',
          schema: creditBalanceSchema,
        },
        opts,
      );
    },

    availability() {
      return { ...availability };
    },

    maxCost(engine, req) {
      return maxCreditCost(engine, req, costTable, rules);
    },

    taskTypeOf(engine) {
      return taskTypes[engine];
    },

    countriesModelOf(engine) {
      return profile.engines[engine].countriesModel;
    },
  };
  return client;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
