import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { wilsonInterval } from '../../../src/shared/analytics/wilson';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import type { NormalizedResult } from '../../../src/shared/domain/result';
import type { FunnelView } from '../../../src/core/outcomes';
import { runCliAt, type InProcessOutcome } from '../../support/cli-in-process';
import { combinedLine, IP, UA, type LogLine } from '../../support/crawler-logs';
import { hostile } from '../reports/hostile-answer';
import { ga4Csv } from './exports';

// `parallax funnel` over a known history file: four answers citing (or not) Veloxa's pages,
// a server log with verified and spoofed agents, and a GA4 export, each imported through its
// own command; every number of the funnel equals a count made by hand below.

const DAY_MS = 86_400_000;
const NOW = Date.now();
const AT = NOW - 2 * DAY_MS;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const monday = (ms: number): string => iso(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS);

let dir = '';
let db = '';
const parallax = (args: string[]): Promise<InProcessOutcome> => runCliAt([...args, '--db', db], dir);
async function json<T>(args: string[]): Promise<T> {
  const out = await parallax([...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
}

const cite = (url: string): NormalizedResult['sources'][number] => ({
  position: 1,
  kind: 'cited',
  url,
  domain: new URL(url).hostname.replace(/^www\./u, ''),
  title: null,
  snippet: null,
  redirectLink: null,
  datePublished: null,
});

/** Per job (engine × prompt), the pages its answer cites. */
const CITED: Record<string, string[]> = {
  'assistant-a|best trail shoes': ['https://veloxa.example/pricing'],
  'assistant-a|veloxa or norrun': [
    'https://www.veloxa.example/pricing?ref=x',
    'https://veloxa.example/blog/trail/',
  ],
  'assistant-b|best trail shoes': ['https://veloxa.example/blog/trail'],
  'assistant-b|veloxa or norrun': ['https://other.example/review'],
};

function seedHistory(): void {
  const store = openHistory({ path: db, now: () => NOW });
  try {
    store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.example'] });
    const { jobs } = store.createRun({
      spec: runSpecSchema.parse({
        prompts: ['best trail shoes', 'veloxa or norrun'],
        engines: ['assistant-a', 'assistant-b'],
        countries: ['US'],
      }),
      keyLabel: 'sandbox',
      baseUrl: 'http://127.0.0.1:1',
      sandbox: true,
      costEstimate: 4,
    });
    store.ingestResults(
      jobs.map((job) => ({
        jobId: job.id,
        raw: {},
        normalized: {
          ...hostile(),
          engine: job.engine,
          text: 'Veloxa makes trail shoes.',
          sources: (CITED[`${job.engine}|${job.prompt}`] ?? []).map(cite),
        },
        fetchedAt: AT,
        jobPatch: { jobState: 'succeeded' as const },
      })),
    );
  } finally {
    store.close();
  }
}

const visit = (ip: string, ua: string, url: string, status: number, at = NOW - DAY_MS): LogLine => ({
  ip,
  at,
  method: 'GET',
  url,
  status,
  bytes: 100,
  referer: '-',
  ua,
  host: 'veloxa.example',
});
const times = (n: number, line: LogLine): LogLine[] => Array.from({ length: n }, () => line);

const LOG: LogLine[] = [
  ...times(3, visit(IP.gptbot, UA.gptbot, '/pricing', 200)),
  ...times(2, visit(IP.gptbot, UA.gptbot, '/about', 200)),
  visit(IP.perplexity, UA.perplexity, '/blog/trail', 403),
  visit(IP.browser, UA.browser, '/blog/trail', 200),
  ...times(5, visit(IP.spoof, UA.gptbot, '/pricing', 200)),
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-funnel-'));
  db = join(dir, 'history.db');
  seedHistory();
  const log = join(dir, 'access.log');
  writeFileSync(log, `${LOG.map(combinedLine).join('\n')}\n`);
  expect((await parallax(['logs', 'import', log, '--site', 'veloxa.example'])).code).toBe(0);
  const ga4 = join(dir, 'ga4.csv');
  const day = iso(NOW - DAY_MS).replace(/-/g, '');
  writeFileSync(
    ga4,
    ga4Csv([
      {
        date: day,
        sourceMedium: 'chatgpt.com / referral',
        landing: '/pricing?utm_source=chatgpt.com',
        sessions: '40',
        keyEvents: '3',
      },
      {
        date: day,
        sourceMedium: 'perplexity.ai / referral',
        landing: '/guides/sizing',
        sessions: '6',
        keyEvents: '1',
      },
      { date: day, sourceMedium: 'google / organic', landing: '/pricing', sessions: '900', keyEvents: '20' },
    ]),
  );
  expect((await parallax(['outcomes', 'import', 'ga4', ga4, '--site', 'veloxa.example'])).code).toBe(0);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax funnel', () => {
  it('joins crawled, cited, referred and converted per engine as counted by hand', async () => {
    const view = await json<FunnelView>(['funnel', '--since', '30d']);
    expect(view.brand).toBe('Veloxa');
    const a = wilsonInterval(2, 2);
    const b = wilsonInterval(1, 2);
    expect(view.engines).toEqual([
      {
        engine: 'assistant-a',
        crawledHits: 5,
        crawledPages: 2,
        citedAnswers: 2,
        citationRate: { value: 1, lower: a.lower, upper: a.upper, n: 2 },
        referredSessions: 40,
        keyEvents: 3,
      },
      {
        engine: 'assistant-b',
        crawledHits: 1,
        crawledPages: 1,
        citedAnswers: 1,
        citationRate: { value: 0.5, lower: b.lower, upper: b.upper, n: 2 },
        referredSessions: 6,
        keyEvents: 1,
      },
    ]);
    expect(view.caveats.join(' ')).toMatch(/undercounted/);
    expect(view.caveats.join(' ')).toMatch(/correlation, not a cause/);
  });

  it('flags the pages that fall out of the funnel, in words', async () => {
    const view = await json<FunnelView>(['funnel']);
    const page = (url: string) => view.pages.find((p) => p.url === url);
    expect(page('/pricing')).toMatchObject({
      crawledHits: 3,
      citedAnswers: 2,
      referredSessions: 40,
      keyEvents: 3,
      flags: [],
    });
    expect(page('/about')).toMatchObject({ crawledHits: 2, citedAnswers: 0, flags: ['crawled-never-cited'] });
    // Cited by assistant-b, whose agent is refused there (and so never fetched it with a 200).
    expect(page('/blog/trail')?.citedAnswers).toBe(2);
    expect(page('/blog/trail')?.flags).toEqual(['cited-not-fetched', 'cited-but-blocked']);
    expect(page('/blog/trail')?.notes.join(' ')).toMatch(/not fetched it in 30 days/);
    expect(page('/guides/sizing')).toMatchObject({
      referredSessions: 6,
      citedAnswers: 0,
      flags: ['referred-never-cited'],
    });
    expect(view.pages.map((p) => p.url).sort()).toEqual([
      '/about',
      '/blog/trail',
      '/guides/sizing',
      '/pricing',
    ]);
  });

  it('counts per week and per engine filter, and says so when there is nothing to join', async () => {
    const view = await json<FunnelView>(['funnel', '--engine', 'assistant-b']);
    expect(view.engines.map((e) => e.engine)).toEqual(['assistant-b']);
    expect(view.pages.find((p) => p.url === '/pricing')).toBeUndefined();
    const weeks = (await json<FunnelView>(['funnel'])).weeks;
    const cited = weeks.find((w) => w.week === monday(AT));
    expect(cited?.citedAnswers).toBe(3);
    expect(cited?.citationRate.n).toBe(4);
    const crawled = weeks.find((w) => w.week === monday(NOW - DAY_MS));
    expect(crawled?.crawledHits).toBe(6);
    expect(crawled?.referredSessions).toBe(46);
    const text = await parallax(['funnel', '--by', 'page']);
    expect(text.stdout).toMatch(/\/about: Crawled but never cited/);
    const bad = await parallax(['funnel', '--by', 'month']);
    expect(bad.code).toBe(2);
    const emptyDb = join(dir, 'empty.db');
    openHistory({ path: emptyDb, now: () => NOW }).close();
    const empty = await runCliAt(['funnel', '--json', '--db', emptyDb], dir);
    expect(JSON.parse(empty.stdout).empty).toMatch(/Nothing to join yet/);
  });
});
