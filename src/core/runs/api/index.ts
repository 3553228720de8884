// Public surface of the API client: the run engine, the CLI and the app import from here.
export { createApiClient } from './client';
export type {
  ApiClient,
  ApiClientOptions,
  ApiLogger,
  ApiResponse,
  MonitorResponse,
  CallOptions,
  EngineAvailability,
  TaskInput,
} from './client';
export { ApiError, isApiError, redactSecrets } from './errors';
export type { ApiErrorKind } from './errors';
export type { ResponseMeta } from './meta';
export { parseMeta } from './meta';
export { createRateLimiter } from './rate-limiter';
export type { RateLimiter, RateLimiterOptions } from './rate-limiter';
export { decideRetry, backoffDelay, DEFAULT_BACKOFF, DEFAULT_MAX_RETRIES } from './retry-policy';
export type { AttemptOutcome, CallKind, RetryDecision, RetryInput } from './retry-policy';
export { createCreditsVerifier, type CreditsVerifierOptions } from './credits-verifier';
