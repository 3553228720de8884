// Response bodies exactly as the spec shapes them: the standard error envelope and the
// validation shape (a string `error` plus `details[]` of field/message).

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'MISSING_API_KEY'
  | 'INVALID_API_KEY_FORMAT'
  | 'INVALID_OR_EXPIRED_API_KEY'
  | 'INSUFFICIENT_CREDITS'
  | 'RESOURCE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'RESOURCE_CONFLICT'
  | 'RESOURCE_ALREADY_EXISTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMIT_EXCEEDED'
  | 'CONCURRENT_LIMIT_EXCEEDED'
  | 'QUEUE_LIMIT_EXCEEDED'
  | 'REQUEST_CANCELED'
  | 'INTERNAL_SERVER_ERROR'
  | 'EXTERNAL_SERVICE_ERROR'
  | 'VALIDATION_ERROR';

export interface FieldIssue {
  field: string;
  message: string;
}

export interface ErrorRecord {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  timestamp: string;
}

export interface ErrorEnvelope {
  success: false;
  error: ErrorRecord;
}

export function errorRecord(
  code: ErrorCode,
  message: string,
  now: number,
  details?: Record<string, unknown>,
): ErrorRecord {
  return details === undefined
    ? { code, message, timestamp: new Date(now).toISOString() }
    : { code, message, details, timestamp: new Date(now).toISOString() };
}

export function errorEnvelope(
  code: ErrorCode,
  message: string,
  now: number,
  details?: Record<string, unknown>,
): ErrorEnvelope {
  return { success: false, error: errorRecord(code, message, now, details) };
}

export interface ValidationEnvelope {
  success: false;
  error: string;
  details: FieldIssue[];
}

export function validationEnvelope(details: FieldIssue[]): ValidationEnvelope {
  return { success: false, error: 'Request validation failed', details };
}

/** An error answer a handler can throw; the server turns it into the envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A validation failure a handler can throw (400 on /v1/monitor/*, 422 on /v1/async/*). */
export class ValidationFailure extends Error {
  constructor(
    readonly status: 400 | 422,
    readonly issues: FieldIssue[],
  ) {
    super('Request validation failed');
  }
}
