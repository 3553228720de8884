import type { EngineName } from '../../../shared/api/engines';
import type { CostTable } from '../../../shared/api/cost';
import type { MonitorRequestOf } from '../../../shared/api/requests';
import type {
  BatchResult,
  ClearQueueResult,
  CreditBalance,
  GotoResult,
  MonitorResult,
  QueueMetrics,
  ResponseParser,
  StateItem,
  TaskCreated,
  TaskRecord,
} from '../../../shared/api/responses';
import type { ServiceProfile } from '../../../shared/profile';
import type { ResponseMeta } from './meta';
import type { RateLimiter } from './rate-limiter';
import type { BackoffOptions, CallKind } from './retry-policy';

// The API client's types: what it is built with, what it answers, and (for the client's own
// modules) one call as the transport sends it.

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

/** One call as the transport sends it (client.ts builds it per endpoint). */
export interface CallSpec<T> {
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
