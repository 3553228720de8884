import { randomUUID } from 'node:crypto';
import { ENGINE_NAMES, type EngineName } from '../../../shared/api/engines';
import { maxCreditCost, type CostTable } from '../../../shared/api/cost';
import {
  MAX_BATCH_SIZE,
  taskTypeTable,
  validateGotoRequest,
  validateMonitorRequest,
  validateStatesQuery,
  validateTaskBody,
  type TaskBody,
} from '../../../shared/api/requests';
import {
  batchResultSchema,
  clearQueueSchema,
  countriesSchema,
  creditBalanceSchema,
  gotoResultSchema,
  monitorEnvelopeShape,
  monitorResultSchema,
  queueMetricsSchema,
  statesSchema,
  taskCreatedSchema,
  taskRecordSchema,
  type MonitorResult,
} from '../../../shared/api/responses';
import { NEUTRAL_PROFILE, baseCostsOf, enginePath, redirectPath, taskTypesOf } from '../../../shared/profile';
import { localValidationError } from './call-errors';
import type {
  ApiClient,
  ApiClientOptions,
  EngineAvailability,
  MonitorResponse,
  TaskInput,
} from './client-types';
import { sharedNodeFetch } from './node-fetch';
import { createRateLimiter } from './rate-limiter';
import { DEFAULT_BACKOFF, DEFAULT_MAX_RETRIES } from './retry-policy';
import { createTransport, defaultSleep } from './transport';

export type {
  ApiClient,
  ApiClientOptions,
  ApiLogger,
  ApiResponse,
  CallOptions,
  EngineAvailability,
  MonitorResponse,
  TaskInput,
} from './client-types';

// The typed client of the answer monitoring service. Every call: key format checked, body
// validated locally with the shared rules, then sent by the transport (transport.ts): one slot
// of the shared rate limiter per attempt, a fresh X-Request-Id per attempt, the answer's headers
// read into `meta`, errors turned into ApiError (call-errors.ts), and retries decided by
// decideRetry (the spec's rules, one pure function).

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
  const { request, readKey } = createTransport({
    apiKey: options.apiKey,
    baseUrl,
    fetchImpl,
    now,
    sleep,
    random,
    maxRetries,
    backoff,
    timeoutMs,
    syncTimeoutMs,
    newId,
    limiter,
    profile,
    availability,
    onMeta: options.onMeta,
    logger: options.logger,
  });

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
