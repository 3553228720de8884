import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentByName } from '../../src/core/crawlers';
import type { BrowserHitRow, CrawlHitRow, HistoryStore } from '../../src/core/history';
import { createOutcomesService } from '../../src/core/outcomes';
import { rng } from './bench-random';
import { ga4Export } from './outcomes.bench';

// What the funnel bench adds to the benches' 1,000,000-answer history: a year of crawler day
// totals for one site (as `parallax logs import` writes them) and a year of GA4 AI referrals
// (through `parallax outcomes import`'s own reader), over pages the history's answers cite.

const DAY = 86_400_000;
export const SITE = 'acme.com';
/** Pages: the three the history's answers cite on the focus brand's site, then others. */
const PAGES = Array.from({ length: 2000 }, (_, i) => (i < 3 ? `/guide-${i}` : `/p/${i}`));
const AGENTS_A_DAY = 400;
/** The agents a site sees most: OpenAI's, Perplexity's, Anthropic's, the search engines'. */
const AGENTS = [
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'PerplexityBot',
  'Perplexity-User',
  'ClaudeBot',
  'Googlebot',
  'bingbot',
  'Applebot',
  'Amazonbot',
  'meta-externalagent',
  'CCBot',
]
  .map((name) => agentByName(name)?.agent ?? name)
  .sort();

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function statusOf(r: () => number): number {
  const x = r();
  return x < 0.9 ? 200 : x < 0.94 ? 301 : x < 0.97 ? 404 : x < 0.99 ? 403 : 500;
}

/** One day's rows, in the tables' key order (as the import writes them). */
function dayRows(r: () => number, day: string): { hits: CrawlHitRow[]; browsers: BrowserHitRow[] } {
  const hits = new Map<string, CrawlHitRow>();
  for (const agent of AGENTS)
    for (let i = 0; i < AGENTS_A_DAY; i++) {
      const url = PAGES[Math.floor(PAGES.length * r() ** 2)] as string;
      const row = { site: SITE, day, agent, url, status: statusOf(r), verified: r() < 0.9, hits: 1 };
      const key = `${agent} ${url} ${row.status} ${row.verified}`;
      const had = hits.get(key);
      if (had) had.hits += 1;
      else hits.set(key, row);
    }
  const browsers = PAGES.map((url) => ({
    site: SITE,
    day,
    url,
    status: 200,
    hits: 1 + Math.floor(r() * 40),
  }));
  const order = (a: CrawlHitRow | BrowserHitRow, b: CrawlHitRow | BrowserHitRow): number =>
    ('agent' in a && 'agent' in b && a.agent !== b.agent ? (a.agent < b.agent ? -1 : 1) : 0) ||
    (a.url < b.url ? -1 : a.url > b.url ? 1 : a.status - b.status);
  return { hits: [...hits.values()].sort(order), browsers: browsers.sort(order) };
}

/** A year of crawler day totals up to the day of `now`: about 1.5 million agent rows. */
export function addCrawlYear(store: HistoryStore, now: number): number {
  const write = store.beginCrawlFile({
    fingerprint: 'funnel-bench-year',
    name: 'access.log',
    bytes: 0,
    format: 'combined',
    lines: 0,
    kept: 0,
    malformed: 0,
    importedAt: now,
  });
  if (!write) return 0;
  const r = rng(64);
  let rows = 0;
  const first = Math.floor(now / DAY) * DAY - 364 * DAY;
  for (let d = 0; d < 365; d++) {
    const { hits, browsers } = dayRows(r, dayOf(first + d * DAY));
    write.addHits(hits);
    write.addBrowsers(browsers);
    rows += hits.length;
  }
  write.commit();
  return rows;
}

/** A year of GA4 traffic up to the day of `now` (the outcomes bench's export), imported. */
export async function addGa4Year(store: HistoryStore, now: number, dir: string): Promise<number> {
  const file = join(dir, 'ga4.csv');
  const start = Math.floor(now / DAY) * DAY - 364 * DAY;
  writeFileSync(
    file,
    ga4Export(start, (p) => PAGES[p] as string),
  );
  const outcomes = createOutcomesService({ store, now: () => now });
  const report = await outcomes.importFile({ kind: 'ga4', path: file, site: SITE });
  return report.tables.traffic?.added ?? 0;
}
