import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindingsListView } from '../../../src/shared/ipc/channels/findings';
import { runCliAt as runCli } from '../../support/cli-in-process';
import { buildDriftHistory, DRIFT_PERIOD } from '../../support/drift-history';
import { tempFolder } from '../store/helpers';

// `parallax changes` on a history stored through the store with a drift in Germany on
// Assistant A (tests/support/drift-history.ts): the text list and the JSON, the answers behind a
// finding, filters, an empty comparison and bad input (exit 2). The CLI runs in this process
// (tests/support/cli-in-process.ts: its own runCli, the parser and commands of the bin).

const tmp = tempFolder();
const PERIOD = ['--from', DRIFT_PERIOD.from, '--to', DRIFT_PERIOD.to];
let db = '';

beforeAll(() => {
  db = tmp.file('changes.db');
  buildDriftHistory(db);
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

  it('names the engines as the service profile does with --profile live (ChatGPT, not Assistant A)', async () => {
    const out = await cli(['changes', '--db', db, '--profile', 'live', ...PERIOD]);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(
      "1. Veloxa's mention rate fell 45 points in Germany on ChatGPT (75 % → 30 %)",
    );
    expect(out.stdout).toMatch(/^\d\. ChatGPT stopped citing veloxa\.de in Germany on Nov 4/m);
    expect(out.stdout).not.toContain('Assistant A');
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
  }, 120_000);
});
