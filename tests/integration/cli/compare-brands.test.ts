import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAt } from '../../support/cli-in-process';

// `parallax compare` names the tracked brands each answer names, in the order it names them,
// as Visibility counts them; the engine's own entity names are listed apart. A sandbox run in a
// temp history, the CLI in this process.

interface CompareRow {
  location: string;
  trackedBrands: Array<{ brand: string; rank: number }>;
  brands: string[];
}

let dir = '';
let db = '';
let runId = '';
const parallax = (args: string[]) => runCliAt([...args, '--db', db], dir);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-compare-'));
  db = join(dir, 'history.db');
  const run = await parallax([
    'run',
    '--sandbox',
    '--prompt',
    'best crm',
    '--countries',
    'US,DE',
    '--yes',
    '--json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  runId = (JSON.parse(run.stdout) as { runId: string }).runId;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function compareRows(): Promise<CompareRow[]> {
  const out = await parallax(['compare', runId, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return (JSON.parse(out.stdout) as { rows: CompareRow[] }).rows;
}

describe('parallax compare', () => {
  it('lists the tracked brands an answer names, first named first, and says none before any is tracked', async () => {
    const before = await compareRows();
    expect(before.length).toBe(2);
    expect(before.every((r) => r.trackedBrands.length === 0)).toBe(true);
    const text = await parallax(['compare', runId]);
    expect(text.stdout).toMatch(/ {4}brands: {2}-\n/);

    // Track two names the answers themselves put forward.
    const named = before.flatMap((r) => r.brands);
    expect(named.length).toBeGreaterThan(1);
    const [first, second] = [...new Set(named)];
    for (const name of [first, second])
      expect((await parallax(['brands', 'add', name as string])).code).toBe(0);

    const after = await compareRows();
    for (const row of after) {
      const tracked = row.trackedBrands.map((m) => m.brand);
      expect(tracked.every((b) => b === first || b === second)).toBe(true);
      // Ranks as Visibility counts them: 1 for the brand named first, ascending.
      expect(row.trackedBrands.map((m) => m.rank)).toEqual([...row.trackedBrands.map((m) => m.rank)].sort());
      if (row.trackedBrands.length > 0) expect(row.trackedBrands[0]?.rank).toBe(1);
    }
    expect(after.some((r) => r.trackedBrands.length > 0)).toBe(true);
    const shown = (await parallax(['compare', runId])).stdout;
    expect(shown).toMatch(new RegExp(` {4}brands: {2}(${first}|${second}) \\(1st\\)`));
    expect(shown).toContain('    names:   ');
  });
});
