import { afterAll, describe, expect, it } from 'vitest';
import { factsRule } from '../../../src/core/alerts/facts-rule';
import { describeAlert, severityOf } from '../../../src/shared/alerts/registry';
import { parseAlertRules } from '../../../src/shared/alerts/rules';
import type { NewAlert } from '../../../src/shared/alerts/types';
import {
  EARLIER_DAY,
  LATER_DAY,
  factPrompts,
  factsClock,
  ingestFactsRun,
  saveFactBrands,
  scripted,
} from '../../support/facts-history';
import { openTemp, spec, tempFolder } from '../store/helpers';

// The facts alerts on a monitor's run against its previous one, through a real history of the
// sandbox's answers: the previous run asked 60 days before Veloxa's price changed back, when
// every answer quoted it right, this run two days after the change, when about half quote the
// old price; assistant-c states the founding year wrong in both. The rule raises the price as
// newly contradicted on each engine and Veloxa's discrepancy rate as risen, high severity on
// 45 answers a side, low and "few answers" on 10; the founding year, wrong all along, is not new.

const folder = tempFolder();
afterAll(() => folder.cleanup());

async function detect(prompts: readonly string[], rules: unknown = {}): Promise<NewAlert[]> {
  const clock = factsClock();
  const store = openTemp(folder.file(`alerts-${prompts.length}-${Math.random()}.db`), { now: clock.now });
  try {
    saveFactBrands(store);
    const monitor = store.saveMonitor({ name: 'Veloxa facts', spec: spec(), cadence: 'daily' });
    const prevRunId = ingestFactsRun(store, clock, EARLIER_DAY, prompts, monitor.id);
    const runId = ingestFactsRun(store, clock, LATER_DAY, prompts, monitor.id);
    return await factsRule.detect({
      runId,
      prevRunId,
      monitorId: monitor.id,
      rules: parseAlertRules(rules),
      brands: store.listBrands().map((b) => ({ id: b.id, name: b.name, kind: b.kind })),
      store,
      judge: 'builtin',
      found: [],
    });
  } finally {
    store.close();
  }
}

const view = (a: NewAlert) => ({ ...a, ...describeAlert(a), severity: severityOf(a) });

describe('facts alerts', () => {
  it('raises the newly contradicted price per engine and the risen discrepancy rate, high on 45 answers a side', async () => {
    const prompts = factPrompts(45);
    const alerts = (await detect(prompts)).map(view);
    const contradicted = alerts.filter((a) => a.kind === 'fact-contradicted');
    expect(contradicted.map((a) => a.engine).sort()).toEqual(['assistant-a', 'assistant-c']);
    for (const a of contradicted) {
      const key = a.data?.fact as string;
      expect(key).toMatch(/^price-/u);
      const s = scripted(a.engine as string, LATER_DAY, prompts).get(key);
      expect(a.after).toMatchObject({ n: s?.stated, value: (s?.wrong ?? 0) / (s?.stated ?? 1) });
      expect(a.before.value).toBe(0);
      expect(a).toMatchObject({ brandName: 'Veloxa', severity: 'high' });
      expect(a.title).toMatch(
        /^Assistant [AC] now contradicts Veloxa's fact "price-[a-z0-9-]+" \(“.+”\) in \d+ of \d+ answers/u,
      );
      expect(a.details).toMatch(
        /^Contradicting, of the answers addressing the fact: previous run 0 of \d+ answers \(0 %, 95 % interval 0–\d+ %\); this run \d+ of \d+ answers/u,
      );
    }
    expect(alerts.find((a) => a.kind === 'discrepancy-rose')).toMatchObject({
      brandName: 'Veloxa',
      severity: 'high',
      title: expect.stringMatching(/^Veloxa's discrepancy rate rose \d+ points/u),
    });
    expect(alerts.some((a) => a.data?.fact === 'founded')).toBe(false);
  });

  it('is never above low on 10 answers a side, and says few answers', async () => {
    const alerts = (await detect(factPrompts(10))).map(view);
    expect(alerts.length).toBeGreaterThan(0);
    for (const a of alerts) {
      expect(a.severity).toBe('low');
      expect(a.title).toMatch(/, on few answers \(\d+ before, \d+ after\)\.$/u);
    }
  });

  it('holds back a discrepancy rise under the rules’ threshold', async () => {
    const prompts = factPrompts(45);
    const high = await detect(prompts, { discrepancyMinChange: 1 });
    expect(high.map((a) => a.kind)).not.toContain('discrepancy-rose');
    expect(high.map((a) => a.kind)).toContain('fact-contradicted');
  });
});
