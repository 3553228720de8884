import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importLogs, loadRangeLists } from '../../../src/core/crawlers';
import type { HistoryStore } from '../../../src/core/history';
import { importOutcomeFile } from '../../../src/core/outcomes';
import { combinedLine, IP, UA, visit, type LogLine } from '../../support/crawler-logs';
import { ga4Csv } from '../outcomes/exports';

// The generated server log and GA4 export a member shares in the funnel-totals tests, on two
// days: GPTBot twice on /pricing (a query string and a trailing slash), a spoofed GPTBot, a
// browser, Googlebot on /docs, PerplexityBot refused /blog/a; AI sessions from chatgpt.com and
// perplexity.ai, and organic ones that must never leave the computer.

const hit = (ip: string, ua: string, url: string, at: number, status = 200): LogLine =>
  visit(ip, ua, url, status, at, 'acme.example');

/** The log's text, its lines on `d1` and `d2` (Unix ms). */
function sharedLog(d1: number, d2: number): string {
  const lines = [
    hit(IP.gptbot, UA.gptbot, '/pricing?ref=1', d1),
    hit(IP.gptbot, UA.gptbot, '/pricing/', d1),
    hit(IP.spoof, UA.gptbot, '/pricing', d1),
    hit(IP.googlebot, UA.googlebot, '/docs', d1),
    hit(IP.browser, UA.browser, '/pricing', d1),
    hit(IP.perplexity, UA.perplexity, '/blog/a', d2, 403),
  ];
  return `${lines.map(combinedLine).join('\n')}\n`;
}

const ymd = (at: number): string => new Date(at).toISOString().slice(0, 10).replaceAll('-', '');

/** The GA4 export's text: 5 sessions and 1 key event from ChatGPT, 3 from Perplexity, organic. */
function sharedGa4(d1: number, d2: number): string {
  return ga4Csv([
    {
      date: ymd(d1),
      sourceMedium: 'chatgpt.com / referral',
      landing: '/pricing?utm_source=chatgpt.com',
      sessions: '5',
      keyEvents: '1',
    },
    {
      date: ymd(d2),
      sourceMedium: 'perplexity.ai / referral',
      landing: '/blog/a/',
      sessions: '3',
      keyEvents: '0',
    },
    {
      date: ymd(d1),
      sourceMedium: 'google / organic',
      landing: '/pricing',
      sessions: '900',
      keyEvents: '20',
    },
  ]);
}

/** Both, written in `dir` and imported into `store` for the site (acme.example), as the CLI's imports do. */
export async function importSharedInputs(
  store: HistoryStore,
  dir: string,
  days: { d1: number; d2: number; now: () => number },
  site = 'acme.example',
): Promise<void> {
  const log = join(dir, 'access.log');
  writeFileSync(log, sharedLog(days.d1, days.d2));
  await importLogs({ store, paths: [log], site, ranges: loadRangeLists(), now: days.now });
  const ga4 = join(dir, 'ga4.csv');
  writeFileSync(ga4, sharedGa4(days.d1, days.d2));
  await importOutcomeFile(store, { kind: 'ga4', path: ga4, site });
}
