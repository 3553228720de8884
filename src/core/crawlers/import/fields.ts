// The names a log's fields go by, per meaning: nginx and Apache JSON logs, Cloudflare Logpush,
// CloudFront and common CSV exports. The first one present wins.

export type LogField = 'ip' | 'time' | 'url' | 'status' | 'ua' | 'host';

export const FIELD_NAMES: Record<LogField, readonly string[]> = {
  ip: ['remote_addr', 'ip', 'client_ip', 'clientIp', 'remote_ip', 'ClientIP', 'c-ip', 'client'],
  time: [
    'time',
    'timestamp',
    'time_iso8601',
    'time_local',
    '@timestamp',
    'datetime',
    'date',
    'EdgeStartTimestamp',
  ],
  url: ['uri', 'request_uri', 'url', 'path', 'ClientRequestURI', 'cs-uri-stem', 'request'],
  status: ['status', 'status_code', 'statusCode', 'EdgeResponseStatus', 'sc-status'],
  ua: ['http_user_agent', 'user_agent', 'userAgent', 'ua', 'ClientRequestUserAgent', 'cs(User-Agent)'],
  host: ['host', 'http_host', 'server_name', 'ClientRequestHost', 'x-host-header', 'cs(Host)'],
};

/** Cloudflare Logpush's HTTP requests dataset: these names only. */
export const CLOUDFLARE_NAMES: Record<LogField, readonly string[]> = {
  ip: ['ClientIP'],
  time: ['EdgeStartTimestamp'],
  url: ['ClientRequestURI'],
  status: ['EdgeResponseStatus'],
  ua: ['ClientRequestUserAgent'],
  host: ['ClientRequestHost'],
};

/** A name as compared across formats: lower case, letters and digits only. */
export const normalName = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/gu, '');

/** Of `columns`, the one each field goes by (normalised names compared), or undefined. */
export function pickColumns(columns: readonly string[]): Partial<Record<LogField, string>> {
  const byNormal = new Map(columns.map((c) => [normalName(c), c]));
  const picked: Partial<Record<LogField, string>> = {};
  for (const [field, names] of Object.entries(FIELD_NAMES) as Array<[LogField, readonly string[]]>) {
    const hit = names.map(normalName).find((n) => byNormal.has(n));
    if (hit) picked[field] = byNormal.get(hit);
  }
  return picked;
}
