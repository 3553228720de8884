import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingsListView } from '../../../src/shared/ipc/channels/findings';
import { runCli } from '../../support/run-cli';
import { newRun, normalized, openTemp, tempFolder } from '../store/helpers';

// `parallax changes` as the real binary, on a history stored through the store (real ingest,
// the Visibility and positioning roll-ups written as in the app): the drift of the engine's unit
// fixture (tests/unit/findings/drift-fixture.ts) as real answers. Before, on every engine and in
// every country: Veloxa in 3 of 4 answers, Fleetfoot in 1 of 4, Stridex in 2 of 4; veloxa.de cited
// in half of Germany's Assistant A answers. From Nov 1, in Germany on Assistant A only: Veloxa in
// 12 of 40 answers, Fleetfoot in 30 of 40, and veloxa.de cited until Nov 3, never after.

const tmp = tempFolder();
const DAY_MS = 86_400_000;
const FIRST = Date.parse('2026-10-22T00:00:00Z');
const PERIOD = ['--from', '2026-11-01', '--to', '2026-11-10'];
let db = '';

function answerOf(day: number, engine: string, country: string, j: number) {
  const after = day >= 10;
  const d = after ? day - 10 : day;
  const drifted = after && engine === 'assistant-a' && country === 'DE';
  const names: string[] = [];
  if (drifted ? j === 0 || (j === 1 && d < 2) : j < 3) names.push('Veloxa');
  if (drifted ? j >= 1 : j === 3) names.push('Fleetfoot');
  if (j % 2 === 0) names.push('Stridex');
  const citesDe = engine === 'assistant-a' && country === 'DE' && j < 2 && (!after || d < 3);
  const urls = [
    ...(citesDe ? ['https://veloxa.de/laufschuhe'] : []),
    'https://wiki.example.org/Running_shoe',
  ];
  const text = names.length ? `Running shoes people talk about: ${names.join(', ')}.` : 'No brand here.';
  return normalized(engine as 'assistant-a', text, {
    sources: urls.map((url, i) => ({
      position: i + 1,
      kind: 'citation' as const,
      url,
      domain: new URL(url).hostname,
      title: null,
      snippet: null,
      redirectLink: null,
      datePublished: null,
    })),
  });
}

beforeAll(() => {
  db = tmp.file('changes.db');
  const store = openTemp(db);
  store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com', 'veloxa.de'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  store.saveBrand({ name: 'Stridex', kind: 'competitor', aliases: [], domains: [] });
  for (let day = 0; day < 20; day++) {
    const run = newRun(store, {
      prompts: ['p0', 'p1', 'p2', 'p3'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE'],
    });
    store.ingestResults(
      run.jobs.map((job) => ({
        jobId: job.id,
        raw: {},
        fetchedAt: FIRST + day * DAY_MS + 3_600_000,
        normalized: answerOf(day, job.engine, job.country, job.promptIndex),
      })),
    );
  }
  store.close();
}, 60_000);

afterAll(() => tmp.cleanup());

const cli = (args: string[]) => runCli(args, tmp.dir);

describe('parallax changes', () => {
  it('says what changed as a numbered list, with the statistics under each finding', async () => {
    const out = await cli(['changes', '--db', db, ...PERIOD]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(
      'What changed 2026-11-01 to 2026-11-10 against 2026-10-22 to 2026-10-31, focus Veloxa',
    );
    expect(out.stdout).toContain(
      "1. Veloxa's mention rate fell 45 points in Germany on Assistant A (75 % → 30 %), while Fleetfoot rose 50 points.",
    );
    expect(out.stdout).toMatch(
      /^ {3}mention-rate: 75\.0 % \[59\.8–85\.8\] n=40 → 30\.0 % \[18\.1–45\.4\] n=40; p /m,
    );
    expect(out.stdout).toMatch(
      /^\d\. Assistant A stopped citing veloxa\.de in Germany on Nov 4 \(in 50 % of answers before, 0 % since\)\.$/m,
    );
    expect(out.stdout).toMatch(/tests across engines and locations; significant = q ≤ 0\.05/);
  });

  it('gives every number and the answers behind each finding with --json', async () => {
    const out = await cli(['--json', 'changes', '--db', db, ...PERIOD]);
    expect(out.code, out.stderr).toBe(0);
    const view = JSON.parse(out.stdout) as FindingsListView;
    expect(view.findings.length).toBeGreaterThan(0);
    expect(view.findings.length).toBeLessThanOrEqual(7);
    const first = view.findings[0];
    expect(first).toMatchObject({
      kind: 'mention-rate',
      significant: true,
      scope: { engine: 'assistant-a', loc: 'DE' },
      before: { value: 0.75, n: 40 },
      after: { value: 0.3, n: 40 },
      competitor: { name: 'Fleetfoot', effect: 0.5 },
    });
    expect(first?.effect).toBeCloseTo(-0.45, 10);
    // The 28 answers of that cell in the period that do not name Veloxa: real result ids.
    expect(new Set(first?.resultIds).size).toBe(28);
    const check = new Database(db, { readonly: true });
    try {
      const rows = check
        .prepare(
          `SELECT j.engine, j.country FROM results r JOIN jobs j ON j.id = r.job_id
           WHERE r.id IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(first?.resultIds)) as Array<{ engine: string; country: string }>;
      expect(rows).toHaveLength(28);
      expect(rows.every((r) => r.engine === 'assistant-a' && r.country === 'DE')).toBe(true);
    } finally {
      check.close();
    }
    const citation = view.findings.find((f) => f.kind === 'citation');
    expect(citation).toMatchObject({ domain: 'veloxa.de', changeDay: '2026-11-04', significant: true });
    expect(citation?.resultIds).toHaveLength(28);
    expect(view.findings.some((f) => f.brandId !== null && f.text.includes('Stridex'))).toBe(false);
  });

  it('narrows to engines and countries (the change in Germany on Assistant A is outside)', async () => {
    const out = await cli(['--json', 'changes', '--db', db, ...PERIOD, '--engine', 'assistant-b']);
    expect(out.code, out.stderr).toBe(0);
    const view = JSON.parse(out.stdout) as FindingsListView;
    expect(view.findings.filter((f) => f.kind === 'mention-rate' || f.kind === 'citation')).toEqual([]);
  });

  it('says why there is nothing to compare', async () => {
    const out = await cli(['changes', '--db', db, '--from', '2026-10-22', '--to', '2026-10-31']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(
      'No answers in the previous period (2026-10-12 to 2026-10-21) to compare with.',
    );
  });

  it('refuses bad input with exit 2 and the reason', async () => {
    const brand = await cli(['changes', '--db', db, '--brand', 'Nope']);
    expect(brand.code).toBe(2);
    expect(brand.stderr).toContain('No brand "Nope"; brands: Veloxa (brand)');
    const since = await cli(['changes', '--db', db, '--since', '0d']);
    expect(since.code).toBe(2);
    expect(since.stderr).toContain('--since must be a number of days or weeks');
    const both = await cli(['changes', '--db', db, '--since', '7d', '--from', '2026-11-01']);
    expect(both.code).toBe(2);
  });
});
