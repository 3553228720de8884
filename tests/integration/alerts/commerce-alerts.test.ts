import { afterAll, describe, expect, it } from 'vitest';
import { commerceRule } from '../../../src/core/alerts/commerce-rule';
import type { HistoryStore } from '../../../src/core/history';
import { describeAlert, severityOf } from '../../../src/shared/alerts/registry';
import { parseAlertRules } from '../../../src/shared/alerts/rules';
import type { NewAlert } from '../../../src/shared/alerts/types';
import { ingestCommerce } from '../../support/commerce-history';
import { spec } from '../store/helpers';
import { openTemp, tempFolder } from '../store/helpers';

// The commerce alerts on a monitor's run against its previous one, through a real history: the
// previous run's shelf shows Veloxa's product and Fleetfoot at $80 with a retailer's ads; this
// run's shows no Veloxa, Fleetfoot at $60 and Fleetfoot's ads on prompts naming Veloxa. The
// rule raises the five kinds with the registry's severity (low on fewer than 30 answers a side)
// and plain-text sentences; the rules' thresholds hold them back.

const folder = tempFolder();
afterAll(() => folder.cleanup());
const T0 = Date.UTC(2026, 0, 1) + 3_600_000;
const BEFORE = { veloxa: true, fleetfootPrice: 80, fleetfootAds: false };
const AFTER = { veloxa: false, fleetfootPrice: 60, fleetfootAds: true };

function runs(answers: number): { store: HistoryStore; runId: string; prevRunId: string; monitorId: string } {
  const store = openTemp(folder.file(`a-${answers}-${Math.random()}.db`));
  store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: ['veloxa.com'] });
  store.saveBrand({ name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.com'] });
  const monitor = store.saveMonitor({ name: 'Shoes', spec: spec(), cadence: 'daily' });
  const prevRunId = ingestCommerce(store, BEFORE, {
    fetchedAt: T0,
    answers,
    wobble: 0,
    monitorId: monitor.id,
  });
  const runId = ingestCommerce(store, AFTER, {
    fetchedAt: T0 + 3_600_000,
    answers,
    wobble: 0,
    monitorId: monitor.id,
  });
  return { store, runId, prevRunId, monitorId: monitor.id };
}

async function detect(answers: number, rules: unknown = {}): Promise<NewAlert[]> {
  const { store, ...ids } = runs(answers);
  try {
    return await commerceRule.detect({
      ...ids,
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

describe('commerce alerts', () => {
  it('raises the five kinds on 40 answers a side, the focus brand high, a competitor medium', async () => {
    const alerts = (await detect(40)).map(view);
    const of = (kind: NewAlert['kind']) => alerts.find((a) => a.kind === kind);
    expect(alerts.map((a) => a.kind).sort()).toEqual(
      ['conquest-began', 'new-advertiser', 'price-moved', 'product-shelf', 'shelf-moved'].sort(),
    );
    expect(of('shelf-moved')).toMatchObject({
      brandName: 'Veloxa',
      severity: 'high',
      title: "Veloxa's shelf presence fell 100 points (100 % → 0 % of the answers with a shopping surface).",
    });
    expect(of('shelf-moved')?.details).toMatch(/^Previous run: 100 % of 40 answers, 95 % interval/);
    expect(of('product-shelf')).toMatchObject({ severity: 'high', data: { product: 'Veloxa Glide 3' } });
    expect(of('conquest-began')).toMatchObject({ brandName: 'Veloxa', severity: 'high' });
    expect(of('price-moved')).toMatchObject({
      brandName: 'Fleetfoot',
      severity: 'medium',
      title: `The price of Fleetfoot's "Fleetfoot Dash" in the United States fell 25 % ($80.00 → $60.00 on average).`,
      data: { currency: 'USD' },
    });
    expect(of('price-moved')?.details).toContain('80.00 USD over 40 priced product slots');
    expect(of('new-advertiser')).toMatchObject({ brandName: 'Fleetfoot', severity: 'medium' });
  });

  it('never above low on fewer than 30 answers a side, and says few answers', async () => {
    const alerts = (await detect(10)).map(view);
    expect(alerts).toHaveLength(5);
    for (const a of alerts) {
      expect(a.severity).toBe('low');
      expect(a.title).toMatch(/, on few answers \(10 before, 10 after\)\.$/u);
    }
  });

  it('holds back a price move or shelf change under the rules’ thresholds', async () => {
    const kinds = (await detect(40, { priceMove: 0.3, shelfMinChange: 1 })).map((a) => a.kind);
    expect(kinds).not.toContain('price-moved');
    expect(kinds).toContain('product-shelf');
    // A shelf change of exactly 100 points passes a threshold of 1 (100 %).
    expect(kinds).toContain('shelf-moved');
  });
});
