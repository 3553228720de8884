import type { EngineName } from './engines';
import { validateWith, type FieldError, type Raw, type ValidationOutcome } from './request-errors';
import {
  gotoRequestSchema,
  MONITOR_REQUEST_SCHEMAS,
  type GotoRequest,
  type MonitorRequest,
  type MonitorRequestOf,
} from './request-schemas';
import { hostsOf, normalizeSearchUrl, parseAbsoluteHttpUrl, type RequestRulesOptions } from './search-url';

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
// Public validators, one per use

export function validateMonitorRequest<E extends EngineName>(
  engine: E,
  body: unknown,
  opts: RequestRulesOptions = {},
): ValidationOutcome<MonitorRequestOf<E>> {
  return validateMonitorRequestAt(engine, body, opts, '') as ValidationOutcome<MonitorRequestOf<E>>;
}

export function validateMonitorRequestAt(
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
