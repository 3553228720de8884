import { describe, expect, it } from 'vitest';
import { severityOf } from '../../../src/shared/alerts/registry';
import {
  allKindsOn,
  defaultAlertRules,
  alertRulesSchema,
  parseAlertRules,
  redactWebhookUrl,
  webhookUrlSchema,
} from '../../../src/shared/alerts/rules';
import type { NewAlert } from '../../../src/shared/alerts/types';
import {
  detectChanges,
  type ChangeAnswer,
  type ChangeBrand,
} from '../../../src/shared/analytics/change-alerts';
import {
  meanInterval,
  rateInterval,
  separation,
  tQuantile975,
} from '../../../src/shared/analytics/change-stats';

const BRANDS: ChangeBrand[] = [
  { id: 'v', name: 'Veloxa', kind: 'brand' },
  { id: 'f', name: 'Fleetfoot', kind: 'competitor' },
];

let seq = 0;
function answer(
  brands: Record<string, number | null>,
  domains: string[] = ['a.com', 'b.com'],
  cell: Partial<ChangeAnswer> = {},
): ChangeAnswer {
  seq++;
  return {
    seq,
    prompt: 'best shoes',
    engine: 'assistant-a',
    loc: 'DE',
    brands: new Map(Object.entries(brands)),
    domains,
    ...cell,
  };
}
const times = (n: number, make: () => ChangeAnswer): ChangeAnswer[] => Array.from({ length: n }, make);

/** Every kind on, sources and wording included (new monitors start with those two off). */
const allRules = () => alertRulesSchema.parse({ kinds: allKindsOn() });

function detect(
  before: ChangeAnswer[],
  after: ChangeAnswer[],
  rules = allRules(),
  similarity?: (a: number, b: number) => number,
) {
  return detectChanges({ before, after, brands: BRANDS, rules, ...(similarity ? { similarity } : {}) });
}
const kinds = (alerts: ReturnType<typeof detect>): string[] =>
  alerts.map((a) => `${a.scope}:${a.kind}:${a.brandName ?? ''}`).sort();

describe('interval helpers', () => {
  it('t quantiles, Wilson and mean intervals, separation', () => {
    expect(tQuantile975(1)).toBeCloseTo(12.706);
    expect(tQuantile975(1000)).toBeCloseTo(1.96);
    const r = rateInterval(0, 4);
    expect(r.value).toBe(0);
    expect(r.high).toBeLessThan(0.5);
    const m = meanInterval([1, 3]);
    expect(m.value).toBe(2);
    expect(m.low).toBeLessThan(-10);
    expect(meanInterval([4]).low).toBe(4);
    expect(separation(rateInterval(0, 4), rateInterval(4, 4))).toBe(1);
    expect(separation(rateInterval(0, 2), rateInterval(2, 2))).toBe(0);
  });
});

describe('single answers: the plain rule', () => {
  it('focus brand entered and dropped out, competitor appeared and disappeared', () => {
    expect(kinds(detect([answer({ f: 1 })], [answer({ v: 1, f: 2 })]))).toEqual([
      'cell:brand-entered:Veloxa',
    ]);
    expect(kinds(detect([answer({ v: 1 })], [answer({})]))).toEqual(['cell:brand-dropped:Veloxa']);
    expect(kinds(detect([answer({})], [answer({ f: 1 })]))).toEqual(['cell:competitor-appeared:Fleetfoot']);
    expect(kinds(detect([answer({ f: 1 })], [answer({})]))).toEqual([
      'cell:competitor-disappeared:Fleetfoot',
    ]);
  });

  it('nothing fires when nothing changed', () => {
    expect(detect([answer({ v: 1, f: 2 })], [answer({ v: 1, f: 2 })])).toEqual([]);
  });

  it('carries before/after with n and interval, the example answers and a plain sentence', () => {
    const b = answer({ v: 1 });
    const a = answer({});
    const [alert] = detect([b], [a]);
    expect(alert).toMatchObject({
      kind: 'brand-dropped',
      scope: 'cell',
      prompt: 'best shoes',
      engine: 'assistant-a',
      loc: 'DE',
      brandName: 'Veloxa',
      before: { value: 1, n: 1 },
      after: { value: 0, n: 1 },
      beforeSeq: b.seq,
      afterSeq: a.seq,
    });
    expect(alert?.summary).toBe(
      'Veloxa is no longer named in the answer (“best shoes”, Germany, Assistant A), on few answers (1 before, 1 after).',
    );
    expect(alert).toMatchObject({ brandKind: 'brand', data: null });
  });

  it('position moved by 2 or more fires; by 1 does not', () => {
    expect(kinds(detect([answer({ v: 1, f: 2 })], [answer({ v: 3, f: 1 })]))).toEqual([
      'cell:position-moved:Veloxa',
    ]);
    expect(detect([answer({ v: 1, f: 2 })], [answer({ v: 2, f: 1 })])).toEqual([]);
  });

  it('the position threshold is per monitor', () => {
    const rules = alertRulesSchema.parse({ positionDelta: 1 });
    expect(kinds(detect([answer({ v: 1, f: 2 })], [answer({ v: 2, f: 1 })], rules))).toEqual([
      'cell:position-moved:Veloxa',
    ]);
  });

  it('cited domains: Jaccard below 0.5 fires, at 0.5 or above does not', () => {
    const changed = detect(
      [answer({}, ['a.com', 'b.com', 'c.com'])],
      [answer({}, ['a.com', 'x.com', 'y.com'])],
    );
    expect(kinds(changed)).toEqual(['cell:sources-changed:']);
    expect(changed[0]?.after.value).toBeCloseTo(0.2);
    expect(
      detect([answer({}, ['a.com', 'b.com', 'c.com'])], [answer({}, ['a.com', 'b.com', 'x.com'])]),
    ).toEqual([]);
  });

  it('answer similarity below 0.5 fires, not above; off without a similarity function', () => {
    const b = answer({});
    const a = answer({});
    expect(kinds(detect([b], [a], allRules(), () => 0.3))).toEqual(['cell:answer-changed:']);
    expect(detect([b], [a], allRules(), () => 0.8)).toEqual([]);
    expect(detect([b], [a])).toEqual([]);
  });

  it('rules switched off do not fire', () => {
    const rules = alertRulesSchema.parse({ kinds: { 'brand-dropped': false } });
    expect(detect([answer({ v: 1 })], [answer({})], rules)).toEqual([]);
  });
});

describe('repeats: only a change outside the noise fires', () => {
  it('a flip inside overlapping intervals does not fire (2 of 3 → 1 of 3)', () => {
    const before = [answer({ v: 1 }), answer({ v: 1 }), answer({})];
    const after = [answer({ v: 1 }), answer({}), answer({})];
    expect(detect(before, after)).toEqual([]);
  });

  it('2/2 → 0/2 is still noise at 95 % (intervals overlap)', () => {
    expect(
      detect(
        times(2, () => answer({ v: 1 })),
        times(2, () => answer({})),
      ),
    ).toEqual([]);
  });

  it('a real shift fires (5/5 → 0/5), with Wilson intervals on both sides', () => {
    const alerts = detect(
      times(5, () => answer({ v: 1 })),
      times(5, () => answer({})),
    );
    expect(kinds(alerts)).toEqual(['cell:brand-dropped:Veloxa']);
    const [a] = alerts;
    expect(a?.before.n).toBe(5);
    expect(a?.before.low).toBeGreaterThan(a?.after.high ?? 1);
    expect(a?.summary).toBe(
      'Veloxa is no longer named in any answer, down from 100 % (“best shoes”, Germany, Assistant A), on few answers (5 before, 5 after).',
    );
  });

  it('a competitor named more often but not absent before: fires with both rates', () => {
    const before = [...times(2, () => answer({ f: 1 })), ...times(18, () => answer({}))];
    const after = [...times(18, () => answer({ f: 1 })), ...times(2, () => answer({}))];
    const [a] = detect(before, after);
    expect(a?.kind).toBe('competitor-appeared');
    expect(a?.summary).toBe(
      'Fleetfoot is named in 90 % of answers, up from 10 % (“best shoes”, Germany, Assistant A), on few answers (20 before, 20 after).',
    );
    expect(a?.brandKind).toBe('competitor');
  });

  it('position: a wobble does not fire, a consistent move does', () => {
    const wobbleB = [answer({ v: 1 }), answer({ v: 4 })];
    const wobbleA = [answer({ v: 3 }), answer({ v: 5 })];
    expect(detect(wobbleB, wobbleA)).toEqual([]);
    // Ranks that vary a little on each side (1.25 ± 0.5 against 3.25 ± 0.5): the intervals have
    // width and do not overlap. On 4 answers a side it is low and says so.
    const movedB = [1, 1, 2, 1].map((v) => answer({ v, f: 3 }));
    const movedA = [3, 4, 3, 3].map((v) => answer({ v, f: 1 }));
    const alerts = detect(movedB, movedA);
    expect(kinds(alerts)).toEqual(['cell:position-moved:Veloxa']);
    expect(alerts[0]?.summary).toBe(
      'Veloxa’s average position fell from 1st to 3rd (“best shoes”, Germany, Assistant A), on few answers (4 before, 4 after).',
    );
    expect(severityOf(alerts[0] as NewAlert)).toBe('low');
    // A rank interval never reads below 1.
    expect(alerts[0]?.before.low).toBeGreaterThanOrEqual(1);
  });

  it('position: repeats that all agree on both sides are no interval, below 30 ranked answers a side', () => {
    // 1st, 1st, 1st, 1st against 3rd × 4: both intervals zero-wide, "certain" from nothing.
    const steadyB = times(4, () => answer({ v: 1, f: 2 }));
    const steadyA = times(4, () => answer({ v: 3, f: 1 }));
    expect(detect(steadyB, steadyA)).toEqual([]);
    expect(detect(steadyB.slice(0, 2), steadyA.slice(0, 2))).toEqual([]);
    // With 30 ranked answers a side the same agreement is evidence: it fires, at full severity.
    const manyB = times(30, () => answer({ v: 1, f: 2 }));
    const manyA = times(30, () => answer({ v: 3, f: 1 }));
    const alerts = detect(manyB, manyA);
    expect(kinds(alerts)).toEqual(['cell:position-moved:Veloxa']);
    expect(alerts[0]?.summary).toBe(
      'Veloxa’s average position fell from 1st to 3rd (“best shoes”, Germany, Assistant A).',
    );
    expect(severityOf(alerts[0] as NewAlert)).toBe('high');
  });

  it('sources: low between-run Jaccard fires only when repeats agree among themselves', () => {
    // Repeats agree (same sets inside each run), runs disagree: a real change.
    const agreeB = times(3, () => answer({}, ['a.com', 'b.com', 'c.com']));
    const agreeA = times(3, () => answer({}, ['x.com', 'y.com', 'z.com']));
    const changed = detect(agreeB, agreeA);
    expect(kinds(changed)).toEqual(['cell:sources-changed:']);
    expect(changed[0]?.data).toEqual({
      dropped: ['a.com', 'b.com', 'c.com'],
      added: ['x.com', 'y.com', 'z.com'],
    });
    expect(changed[0]?.summary).toBe(
      'a.com and 2 other sites are no longer cited, and 3 new sites are cited (“best shoes”, Germany, Assistant A).',
    );
    // Repeats already disagree as much inside a run: noise.
    const noisyB = [answer({}, ['a.com']), answer({}, ['b.com']), answer({}, ['c.com'])];
    const noisyA = [answer({}, ['x.com']), answer({}, ['a.com']), answer({}, ['y.com'])];
    expect(detect(noisyB, noisyA)).toEqual([]);
  });

  it('similarity: compared with the within-run baseline', () => {
    const b = times(3, () => answer({}));
    const a = times(3, () => answer({}));
    const side = new Map<number, 'b' | 'a'>([
      ...b.map((x) => [x.seq, 'b'] as const),
      ...a.map((x) => [x.seq, 'a'] as const),
    ]);
    const real = (x: number, y: number): number => (side.get(x) === side.get(y) ? 0.9 : 0.2);
    expect(kinds(detect(b, a, allRules(), real))).toEqual(['cell:answer-changed:']);
    const noisy = (): number => 0.3;
    expect(detect(b, a, allRules(), noisy)).toEqual([]);
  });
});

describe('pooled per monitor', () => {
  it('a shift spread over many cells fires pooled even when no single cell is significant', () => {
    const before: ChangeAnswer[] = [];
    const after: ChangeAnswer[] = [];
    for (const loc of ['US', 'GB', 'DE', 'FR', 'JP', 'US-CA']) {
      for (const engine of ['assistant-a', 'assistant-b']) {
        before.push(
          answer({ v: 1 }, undefined, { loc, engine }),
          answer({ v: 1 }, undefined, { loc, engine }),
        );
        after.push(answer({}, undefined, { loc, engine }), answer({}, undefined, { loc, engine }));
      }
    }
    const alerts = detect(before, after);
    expect(kinds(alerts)).toEqual(['monitor:brand-dropped:Veloxa']);
    const [a] = alerts;
    expect(a).toMatchObject({ prompt: null, engine: null, loc: null, before: { n: 24 }, after: { n: 24 } });
    expect(a?.beforeSeq).not.toBeNull();
    expect(a?.afterSeq).not.toBeNull();
  });

  it('cells asked by one run only are left out (no alert from a changed prompt list)', () => {
    const before = [answer({ v: 1 }, undefined, { prompt: 'old prompt' })];
    const after = [answer({}, undefined, { prompt: 'new prompt' })];
    expect(detect(before, after)).toEqual([]);
  });

  it('single-cell runs give no pooled duplicate', () => {
    expect(kinds(detect([answer({ v: 1 })], [answer({})]))).toEqual(['cell:brand-dropped:Veloxa']);
  });
});

describe('rules schema and webhook URL', () => {
  it('defaults: sources and wording off for new monitors, the rest on; stored rules are read leniently', () => {
    const d = defaultAlertRules();
    expect(d).toMatchObject({
      positionDelta: 2,
      jaccardBelow: 0.5,
      similarityBelow: 0.5,
      trendRuns: 30,
      trendMinChange: 0.1,
    });
    const off = Object.entries(d.kinds)
      .filter(([, on]) => !on)
      .map(([k]) => k);
    expect(off).toEqual(['sources-changed', 'answer-changed']);
    // Rules a monitor saved before 'trend' existed keep their kinds and take trend's default.
    const saved = parseAlertRules({ kinds: { 'sources-changed': true, 'answer-changed': true } });
    expect(saved.kinds).toMatchObject({ 'sources-changed': true, 'answer-changed': true, trend: true });
    expect(parseAlertRules({ positionDelta: -3 })).toEqual(d);
    expect(parseAlertRules({ kinds: { 'answer-changed': false } }).kinds['answer-changed']).toBe(false);
    expect(alertRulesSchema.safeParse({ jaccardBelow: 2 }).success).toBe(false);
  });

  it('webhook URLs: http(s) only, no credentials; redacted to scheme and host', () => {
    expect(webhookUrlSchema.safeParse('https://hooks.example.com/services/T0/B0/SECRET').success).toBe(true);
    expect(webhookUrlSchema.safeParse('ftp://x.example.com/a').success).toBe(false);
    expect(webhookUrlSchema.safeParse('https://user:pw@x.example.com/a').success).toBe(false);
    expect(webhookUrlSchema.safeParse('not a url').success).toBe(false);
    expect(redactWebhookUrl('https://hooks.example.com/services/T0/B0/SECRET')).toBe(
      'https://hooks.example.com/…',
    );
  });
});
