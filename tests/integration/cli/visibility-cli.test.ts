import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStatus } from '../../../src/core/demo';
import { openHistory } from '../../../src/core/history';
import { byEngineOrder } from '../../../src/shared/api/engines';
import { lastDemoDay } from '../../support/demo-days';
import { demoHistoryCopy } from '../../support/demo-history';
import { runCliAt as runCli, type InProcessOutcome as CliOut } from '../../support/cli-in-process';

// `parallax brands`, `parallax visibility` and `parallax sources` as a user runs them: the CLI
// in this process (tests/support/cli-in-process.ts) on a temp history holding a 2-day demo (`parallax demo --spec`: a copy of the shared
// template), JSON and text output, exit codes.

const DEMO_BRANDS = ['Cadence', 'Fleetfoot', 'Norrun', 'Pacer & Co', 'Stridewell', 'Veloxa'];
const DEMO_LOCATIONS = ['DE', 'FR', 'GB', 'JP', 'US', 'US-CA'];
const DEMO_RESULTS = 480;
let dir = '';
let db = '';

const parallax = (args: string[]): Promise<CliOut> => runCli([...args, '--db', db], dir);

async function json<T>(args: string[]): Promise<T> {
  const out = await parallax([...args, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as T;
}

interface Rate {
  value: number | null;
  lower: number | null;
  upper: number | null;
  k: number;
  n: number;
}
interface Mean {
  value: number | null;
  lower: number | null;
  upper: number | null;
  n: number;
}
interface BucketRow {
  bucket: string;
  day?: string;
  country?: string;
  brand: string;
  brandId: string;
  answers: number;
  mentionRate: Rate;
  citationRate: Rate;
  avgPosition: Mean;
  shareOfVoice: Rate;
}
type Changed<S> = S & { previous: S; delta: number | null; significant: boolean };
interface LeaderRow {
  brand: string;
  focus: boolean;
  answers: number;
  mentionRate: Changed<Rate>;
  citationRate: Changed<Rate>;
  avgPosition: Changed<Mean>;
  shareOfVoice: Changed<Rate>;
}

/** The interval holds the value, and a value exists exactly when there is a sample. */
function expectBounded(s: Rate | Mean): void {
  if (s.n === 0) return expect(s.value).toBeNull();
  const { value, lower, upper } = s as { value: number; lower: number | null; upper: number | null };
  expect(value).not.toBeNull();
  if (lower === null || upper === null) return;
  expect(lower).toBeLessThanOrEqual(value + 1e-9);
  expect(value).toBeLessThanOrEqual(upper + 1e-9);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-vis-cli-'));
  db = join(dir, 'history.db');
  await demoHistoryCopy({ days: 2, alerts: 'checked', to: db });
  const store = openHistory({ path: db, readonly: true });
  try {
    expect(demoStatus(store)).toMatchObject({ present: true, results: DEMO_RESULTS });
    expect(store.listBrands()).toHaveLength(6);
  } finally {
    store.close();
  }
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parallax brands', () => {
  it('list shows the demo brands with kind, aliases and domains', async () => {
    const { brands } = await json<{
      brands: Array<{ name: string; kind: string; aliases: string[]; domains: string[] }>;
    }>(['brands', 'list']);
    expect(brands.map((b) => b.name).sort()).toEqual(DEMO_BRANDS);
    expect(brands.find((b) => b.name === 'Veloxa')).toMatchObject({ kind: 'brand' });
    expect(brands.find((b) => b.name === 'Veloxa')?.domains).toContain('veloxa.com');
    const text = await parallax(['brands', 'list']);
    expect(text.stdout).toMatch(/^Veloxa\s+brand\s+Veloxa \S+/m);
    expect(text.stdout).toMatch(/^Pacer & Co\s+competitor\s/m);
  });

  it('add, refuse a duplicate, --update, remove: each change re-analyses the stored answers', async () => {
    const added = await json<{
      action: string;
      brand: { id: string; kind: string };
      reanalysedAnswers: number;
    }>(['brands', 'add', 'Zephyr', '--alias', 'Zephyr Run', '--domain', 'zephyr.com']);
    expect(added).toMatchObject({
      action: 'created',
      brand: { kind: 'competitor' },
      reanalysedAnswers: DEMO_RESULTS,
    });

    const again = await parallax(['brands', 'add', 'zephyr', '--domain', 'zephyr.de']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/A brand named "Zephyr" already exists: use --update/);

    const updated = await json<{
      action: string;
      brand: { id: string; aliases: string[]; domains: string[] };
    }>(['brands', 'add', 'zephyr', '--domain', 'zephyr.de', '--update']);
    expect(updated).toMatchObject({
      action: 'updated',
      brand: { id: added.brand.id, aliases: ['Zephyr Run'], domains: ['zephyr.com', 'zephyr.de'] },
    });

    const removed = await parallax(['brands', 'remove', 'ZEPHYR']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toMatch(/Removed competitor Zephyr\. Re-analysed 480 stored answers/);
    const { brands } = await json<{ brands: Array<{ name: string }> }>(['brands', 'list']);
    expect(brands.map((b) => b.name).sort()).toEqual(DEMO_BRANDS);

    const gone = await parallax(['brands', 'remove', 'Zephyr']);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/No brand "Zephyr"; brands: .*Veloxa \(brand\)/);
  });

  it('bad input is refused by the brands.save schema, field by field (exit 2)', async () => {
    const out = await parallax(['brands', 'add', ' ', '--kind', 'rival', '--domain', 'x']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('NAME must not be empty');
    expect(out.stderr).toContain('--kind "rival" must be one of brand, competitor');
    expect(out.stderr).toContain('--domain "x" must have at least 3 characters');
  });
});

describe('parallax visibility', () => {
  it('--by day --json: one bucket per demo day, every brand, rates with n = answers inside their bounds', async () => {
    const view = await json<{ by: string[]; rows: BucketRow[] }>(['visibility', '--by', 'day']);
    expect(view.by).toEqual(['day']);
    const days = [...new Set(view.rows.map((r) => r.bucket))];
    expect(days).toHaveLength(2);
    for (const day of days) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(days[1] as string) - Date.parse(days[0] as string)).toBe(86_400_000);
    expect(view.rows).toHaveLength(2 * DEMO_BRANDS.length);
    for (const r of view.rows) {
      expect(r.day).toBe(r.bucket);
      expect(r.answers).toBe(DEMO_RESULTS / 2);
      expect(r.mentionRate.n).toBe(r.answers);
      expect(r.citationRate.n).toBe(r.answers);
      expect(r.avgPosition.n).toBe(r.mentionRate.k);
      for (const s of [r.mentionRate, r.citationRate, r.avgPosition, r.shareOfVoice]) expectBounded(s);
    }
    const veloxa = await json<{ brand: string; rows: BucketRow[] }>([
      'visibility',
      '--by',
      'day',
      '--brand',
      'veloxa',
    ]);
    expect(veloxa.brand).toBe('Veloxa');
    expect(veloxa.rows.map((r) => r.brand)).toEqual(['Veloxa', 'Veloxa']);
  });

  it('--by country gives the six demo locations', async () => {
    const view = await json<{ rows: BucketRow[] }>(['visibility', '--by', 'country', '--brand', 'Veloxa']);
    expect(view.rows.map((r) => r.country).sort()).toEqual(DEMO_LOCATIONS);
    expect(view.rows.reduce((s, r) => s + r.answers, 0)).toBe(DEMO_RESULTS);
    const us = await json<{ rows: BucketRow[] }>([
      'visibility',
      '--by',
      'country',
      '--countries',
      'us,US-CA',
    ]);
    expect([...new Set(us.rows.map((r) => r.country))].sort()).toEqual(['US', 'US-CA']);
  });

  it('overview: focus KPIs and leaderboard; text shows intervals and n.s. exactly where JSON says not significant', async () => {
    // The demo's last day against the day before (a 2-day demo ends yesterday before 07:00 UTC).
    const lastDay = lastDemoDay(2);
    const view = await json<{
      brand: string;
      answers: number;
      previousAnswers: number;
      leaderboard: LeaderRow[];
    }>(['visibility', '--from', lastDay, '--to', lastDay]);
    expect(view).toMatchObject({
      brand: 'Veloxa',
      answers: DEMO_RESULTS / 2,
      previousAnswers: DEMO_RESULTS / 2,
    });
    expect(view.leaderboard.map((r) => r.brand).sort()).toEqual(DEMO_BRANDS);
    expect(view.leaderboard[0]).toMatchObject({ brand: 'Veloxa', focus: true });
    let notSignificant = 0;
    for (const r of view.leaderboard) {
      for (const s of [r.mentionRate, r.citationRate, r.avgPosition, r.shareOfVoice]) {
        expectBounded(s);
        expectBounded(s.previous);
        if (s.delta === null) continue;
        const bounds = [s.lower, s.upper, s.previous.lower, s.previous.upper];
        const [lo, hi, prevLo, prevHi] = bounds as number[];
        const apart =
          !bounds.includes(null) &&
          ((lo as number) > (prevHi as number) || (hi as number) < (prevLo as number));
        expect(s.significant).toBe(apart);
        if (!s.significant) notSignificant += r.focus ? 2 : 1; // the focus brand's changes show in both tables
      }
    }
    const text = await parallax(['visibility', '--from', lastDay, '--to', lastDay]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/Mention rate\s+\d+\.\d % \[\d+\.\d\u2013\d+\.\d\]\s+240\s/);
    expect(text.stdout.match(/\d( pts)? n\.s\./g)?.length ?? 0).toBe(notSignificant);
  });

  it('--by engine --wide: the leaderboard by engine, the same numbers as --by engine, engines in catalog order', async () => {
    type Cell = Pick<BucketRow, 'answers' | 'mentionRate' | 'citationRate' | 'avgPosition' | 'shareOfVoice'>;
    // The reads and the refusals in one go (the in-process runs take their turns).
    const [wide, long, text, ...refused] = await Promise.all([
      json<{
        engines: Array<{ engine: string; label: string; answers: number }>;
        lowN: number;
        rows: Array<{ brand: string; focus: boolean; engines: Record<string, Cell | null> }>;
      }>(['visibility', '--by', 'engine', '--wide']),
      json<{ rows: Array<BucketRow & { engine: string }> }>(['visibility', '--by', 'engine']),
      parallax(['visibility', '--by', 'engine', '--wide', '--measure', 'voice']),
      parallax(['visibility', '--by', 'engine,day', '--wide']),
      parallax(['visibility', '--by', 'engine', '--wide', '--measure', 'reach']),
    ]);
    const engines = wide.engines.map((e) => e.engine);
    expect(engines).toEqual([...engines].sort(byEngineOrder));
    expect(engines).toEqual([...new Set(long.rows.map((r) => r.engine))].sort(byEngineOrder));
    expect(wide.engines.reduce((s, e) => s + e.answers, 0)).toBe(DEMO_RESULTS);
    expect(wide.rows[0]).toMatchObject({ brand: 'Veloxa', focus: true });
    expect(wide.rows.map((r) => r.brand).sort()).toEqual(DEMO_BRANDS);
    for (const r of long.rows) {
      const { mentionRate, citationRate, avgPosition, shareOfVoice, answers } = r;
      const cell = wide.rows.find((w) => w.brand === r.brand)?.engines[r.engine];
      expect(cell).toEqual({ answers, mentionRate, citationRate, avgPosition, shareOfVoice });
    }
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Share of voice by engine');
    expect(text.stdout).toMatch(/Veloxa \(focus\)\s+\d+\.\d % \[\d+\.\d\u2013\d+\.\d\] n=\d+/);
    expect(refused.map((out) => [out.code, out.stderr.trim()])).toEqual([
      [2, 'parallax: --wide shows engines side by side: use it with --by engine'],
      [2, 'parallax: --measure must be mention, voice, position or citation, got "reach"'],
    ]);
  }, 90_000);

  it('refuses bad input with exit 2 and the reason (unknown brand, location, engine, monitor; bad periods)', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--brand', 'Acme'], /No brand "Acme"; brands: Veloxa \(brand\), .*Stridewell \(competitor\)/],
      [['--since', '0d'], /--since must be a number of days or weeks, at least 1 day .*got "0d"/],
      [['--from', '2026-03-10', '--to', '2026-03-01'], /--to "2026-03-01": The period ends before it starts/],
      [['--from', '2026-13-01', '--to', '2026-12-31'], /--from "2026-13-01": Not a calendar date/],
      [['--countries', 'UK'], /Unknown location "UK".*locations in this history: DE, FR, GB, JP, US, US-CA/],
      [['--engine', 'gpt'], /--engine "gpt" must be one of assistant-a, assistant-b/],
      [['--monitor', 'weekly'], /No monitor "weekly"; monitors: .*Demo · Buying guides/],
    ];
    for (const [args, message] of cases) {
      const out = await parallax(['visibility', ...args]);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toMatch(message);
      expect(out.stdout).toBe('');
    }
  });
});

describe('parallax sources', () => {
  it('--json: the cited domains with their share of answers and its interval', async () => {
    const view = await json<{
      answers: number;
      rows: Array<{ domain: string; answers: number; share: Rate }>;
    }>(['sources', '--limit', '5']);
    expect(view.answers).toBe(DEMO_RESULTS);
    expect(view.rows).toHaveLength(5);
    for (const r of view.rows) {
      expect(r.share).toMatchObject({ k: r.answers, n: DEMO_RESULTS });
      expectBounded(r.share);
    }
    const text = await parallax(['sources', '--limit', '3']);
    expect(text.stdout).toContain(view.rows[0]?.domain);
  });

  it('--gaps --json: domains cited where competitors are named and Veloxa is not', async () => {
    const view = await json<{
      brand: string;
      gapAnswers: number;
      rows: Array<{ share: Rate; competitors: unknown[] }>;
    }>(['sources', '--gaps']);
    expect(view.brand).toBe('Veloxa');
    expect(view.gapAnswers).toBeGreaterThan(0);
    expect(view.rows.length).toBeGreaterThan(0);
    for (const r of view.rows) {
      expect(r.share.n).toBe(view.gapAnswers);
      expect(r.competitors.length).toBeGreaterThan(0);
      expectBounded(r.share);
    }
  });

  it('--domain drills into URLs, --queries lists fan-out queries; modes exclude each other', async () => {
    const top = await json<{ rows: Array<{ domain: string }> }>(['sources', '--limit', '1']);
    const domain = top.rows[0]?.domain as string;
    const urls = await json<{ domain: string; rows: Array<{ url: string; answers: number }> }>([
      'sources',
      '--domain',
      domain,
    ]);
    expect(urls.domain).toBe(domain);
    expect(urls.rows.length).toBeGreaterThan(0);
    for (const u of urls.rows) expect(new URL(u.url).hostname.endsWith(domain)).toBe(true);
    const queries = await json<{ rows: Array<{ query: string; isNew: boolean }> }>(['sources', '--queries']);
    expect(queries.rows.length).toBeGreaterThan(0);
    const both = await parallax(['sources', '--gaps', '--queries']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/Use one of --gaps, --domain\/--urls, --queries/);
  });
});
