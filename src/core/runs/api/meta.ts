// Reads the service's response headers into the typed `meta` every response and error carries.
// Header names follow the spec (X-Concurrent-*); the service facts also name X-Concurrency-*,
// so both are read.

export interface ResponseMeta {
  requestId?: string;
  rateLimit?: { limit?: number; remaining?: number };
  concurrency?: { limit?: number; current?: number; remaining?: number };
  credits?: { remaining?: number; charged?: number };
  /** Server-side processing time (X-Latency-Ms), excluding network transit. */
  latencyMs?: number;
  /** Present only when the endpoint announces its deprecation (RFC 9745, RFC 8594). */
  deprecation?: { deprecation?: string; sunset?: string; link?: string };
}

interface HeaderSource {
  get(name: string): string | null;
}

function num(headers: HeaderSource, ...names: string[]): number | undefined {
  for (const name of names) {
    const raw = headers.get(name);
    if (raw === null || raw.trim() === '') continue;
    const n = Number(raw.trim());
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}

/** The members that are set, or undefined when none is (read for every answer: no entry arrays). */
function compact<T extends object>(value: T): T | undefined {
  let out: T | undefined;
  for (const key of Object.keys(value) as Array<keyof T>) {
    // Every member of the objects compacted here is optional: an empty one is a valid T.
    if (value[key] !== undefined) (out ??= {} as T)[key] = value[key];
  }
  return out;
}

/** The target of the first `Link` entry whose rel list holds `deprecation`. */
export function deprecationLink(linkHeader: string | null): string | undefined {
  if (!linkHeader) return undefined;
  const re = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
  for (const match of linkHeader.matchAll(re)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*("([^"]*)"|[^\s;,]+)/i.exec(params);
    const rels = (rel?.[2] ?? rel?.[1] ?? '').toLowerCase().split(/\s+/);
    if (rels.includes('deprecation')) return match[1];
  }
  return undefined;
}

export function parseMeta(headers: HeaderSource): ResponseMeta {
  const meta: ResponseMeta = {};
  const requestId = headers.get('x-request-id');
  if (requestId) meta.requestId = requestId;
  const rateLimit = compact({
    limit: num(headers, 'x-ratelimit-limit'),
    remaining: num(headers, 'x-ratelimit-remaining'),
  });
  if (rateLimit) meta.rateLimit = rateLimit;
  const concurrency = compact({
    limit: num(headers, 'x-concurrent-limit', 'x-concurrency-limit'),
    current: num(headers, 'x-concurrent-current', 'x-concurrency-current'),
    remaining: num(headers, 'x-concurrent-remaining', 'x-concurrency-remaining'),
  });
  if (concurrency) meta.concurrency = concurrency;
  const credits = compact({
    remaining: num(headers, 'x-credits-remaining'),
    charged: num(headers, 'x-credits-charged'),
  });
  if (credits) meta.credits = credits;
  const latency = num(headers, 'x-latency-ms');
  if (latency !== undefined) meta.latencyMs = latency;
  const deprecation = compact({
    deprecation: headers.get('deprecation') ?? undefined,
    sunset: headers.get('sunset') ?? undefined,
    link: deprecationLink(headers.get('link')),
  });
  if (deprecation) meta.deprecation = deprecation;
  return meta;
}
