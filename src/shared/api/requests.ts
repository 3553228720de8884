import { z } from 'zod';
import { ENGINES, ENGINE_NAMES, US_STATES, type EngineName } from './engines';
import { isCountryCode } from './countries';

// The request rules of every endpoint, exactly as the spec states them. The client validates
// with these before spending a request, and the sandbox service validates incoming bodies
// with the same functions, so a local error and a service error always say the same thing.
//
// Two layers: a strict zod shape per body (types, ranges, unknown keys) and a few
// cross-field rules (query xor url, country/gl agreement, state only with US…) that read
// the raw object defensively, so a user sees every problem of a body at once.

export interface FieldError {
  /** Dotted path of the field ("include.ads", "payload.country"); "" for the body itself. */
  field: string;
  message: string;
}

export type ValidationOutcome<T> = { ok: true; value: T } | { ok: false; details: FieldError[] };

/** Hosts of the engine's web search; `url` on /search and /search/goto must be on one of them. */
export const SEARCH_ENGINE_HOSTS: readonly string[] = ['www.search.example', 'search.example'];

export interface RequestRulesOptions {
  /** Overrides SEARCH_ENGINE_HOSTS (a deployment whose engine lives elsewhere). */
  searchHosts?: readonly string[];
}

export const MAX_TEXT_LENGTH = 10_000;
export const MAX_BATCH_SIZE = 500;
export const SEARCH_DEVICES = ['desktop', 'mobile', 'ios', 'android'] as const;
export const SEARCH_AI_DEVICES = ['desktop', 'mobile'] as const;
/** Parameters of a search url the service applies; every other parameter is dropped. */
export const SEARCH_URL_KEPT_PARAMS = ['q', 'gl', 'hl', 'uule', 'num', 'start', 'tbs', 'safe'] as const;

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

const US_STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));
export function isUsStateCode(value: unknown): value is string {
  return typeof value === 'string' && US_STATE_CODES.has(value);
}

const COUNTRY_MESSAGE = 'country must be an upper-case ISO 3166-1 alpha-2 code';

// ---------------------------------------------------------------------------------------
// Field schemas

const textField = (label: 'Prompt' | 'Query') =>
  z
    .string()
    .refine((s) => s.trim().length > 0, `${label} cannot be empty`)
    .refine((s) => s.length <= MAX_TEXT_LENGTH, `${label} must be at most 10,000 characters`);

const countryField = z.string().refine(isCountryCode, COUNTRY_MESSAGE);
const glField = z
  .string()
  .refine((s) => isCountryCode(s.toUpperCase()), 'gl must be an ISO 3166-1 alpha-2 code (either case)');
const hlField = z
  .string()
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/, 'hl must be a language code such as en, de or pt-BR');
const stateField = z.string().refine(isUsStateCode, 'state must be a US state code such as CA or DC');
const locationField = z
  .string()
  .refine((s) => s.trim().length > 0, 'location cannot be empty')
  .refine((s) => s.length <= 500, 'location must be at most 500 characters');
const uuleField = z
  .string()
  .refine((s) => s.trim().length > 0, 'uule cannot be empty')
  .refine((s) => s.length <= 1000, 'uule must be at most 1,000 characters');
const pagesField = z.int().min(1, 'pages must be between 1 and 10').max(10, 'pages must be between 1 and 10');
const flag = z.boolean();

// ---------------------------------------------------------------------------------------
// Request bodies, one strict object per endpoint (unknown keys are a 400 on the service)

export const assistantARequestSchema = z.strictObject({
  prompt: textField('Prompt'),
  country: countryField,
  state: stateField.optional(),
  include: z
    .strictObject({
      html: flag.optional(),
      markdown: flag.optional(),
      rawResponse: flag.optional(),
      searchQueries: flag.optional(),
      ads: flag.optional(),
      shopping: flag.optional(),
    })
    .optional(),
  legacy: flag.optional(),
  disableWebSearch: flag.optional(),
});

/** assistant-b, -c, -d and -e share one body. */
export const assistantRequestSchema = z.strictObject({
  prompt: textField('Prompt'),
  country: countryField,
  state: stateField.optional(),
  include: z
    .strictObject({ html: flag.optional(), markdown: flag.optional(), rawResponse: flag.optional() })
    .optional(),
});

export const searchRequestSchema = z.strictObject({
  query: textField('Query').optional(),
  url: z.string().optional(),
  country: countryField.optional(),
  gl: glField.optional(),
  hl: hlField.optional(),
  location: locationField.optional(),
  uule: uuleField.optional(),
  device: z.enum(SEARCH_DEVICES).optional(),
  pages: pagesField.optional(),
  include: z
    .strictObject({
      html: flag.optional(),
      aioverview: z.strictObject({ markdown: flag.optional() }).optional(),
      paaAioverview: flag.optional(),
      /** Ignored by the service since 8 September 2026; accepted so old bodies stay valid. */
      searchGoto: flag.optional(),
    })
    .optional(),
});

export const searchNewsRequestSchema = z.strictObject({
  query: textField('Query'),
  country: countryField.optional(),
  gl: glField.optional(),
  hl: hlField.optional(),
  device: z.enum(SEARCH_DEVICES).optional(),
  pages: pagesField.optional(),
  include: z.strictObject({ html: flag.optional() }).optional(),
});

export const searchAiRequestSchema = z.strictObject({
  prompt: textField('Prompt'),
  country: countryField.optional(),
  gl: glField.optional(),
  hl: hlField.optional(),
  location: locationField.optional(),
  uule: uuleField.optional(),
  device: z.enum(SEARCH_AI_DEVICES).optional(),
  include: z
    .strictObject({
      html: flag.optional(),
      markdown: flag.optional(),
      expandProducts: flag.optional(),
      searchGoto: flag.optional(),
    })
    .optional(),
});

export const gotoRequestSchema = z.strictObject({ url: z.string() });

export type AssistantARequest = z.infer<typeof assistantARequestSchema>;
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;
export type AssistantBRequest = AssistantRequest;
export type AssistantCRequest = AssistantRequest;
export type AssistantDRequest = AssistantRequest;
export type AssistantERequest = AssistantRequest;
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchNewsRequest = z.infer<typeof searchNewsRequestSchema>;
export type SearchAiRequest = z.infer<typeof searchAiRequestSchema>;
export type GotoRequest = z.infer<typeof gotoRequestSchema>;

export interface MonitorRequestMap {
  'assistant-a': AssistantARequest;
  'assistant-b': AssistantBRequest;
  'assistant-c': AssistantCRequest;
  'assistant-d': AssistantDRequest;
  'assistant-e': AssistantERequest;
  search: SearchRequest;
  'search-news': SearchNewsRequest;
  'search-ai': SearchAiRequest;
}
export type MonitorRequestOf<E extends EngineName> = MonitorRequestMap[E];
export type MonitorRequest = MonitorRequestMap[EngineName];

export const MONITOR_REQUEST_SCHEMAS: Readonly<Record<EngineName, z.ZodType>> = {
  'assistant-a': assistantARequestSchema,
  'assistant-b': assistantRequestSchema,
  'assistant-c': assistantRequestSchema,
  'assistant-d': assistantRequestSchema,
  'assistant-e': assistantRequestSchema,
  search: searchRequestSchema,
  'search-news': searchNewsRequestSchema,
  'search-ai': searchAiRequestSchema,
};

// ---------------------------------------------------------------------------------------
// Zod issues → field errors with messages a person can act on

const EXPECTED_NOUN: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
};

function joinPath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => String(p)).join('.');
}

function issueToDetails(issue: z.core.$ZodIssue, prefix: string): FieldError[] {
  const path = prefix ? [prefix, ...issue.path] : issue.path;
  const field = joinPath(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: joinPath([...path, key]),
        message: `${key} is not a recognised field`,
      }));
    case 'invalid_type': {
      if (path.length === 0) return [{ field: '', message: 'The request body must be a JSON object' }];
      if (issue.input === undefined) return [{ field, message: `${field} is required` }];
      return [{ field, message: `${field} must be ${EXPECTED_NOUN[issue.expected] ?? issue.expected}` }];
    }
    case 'invalid_value':
      return [{ field, message: `${field} must be one of ${issue.values.map(String).join(', ')}` }];
    default:
      return [{ field, message: issue.message }];
  }
}

function zodDetails(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.flatMap((issue) => issueToDetails(issue, prefix));
}

type Raw = Record<string, unknown>;

function isPlainObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Adds cross-field errors for fields the shape check did not already flag. */
function merge(shape: FieldError[], cross: FieldError[]): FieldError[] {
  const seen = new Set(shape.map((d) => d.field));
  return [...shape, ...cross.filter((d) => !seen.has(d.field))];
}

function validateWith<T>(
  schema: z.ZodType,
  body: unknown,
  cross: (raw: Raw) => FieldError[],
  prefix = '',
): ValidationOutcome<T> {
  const parsed = schema.safeParse(body, { reportInput: true });
  const shape = parsed.success ? [] : zodDetails(parsed.error, prefix);
  const crossDetails = isPlainObject(body)
    ? cross(body).map((d) => ({ field: prefix ? `${prefix}.${d.field}` : d.field, message: d.message }))
    : [];
  const details = merge(shape, crossDetails);
  if (parsed.success && details.length === 0) return { ok: true, value: parsed.data as T };
  return { ok: false, details };
}

// ---------------------------------------------------------------------------------------
// Cross-field rules

const present = (raw: Raw, key: string): boolean => raw[key] !== undefined;

function stateRule(raw: Raw): FieldError[] {
  if (present(raw, 'state') && raw.country !== 'US') {
    return [{ field: 'state', message: 'state is only valid with country US' }];
  }
  return [];
}

function countryGlRule(raw: Raw, country: unknown): FieldError[] {
  if (
    typeof country === 'string' &&
    typeof raw.gl === 'string' &&
    country.toUpperCase() !== raw.gl.toUpperCase()
  ) {
    return [{ field: 'gl', message: 'country and gl must name the same country' }];
  }
  return [];
}

function locationUuleRule(raw: Raw): FieldError[] {
  if (present(raw, 'location') && present(raw, 'uule')) {
    return [{ field: 'uule', message: 'location and uule are mutually exclusive' }];
  }
  return [];
}

function searchRules(raw: Raw, opts: RequestRulesOptions): FieldError[] {
  const errors: FieldError[] = [];
  const hasQuery = present(raw, 'query');
  const hasUrl = present(raw, 'url');
  if (hasQuery && hasUrl) errors.push({ field: 'url', message: 'query and url are mutually exclusive' });
  if (!hasQuery && !hasUrl) errors.push({ field: 'query', message: 'query is required unless url is given' });
  errors.push(...locationUuleRule(raw));
  if (hasUrl) {
    for (const key of ['location', 'uule', 'pages'] as const) {
      if (present(raw, key)) errors.push({ field: key, message: `${key} cannot be combined with url` });
    }
    if (typeof raw.url === 'string') {
      const normalized = normalizeSearchUrl(raw.url, opts);
      if (!normalized.ok) {
        errors.push({ field: 'url', message: normalized.message });
      } else {
        const explicit = raw.country ?? raw.gl;
        const fromUrl = normalized.value.gl;
        if (explicit === undefined && fromUrl === undefined) {
          errors.push({ field: 'country', message: 'country is required when the url has no gl parameter' });
        }
        errors.push(...countryGlRule(raw, raw.country));
      }
    } else {
      errors.push({ field: 'url', message: 'url must be a string' });
    }
  } else {
    if (!present(raw, 'country') && !present(raw, 'gl')) {
      errors.push({ field: 'country', message: 'country is required (or gl)' });
    }
    errors.push(...countryGlRule(raw, raw.country));
  }
  return errors;
}

function searchNewsRules(raw: Raw): FieldError[] {
  return countryGlRule(raw, raw.country);
}

function searchAiRules(raw: Raw): FieldError[] {
  return [...countryGlRule(raw, raw.country), ...locationUuleRule(raw)];
}

// ---------------------------------------------------------------------------------------
// Search url: what the service applies from it

export interface NormalizedSearchUrl {
  /** The url with only the applied parameters, in the order of SEARCH_URL_KEPT_PARAMS. */
  url: string;
  query: string;
  /** Upper-cased gl of the url, when it has one. */
  gl?: string;
  hl?: string;
  uule?: string;
  /** Result depth: `num` rounded up to whole pages of 10, capped at 10; 1 without num. */
  pages: number;
  start?: number;
  tbs?: string;
  safe?: string;
}

export type SearchUrlOutcome = { ok: true; value: NormalizedSearchUrl } | { ok: false; message: string };

function hostsOf(opts: RequestRulesOptions): readonly string[] {
  return (opts.searchHosts ?? SEARCH_ENGINE_HOSTS).map((h) => h.toLowerCase());
}

function parseAbsoluteHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function normalizeSearchUrl(value: string, opts: RequestRulesOptions = {}): SearchUrlOutcome {
  const url = parseAbsoluteHttpUrl(value);
  if (!url) return { ok: false, message: 'url must be a complete absolute http(s) URL' };
  const hosts = hostsOf(opts);
  if (!hosts.includes(url.hostname.toLowerCase())) {
    return { ok: false, message: `url must be on the search engine's host (${hosts.join(' or ')})` };
  }
  if (url.pathname !== '/search') return { ok: false, message: 'url path must be /search' };
  const params = url.searchParams;
  if (params.has('tbm')) {
    return { ok: false, message: 'url must not carry tbm (news has its own endpoint and pricing)' };
  }
  const q = params.get('q');
  if (q === null || q.trim().length === 0)
    return { ok: false, message: 'url must carry a non-empty q parameter' };
  const gl = params.get('gl');
  if (gl !== null && !isCountryCode(gl.toUpperCase())) {
    return { ok: false, message: 'the gl parameter of url must be an ISO 3166-1 alpha-2 code' };
  }
  const num = params.get('num');
  let pages = 1;
  if (num !== null) {
    const n = Number(num);
    if (!Number.isFinite(n) || n < 0)
      return { ok: false, message: 'the num parameter of url must be a number' };
    pages = Math.min(10, Math.max(1, Math.ceil(n / 10)));
  }
  const start = params.get('start');
  if (start !== null && !/^\d+$/.test(start)) {
    return { ok: false, message: 'the start parameter of url must be a whole number' };
  }

  const kept = new URL(`${url.protocol}//${url.host}${url.pathname}`);
  for (const key of SEARCH_URL_KEPT_PARAMS) {
    const v = params.get(key);
    if (v !== null) kept.searchParams.set(key, v);
  }
  const result: NormalizedSearchUrl = { url: kept.toString(), query: q, pages };
  if (gl !== null) result.gl = gl.toUpperCase();
  const hl = params.get('hl');
  if (hl !== null) result.hl = hl;
  const uule = params.get('uule');
  if (uule !== null) result.uule = uule;
  if (start !== null) result.start = Number(start);
  const tbs = params.get('tbs');
  if (tbs !== null) result.tbs = tbs;
  const safe = params.get('safe');
  if (safe !== null) result.safe = safe;
  return { ok: true, value: result };
}

// ---------------------------------------------------------------------------------------
// Public validators, one per use

export function validateMonitorRequest<E extends EngineName>(
  engine: E,
  body: unknown,
  opts: RequestRulesOptions = {},
): ValidationOutcome<MonitorRequestOf<E>> {
  return validateMonitorRequestAt(engine, body, opts, '') as ValidationOutcome<MonitorRequestOf<E>>;
}

function validateMonitorRequestAt(
  engine: EngineName,
  body: unknown,
  opts: RequestRulesOptions,
  prefix: string,
): ValidationOutcome<MonitorRequest> {
  const schema = MONITOR_REQUEST_SCHEMAS[engine];
  switch (engine) {
    case 'search':
      return validateWith(schema, body, (raw) => searchRules(raw, opts), prefix);
    case 'search-news':
      return validateWith(schema, body, searchNewsRules, prefix);
    case 'search-ai':
      return validateWith(schema, body, searchAiRules, prefix);
    default:
      return validateWith(schema, body, stateRule, prefix);
  }
}

/** Body of POST /v1/monitor/search/goto: one redirect link on the engine's host, path /goto or /url. */
export function validateGotoRequest(
  body: unknown,
  opts: RequestRulesOptions = {},
): ValidationOutcome<GotoRequest> {
  return validateWith<GotoRequest>(gotoRequestSchema, body, (raw) => {
    if (typeof raw.url !== 'string') return [];
    const url = parseAbsoluteHttpUrl(raw.url);
    if (!url) return [{ field: 'url', message: 'url must be a complete absolute http(s) URL' }];
    const hosts = hostsOf(opts);
    if (!hosts.includes(url.hostname.toLowerCase())) {
      return [
        {
          field: 'url',
          message: `url must be a redirect link on the search engine's host (${hosts.join(' or ')})`,
        },
      ];
    }
    if (url.pathname !== '/goto' && url.pathname !== '/url') {
      return [{ field: 'url', message: 'url must be a redirect link with path /goto or /url' }];
    }
    return [];
  });
}

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

/** Query of GET /v1/states: `country` required, upper-case ISO code. */
export function validateStatesQuery(country: unknown): ValidationOutcome<{ country: string }> {
  if (country === undefined || country === null || country === '') {
    return { ok: false, details: [{ field: 'country', message: 'country is required' }] };
  }
  if (!isCountryCode(country))
    return { ok: false, details: [{ field: 'country', message: COUNTRY_MESSAGE }] };
  return { ok: true, value: { country } };
}
