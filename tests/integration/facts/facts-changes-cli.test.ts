import { afterAll, describe, expect, it } from 'vitest';
import { demoFactSheet } from '../../../src/core/demo';
import type { FindingsListView } from '../../../src/shared/ipc/channels/findings';
import { runCliAt } from '../../support/cli-in-process';
import { startMcp, textOf } from '../mcp/mcp-client';
import {
  DAY_MS,
  EARLIER_DAY,
  LATER_DAY,
  factPrompts,
  factsClock,
  ingestFactsRun,
} from '../../support/facts-history';
import { openTemp, tempFolder } from '../store/helpers';

// `parallax changes --json`, the facts findings' CLI twin, on a history whose answers were
// stored before Veloxa had a sheet: the sheet set afterwards leaves the history to re-check, and
// the command re-checks it before it reads, so the price each engine now gets wrong is found.

const folder = tempFolder();
afterAll(() => folder.cleanup());

const iso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe('parallax changes on brand facts', () => {
  it('re-checks what a new sheet left to check, then finds the new contradictions with n and interval', async () => {
    const db = folder.file('changes.db');
    const clock = factsClock();
    const store = openTemp(db, { now: clock.now });
    const veloxa = store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
    const prompts = factPrompts(45);
    ingestFactsRun(store, clock, EARLIER_DAY, prompts);
    ingestFactsRun(store, clock, LATER_DAY, prompts);
    store.setBrandFacts(veloxa.id, demoFactSheet('Veloxa', LATER_DAY));
    // Nothing checked yet: the answers were stored before the sheet.
    expect(store.factsRecheckPending()).toBe(true);
    expect(store.factAddressedRows(null)).toEqual([]);
    store.close();

    // The MCP tool reads only: it says the checks are behind, until a command re-checks them.
    const period = { from: iso(LATER_DAY - 59), to: iso(LATER_DAY) };
    const behind = 'A fact sheet changed since the answers were checked';
    const mcp = await startMcp({ userDataDir: folder.dir, args: ['--db', db] });
    try {
      expect(textOf(await mcp.call('what_changed', { period }))).toContain(behind);
    } finally {
      await mcp.close();
    }

    const out = await runCliAt(
      ['changes', '--from', iso(LATER_DAY - 59), '--to', iso(LATER_DAY), '--json', '--db', db],
      folder.dir,
    );
    expect(out.code, out.stderr).toBe(0);
    const view = JSON.parse(out.stdout) as FindingsListView;
    const facts = view.findings.filter((f) => f.kind === 'new-contradiction');
    expect(facts.map((f) => f.scope.engine).sort()).toEqual(['assistant-a', 'assistant-c']);
    for (const f of facts) {
      expect(f.fact).toMatch(/^price-/u);
      expect(f.after.n).toBeGreaterThanOrEqual(30);
      expect(f.after.lower).toBeLessThan(f.after.value);
      expect(f.after.upper).toBeGreaterThan(f.after.value);
      expect(f.significant).toBe(true);
      expect(f.resultIds.length).toBeGreaterThan(0);
    }
    expect(view.findings.some((f) => f.kind === 'discrepancy-rate' && f.effect > 0)).toBe(true);

    const text = await runCliAt(
      ['changes', '--from', iso(LATER_DAY - 59), '--to', iso(LATER_DAY), '--db', db],
      folder.dir,
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/now contradicts Veloxa's fact "price-[a-z0-9-]+"/u);
    const after = await startMcp({ userDataDir: folder.dir, args: ['--db', db] });
    try {
      const reply = textOf(await after.call('what_changed', { period }));
      expect(reply).not.toContain(behind);
      expect(reply).toContain("now contradicts Veloxa's fact");
    } finally {
      await after.close();
    }
    expect(text.stdout).toMatch(
      /new-contradiction: 0\.0 % \[0\.0–\d+\.\d\] n=\d+ → \d+\.\d % \[\d+\.\d–\d+\.\d\] n=\d+/u,
    );
  });
});
