import { isCountryCode } from './countries';
import { COUNTRY_MESSAGE } from './request-schemas';
import type { ValidationOutcome } from './request-errors';

// The request rules of every endpoint, exactly as the spec states them. The client validates
// with these before spending a request, and the sandbox service validates incoming bodies
// with the same functions, so a local error and a service error always say the same thing.
//
// Two layers: a strict zod shape per body (types, ranges, unknown keys) and a few
// cross-field rules (query xor url, country/gl agreement, state only with US…) that read
// the raw object defensively, so a user sees every problem of a body at once.
//
// This module is their one entry: the shapes (request-schemas.ts), field errors
// (request-errors.ts), the search url (search-url.ts), monitor bodies (monitor-requests.ts) and
// task bodies (task-requests.ts).

export type { FieldError, ValidationOutcome } from './request-errors';
export {
  MAX_TEXT_LENGTH,
  SEARCH_DEVICES,
  SEARCH_AI_DEVICES,
  isUsStateCode,
  assistantARequestSchema,
  assistantRequestSchema,
  searchRequestSchema,
  searchNewsRequestSchema,
  searchAiRequestSchema,
  gotoRequestSchema,
  MONITOR_REQUEST_SCHEMAS,
  type AssistantARequest,
  type AssistantRequest,
  type AssistantBRequest,
  type AssistantCRequest,
  type AssistantDRequest,
  type AssistantERequest,
  type SearchRequest,
  type SearchNewsRequest,
  type SearchAiRequest,
  type GotoRequest,
  type MonitorRequestMap,
  type MonitorRequestOf,
  type MonitorRequest,
} from './request-schemas';
export {
  SEARCH_ENGINE_HOSTS,
  SEARCH_URL_KEPT_PARAMS,
  normalizeSearchUrl,
  type RequestRulesOptions,
  type NormalizedSearchUrl,
  type SearchUrlOutcome,
} from './search-url';
export { validateMonitorRequest, validateGotoRequest } from './monitor-requests';
export {
  MAX_BATCH_SIZE,
  taskTypeTable,
  engineForTaskType,
  validateTaskBody,
  validateBatchBody,
  type TaskBody,
  type ValidatedTask,
  type TaskRulesOptions,
} from './task-requests';

/** `sk_` followed by 40 letters and digits. */
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9]{40}$/;
export function isApiKeyFormat(value: unknown): value is string {
  return typeof value === 'string' && API_KEY_PATTERN.test(value);
}

/** X-Request-Id a client may send: 1 to 128 of letters, digits, `-`, `_`, `.`, `:`. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9\-_.:]{1,128}$/;
export function isValidRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/** Query of GET /v1/states: `country` required, upper-case ISO code. */
export function validateStatesQuery(country: unknown): ValidationOutcome<{ country: string }> {
  if (country === undefined || country === null || country === '') {
    return { ok: false, details: [{ field: 'country', message: 'country is required' }] };
  }
  if (!isCountryCode(country))
    return { ok: false, details: [{ field: 'country', message: COUNTRY_MESSAGE }] };
  return { ok: true, value: { country } };
}
