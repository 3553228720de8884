import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

// Server logs written for the crawler tests and the import bench: Combined Log Format lines
// with a fixed mix of AI agents (from inside and outside their operators' ranges) and
// browsers, deterministic from a seed so a count by hand matches what the import stores.

export interface LogLine {
  ip: string;
  /** Unix ms. */
  at: number;
  method: string;
  url: string;
  status: number;
  bytes: number;
  referer: string;
  ua: string;
  host: string;
}

export const UA = {
  gptbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot',
  chatgptUser:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  perplexity:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  claude:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  browser:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  curl: 'curl/8.5.0',
} as const;

/** Addresses inside the shipped snapshots' ranges (verified) and one outside every range. */
export const IP = {
  gptbot: '20.171.206.17',
  googlebot: '66.249.66.1',
  bingbot: '157.55.39.10',
  perplexity: '3.224.62.45',
  spoof: '203.0.113.9',
  browser: '198.51.100.23',
} as const;

/** A GET of `url` from `ip` as `ua`, answered `status`, at `at` (Unix ms). */
export function visit(
  ip: string,
  ua: string,
  url: string,
  status: number,
  at: number,
  host = 'example.com',
): LogLine {
  return { ip, at, method: 'GET', url, status, bytes: 512, referer: '-', ua, host };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** `10/Oct/2026:13:55:36 +0000` */
export function clfTime(at: number): string {
  const d = new Date(at);
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

export function combinedLine(l: LogLine): string {
  return `${l.ip} - - [${clfTime(l.at)}] "${l.method} ${l.url} HTTP/1.1" ${l.status} ${l.bytes} "${l.referer}" "${l.ua}"`;
}

/** A small PRNG (mulberry32): the same lines for the same seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MIX: Array<[weight: number, ua: string, ip: string]> = [
  [70, UA.browser, IP.browser],
  [6, UA.gptbot, IP.gptbot],
  [2, UA.gptbot, IP.spoof],
  [4, UA.googlebot, IP.googlebot],
  [4, UA.bingbot, IP.bingbot],
  [3, UA.perplexity, IP.perplexity],
  [3, UA.claude, '34.162.10.4'],
  [2, UA.chatgptUser, '23.98.142.180'],
  [6, UA.curl, '192.0.2.44'],
];
const WEIGHT = MIX.reduce((s, [w]) => s + w, 0);
const STATUSES = [200, 200, 200, 200, 200, 200, 304, 301, 404, 403, 500];

/** Line number `i` of the synthetic log: pages /p/0 … /p/(pages-1) over `days` days from `start`. */
export function syntheticLine(rand: () => number, start: number, days: number, pages: number): LogLine {
  let pick = rand() * WEIGHT;
  let [, ua, ip] = MIX[0] as [number, string, string];
  for (const [w, u, a] of MIX) {
    if (pick < w) {
      ua = u;
      ip = a;
      break;
    }
    pick -= w;
  }
  return {
    ip,
    at: start + Math.floor(rand() * days * 86_400_000),
    method: 'GET',
    url: `/p/${Math.floor(rand() * pages)}?ref=${Math.floor(rand() * 1000)}`,
    status: STATUSES[Math.floor(rand() * STATUSES.length)] as number,
    bytes: Math.floor(rand() * 50_000),
    referer: rand() < 0.3 ? 'https://www.google.com/' : '-',
    ua,
    host: 'example.com',
  };
}

/** Writes Combined Log Format lines to `path` until it holds `bytes`; returns the line count. */
export async function writeCombinedLog(
  path: string,
  bytes: number,
  opts: { seed?: number; start?: number; days?: number; pages?: number } = {},
): Promise<number> {
  const rand = random(opts.seed ?? 1);
  const start = opts.start ?? Date.UTC(2026, 9, 1);
  const out = createWriteStream(path);
  let written = 0;
  let lines = 0;
  while (written < bytes) {
    const chunk: string[] = [];
    for (let i = 0; i < 5000; i++)
      chunk.push(combinedLine(syntheticLine(rand, start, opts.days ?? 30, opts.pages ?? 5000)));
    const text = `${chunk.join('\n')}\n`;
    written += Buffer.byteLength(text);
    lines += chunk.length;
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return lines;
}
