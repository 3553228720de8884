import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { EngineName } from '../../../shared/api/engines';
import { isApiKeyFormat, isValidRequestId } from '../../../shared/api/requests';
import { parseErrorBody } from '../../../shared/api/responses';
import type { ServiceProfile } from '../../../shared/profile';
import { errorFromFailure, errorFromResponse, outcomeOf, safeJson, type ErrorContext } from './call-errors';
import type {
  ApiClientOptions,
  ApiResponse,
  CallOptions,
  CallSpec,
  EngineAvailability,
} from './client-types';
import { ApiError, redactSecrets } from './errors';
import { MAX_ANSWER_BYTES, tooLargeError } from './answer-size';
import { performAttempt, type AttemptResult } from './http-attempt';
import { parseMeta, type ResponseMeta } from './meta';
import type { RateLimiter } from './rate-limiter';
import { decideRetry, type BackoffOptions } from './retry-policy';

// One call to the service, attempt after attempt: the key read (and checked) first, one slot of
// the shared rate limiter per attempt, a fresh X-Request-Id per attempt, the answer's headers
// read into `meta`, errors turned into ApiError, retries decided by decideRetry.

/** What the transport is built with: the client's options with their defaults applied. */
export interface TransportSettings {
  apiKey: ApiClientOptions['apiKey'];
  baseUrl: string;
  fetchImpl: typeof fetch;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  maxRetries: number;
  backoff: BackoffOptions;
  timeoutMs: number;
  syncTimeoutMs: number;
  newId: () => string;
  limiter: RateLimiter;
  profile: ServiceProfile;
  /** Learned from answers: an engine answering is available, a 404 on its path is coming soon. */
  availability: Record<EngineName, EngineAvailability>;
  onMeta?: ApiClientOptions['onMeta'];
  logger?: ApiClientOptions['logger'];
}

export interface Transport {
  request<T>(spec: CallSpec<T>, opts?: CallOptions): Promise<ApiResponse<T>>;
  /** The key, read from the secret store when it is a function, and checked for its format. */
  readKey(endpoint: string): Promise<string>;
}

export const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  await delay(ms, undefined, signal ? { signal } : undefined);
};

function attemptRequestId(base: string | undefined, attempt: number, newId: () => string): string {
  if (base && isValidRequestId(base)) {
    if (attempt === 1) return base;
    const suffixed = `${base}.${attempt}`;
    if (isValidRequestId(suffixed)) return suffixed;
  }
  const id = newId();
  return isValidRequestId(id) ? id : randomUUID();
}

export function createTransport(settings: TransportSettings): Transport {
  const { fetchImpl, now, sleep, random, maxRetries, backoff, timeoutMs, syncTimeoutMs, newId } = settings;
  const { limiter, profile, availability, baseUrl } = settings;
  const warnedDeprecated = new Set<string>();
  /** Keys read so far: redacted from every error and log line even if the store rotates them. */
  const knownKeys = new Set<string>();

  const secrets = (): string[] => [...knownKeys];
  const log = (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>): void => {
    if (!settings.logger) return;
    const safeFields = fields
      ? (JSON.parse(redactSecrets(JSON.stringify(fields), secrets())) as Record<string, unknown>)
      : undefined;
    settings.logger[level](redactSecrets(message, secrets()), safeFields);
  };

  async function readKey(endpoint: string): Promise<string> {
    let key: string;
    try {
      key = typeof settings.apiKey === 'function' ? await settings.apiKey() : settings.apiKey;
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
    settings.onMeta?.(meta, endpoint);
  }

  const errors: ErrorContext = { secrets, profile, availability, timeoutMs, syncTimeoutMs };

  async function request<T>(spec: CallSpec<T>, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const key = await readKey(spec.endpoint);
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const perAttemptTimeout = spec.call === 'sync-monitor' ? syncTimeoutMs : timeoutMs;
    let lastMeta: ResponseMeta | undefined;

    for (let attempt = 1; ; attempt += 1) {
      const abortedError = (): ApiError =>
        errorFromFailure(errors, spec as CallSpec<unknown>, { type: 'aborted' }, attempt - 1, lastMeta);
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
          maxBodyBytes: MAX_ANSWER_BYTES,
        },
        now,
      );
      // Answered (and maybe charged) but too large to keep: never retried (a retry is charged again).
      if (result.type === 'too-large')
        throw tooLargeError(spec.endpoint, result, attempt, requestId, secrets());

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
        error = errorFromResponse(errors, spec as CallSpec<unknown>, result, meta, attempt);
      } else {
        error = errorFromFailure(errors, spec as CallSpec<unknown>, result, attempt, lastMeta);
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
        throw errorFromFailure(errors, spec as CallSpec<unknown>, { type: 'aborted' }, attempt, lastMeta);
      }
      if (opts.signal?.aborted)
        throw errorFromFailure(errors, spec as CallSpec<unknown>, { type: 'aborted' }, attempt, lastMeta);
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

  return { request, readKey };
}
