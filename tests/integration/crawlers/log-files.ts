import { writeFileSync } from 'node:fs';
import { gzipSync, zstdCompressSync } from 'node:zlib';
import { clfTime, combinedLine, IP, UA, visit as visitLine, type LogLine } from '../../support/crawler-logs';

// The same known visits written in every format the import reads, with one malformed line each,
// so each format's import must give the counts below, made by hand.

const DAY1 = Date.UTC(2026, 10, 2, 10, 0, 0);
const DAY2 = Date.UTC(2026, 10, 3, 18, 30, 0);

const visit = (ip: string, ua: string, url: string, status: number, at = DAY1): LogLine =>
  visitLine(ip, ua, url, status, at);

const times = (n: number, line: LogLine): LogLine[] => Array.from({ length: n }, () => line);

export const VISITS: LogLine[] = [
  ...times(2, visit(IP.gptbot, UA.gptbot, '/a?utm=1', 200)),
  visit(IP.gptbot, UA.gptbot, '/a', 200, DAY2),
  visit(IP.gptbot, UA.gptbot, '/blocked', 403),
  ...times(2, visit(IP.spoof, UA.gptbot, '/a', 200)),
  visit(IP.googlebot, UA.googlebot, '/a', 200),
  visit(IP.googlebot, UA.googlebot, '/b', 404, DAY2),
  visit('34.162.10.4', UA.claude, '/b', 200),
  ...times(4, visit(IP.browser, UA.browser, '/a', 200)),
  ...times(2, visit(IP.browser, UA.browser, '/blocked', 200)),
  visit('192.0.2.44', UA.curl, '/a', 200),
];

/** What `parallax bots --json --site example.com` says of VISITS, counted by hand. */
export const EXPECTED = {
  agents: [
    {
      agent: 'GPTBot',
      operator: 'OpenAI',
      role: 'training',
      verified: { hits: 4, pages: 2 },
      unverified: { hits: 2, pages: 1 },
      statuses: { '200': 5, '403': 1 },
    },
    {
      agent: 'Googlebot',
      operator: 'Google',
      role: 'search',
      verified: { hits: 2, pages: 2 },
      unverified: { hits: 0, pages: 0 },
      statuses: { '200': 1, '404': 1 },
    },
    {
      agent: 'ClaudeBot',
      operator: 'Anthropic',
      role: 'training',
      verified: { hits: 0, pages: 0 },
      unverified: { hits: 1, pages: 1 },
      statuses: { '200': 1 },
    },
  ],
  blocked: [{ url: 'https://example.com/blocked', agent: 'GPTBot', agentStatus: 403, browserStatus: 200 }],
};
export const LINES = VISITS.length + 1;
export const KEPT = 9;

const jsonLine = (l: LogLine): string =>
  JSON.stringify({
    remote_addr: l.ip,
    time_iso8601: new Date(l.at).toISOString(),
    request: `${l.method} ${l.url} HTTP/1.1`,
    status: l.status,
    http_user_agent: l.ua,
    host: l.host,
  });

const cloudflareLine = (l: LogLine): string =>
  JSON.stringify({
    ClientIP: l.ip,
    ClientRequestHost: l.host,
    ClientRequestMethod: l.method,
    ClientRequestURI: l.url,
    ClientRequestUserAgent: l.ua,
    EdgeResponseStatus: l.status,
    EdgeStartTimestamp: l.at * 1_000_000,
  });

const CLOUDFRONT_FIELDS =
  'date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query x-host-header';
const cloudfrontLine = (l: LogLine): string => {
  const iso = new Date(l.at).toISOString();
  const [path, query = '-'] = l.url.split('?');
  return [
    iso.slice(0, 10),
    iso.slice(11, 19),
    'FRA56-P1',
    l.bytes,
    l.ip,
    l.method,
    'd111111abcdef8.cloudfront.net',
    path,
    l.status,
    '-',
    encodeURIComponent(l.ua),
    query,
    l.host,
  ].join('\t');
};

const csvCell = (v: string | number): string => `"${String(v).replaceAll('"', '""')}"`;
const csvLine = (l: LogLine): string =>
  [clfTime(l.at), l.ip, l.method, l.url, l.status, l.ua].map(csvCell).join(',');

/** The files writeEveryFormat writes, in its order. */
export const FILE_NAMES = [
  'access.log (combined)',
  'access.jsonl (JSON lines)',
  'cf-http.log (Cloudflare)',
  'E2ABC….log (CloudFront)',
  'export.csv (CSV)',
  'access.log.gz',
  'access.log.zst',
  'access.jsonl.gz',
] as const;

export interface Written {
  format: string;
  file: string;
  /** Text a malformed line's example must contain. */
  malformed: string;
}

/** Writes VISITS in every format (and compressed) into `dir`. */
export function writeEveryFormat(dir: string): Written[] {
  const combined = [...VISITS.map(combinedLine), 'this line is garbage'].join('\n') + '\n';
  const files: Array<[string, string, string, string]> = [
    ['combined', 'access.log', combined, 'garbage'],
    [
      'jsonl',
      'access.jsonl',
      [...VISITS.map(jsonLine), '{"remote_addr": "1.2.3.4", broken'].join('\n'),
      'broken',
    ],
    [
      'cloudflare',
      'cf-http.log',
      [...VISITS.map(cloudflareLine), '{"ClientIP":"1.2.3.4","EdgeResponseStatus":"x"}'].join('\n'),
      'ClientIP',
    ],
    [
      'cloudfront',
      'E2ABC.2026-11-02-10.a1b2c3d4.log',
      [
        '#Version: 1.0',
        `#Fields: ${CLOUDFRONT_FIELDS}`,
        ...VISITS.map(cloudfrontLine),
        'half\tof a line',
      ].join('\n'),
      'half',
    ],
    [
      'csv',
      'export.csv',
      [
        'timestamp,client_ip,method,path,status,user_agent',
        ...VISITS.map(csvLine),
        '"a","b","c","d","e","f","g","h"',
      ].join('\n'),
      'line ',
    ],
  ];
  const written = files.map(([format, name, text, malformed]) => {
    writeFileSync(`${dir}/${name}`, text);
    return { format, file: `${dir}/${name}`, malformed };
  });
  writeFileSync(`${dir}/access.log.gz`, gzipSync(combined));
  writeFileSync(`${dir}/access.log.zst`, zstdCompressSync(Buffer.from(combined)));
  writeFileSync(`${dir}/access.jsonl.gz`, gzipSync(files[1]?.[2] ?? ''));
  written.push(
    { format: 'combined', file: `${dir}/access.log.gz`, malformed: 'garbage' },
    { format: 'combined', file: `${dir}/access.log.zst`, malformed: 'garbage' },
    { format: 'jsonl', file: `${dir}/access.jsonl.gz`, malformed: 'broken' },
  );
  return written;
}
