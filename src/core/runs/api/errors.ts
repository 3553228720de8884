import { inspect } from 'node:util';
import type { ResponseMeta } from './meta';

// The one error type of the client. It carries what a user or a log needs (status, code,
// message, details, request id, timestamp, raw body, meta, attempts) and never the API key:
// every text that enters it passes through redactSecrets, and it has no reference to the
// request (headers), so neither JSON.stringify nor util.inspect can reveal the key.

export type ApiErrorKind =
  | 'http'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'validation-local'
  | 'invalid-key-format'
  | 'engine-unavailable'
  | 'malformed-response'
  /** The answer's body went past the size policy (answer-size.ts): not kept, its credits recorded. */
  | 'too-large';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  code?: string;
  details?: unknown;
  fieldErrors?: Array<{ field: string; message: string }>;
  requestId?: string;
  timestamp?: string;
  rawBody?: string;
  meta?: ResponseMeta;
  attempts: number;
  reachedServer: boolean;
  /** Method and path template of the call, e.g. "POST /v1/monitor/assistant-a". */
  endpoint?: string;
}

const KEY_LIKE = /sk_[A-Za-z0-9]{6,}/g;
/** Raw bodies are kept for diagnosis, not archived: 64 KiB is enough to read any error. */
const MAX_RAW_BODY = 64 * 1024;

/** Replaces the given secrets and anything shaped like an API key. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  return out.replace(KEY_LIKE, 'sk_[redacted]');
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(redactSecrets(JSON.stringify(value), secrets)) as unknown;
  } catch {
    return '[unserializable]';
  }
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly details?: unknown;
  readonly fieldErrors?: Array<{ field: string; message: string }>;
  readonly requestId?: string;
  readonly timestamp?: string;
  readonly rawBody?: string;
  readonly meta?: ResponseMeta;
  readonly attempts: number;
  readonly reachedServer: boolean;
  readonly endpoint?: string;

  constructor(init: ApiErrorInit, secrets: readonly string[] = []) {
    super(redactSecrets(init.message, secrets));
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code === undefined ? undefined : redactSecrets(init.code, secrets);
    this.details = redactValue(init.details, secrets);
    this.fieldErrors = init.fieldErrors?.map((f) => ({
      field: redactSecrets(f.field, secrets),
      message: redactSecrets(f.message, secrets),
    }));
    this.requestId = init.requestId;
    this.timestamp = init.timestamp;
    this.rawBody =
      init.rawBody === undefined ? undefined : redactSecrets(init.rawBody.slice(0, MAX_RAW_BODY), secrets);
    this.meta = init.meta;
    this.attempts = init.attempts;
    this.reachedServer = init.reachedServer;
    this.endpoint = init.endpoint;
    if (this.stack) this.stack = redactSecrets(this.stack, secrets);
  }

  /** True when the service said the key is missing, malformed, unknown or revoked. */
  get isAuthError(): boolean {
    return this.status === 401 || this.kind === 'invalid-key-format';
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      status: this.status,
      code: this.code,
      details: this.details,
      fieldErrors: this.fieldErrors,
      requestId: this.requestId,
      timestamp: this.timestamp,
      rawBody: this.rawBody,
      meta: this.meta,
      attempts: this.attempts,
      reachedServer: this.reachedServer,
      endpoint: this.endpoint,
    };
  }

  [inspect.custom](): string {
    return `ApiError ${inspect(this.toJSON(), { depth: 4 })}`;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
