import type {
  DayCitations,
  FindingsBrand,
  FindingsInput,
  PeriodSums,
} from '../../../src/shared/analytics/findings';

// A small history as answers (day, engine, location, brands named, domains cited, positioning),
// summed the way the roll-ups sum them, so the findings' numbers can be computed by hand.

export interface FixtureAnswer {
  id: string;
  day: string;
  engine: string;
  loc: string;
  /** Brands named, with their first-mention rank. */
  named: Array<{
    brandId: string;
    rank: number;
    status?: 'top' | 'recommended' | 'mentioned' | 'cautioned';
    tone?: -1 | 0 | 1;
    attrs?: string[];
  }>;
  cited: string[];
}

export const BRANDS: FindingsBrand[] = [
  { id: 'veloxa', name: 'Veloxa', kind: 'brand', domains: ['veloxa.com', 'veloxa.de'] },
  { id: 'fleetfoot', name: 'Fleetfoot', kind: 'competitor', domains: ['fleetfoot.com'] },
  { id: 'stridex', name: 'Stridex', kind: 'competitor', domains: ['stridex.com'] },
];

export const PERIOD = {
  from: '2026-11-01',
  to: '2026-11-10',
  previous: { from: '2026-10-22', to: '2026-10-31' },
};

function sumsOf(answers: readonly FixtureAnswer[]): PeriodSums {
  const add = <T extends object>(m: Map<string, T>, key: string, make: () => T, change: (t: T) => void) => {
    let row = m.get(key);
    if (!row) m.set(key, (row = make()));
    change(row);
  };
  const cells = new Map<string, { engine: string; loc: string; answers: number }>();
  const brands = new Map<string, PeriodSums['brands'][number] & { [k: string]: unknown }>();
  const pos = new Map<
    string,
    {
      engine: string;
      loc: string;
      brandId: string;
      n: number;
      top: number;
      recommended: number;
      positive: number;
      negative: number;
    }
  >();
  const attrs = new Map<string, { brandId: string; attr: string; n: number }>();
  const domains = new Map<string, { engine: string; loc: string; domain: string; answers: number }>();
  for (const a of answers) {
    const c = `${a.engine}|${a.loc}`;
    add(
      cells,
      c,
      () => ({ engine: a.engine, loc: a.loc, answers: 0 }),
      (r) => (r.answers += 1),
    );
    for (const b of a.named) {
      add(
        brands,
        `${c}|${b.brandId}`,
        () => ({
          engine: a.engine,
          loc: a.loc,
          brandId: b.brandId,
          mentioned: 0,
          ranked: 0,
          rankSum: 0,
          rankSq: 0,
          mentions: 0,
        }),
        (r) => {
          r.mentioned += 1;
          r.ranked += 1;
          r.rankSum += b.rank;
          r.rankSq += b.rank * b.rank;
          r.mentions += 1;
        },
      );
      if (b.status !== undefined)
        add(
          pos,
          `${c}|${b.brandId}`,
          () => ({
            engine: a.engine,
            loc: a.loc,
            brandId: b.brandId,
            n: 0,
            top: 0,
            recommended: 0,
            positive: 0,
            negative: 0,
          }),
          (r) => {
            r.n += 1;
            if (b.status === 'top') r.top += 1;
            if (b.status === 'recommended') r.recommended += 1;
            if (b.tone === 1) r.positive += 1;
            if (b.tone === -1) r.negative += 1;
          },
        );
      for (const attr of b.attrs ?? [])
        add(
          attrs,
          `${b.brandId}|${attr}`,
          () => ({ brandId: b.brandId, attr, n: 0 }),
          (r) => (r.n += 1),
        );
    }
    for (const d of new Set(a.cited))
      add(
        domains,
        `${c}|${d}`,
        () => ({ engine: a.engine, loc: a.loc, domain: d, answers: 0 }),
        (r) => (r.answers += 1),
      );
  }
  return {
    cells: [...cells.values()],
    brands: [...brands.values()],
    positioning: [...pos.values()],
    attributes: [...attrs.values()],
    domains: [...domains.values()],
  };
}

/** The findings input of a fixture history (the reader's part, done over the answers). */
export function inputOf(
  answers: readonly FixtureAnswer[],
  focusBrandId: string | null = 'veloxa',
): FindingsInput {
  const inPeriod = (a: FixtureAnswer, p: { from: string; to: string }) => a.day >= p.from && a.day <= p.to;
  const current = answers.filter((a) => inPeriod(a, PERIOD));
  const previous = answers.filter((a) => inPeriod(a, PERIOD.previous));
  return {
    period: PERIOD,
    focusBrandId,
    brands: BRANDS,
    current: sumsOf(current),
    previous: sumsOf(previous),
    citationDays(domain, scope) {
      const days = new Map<string, DayCitations>();
      for (const a of [...previous, ...current]) {
        if (scope.engine !== undefined && a.engine !== scope.engine) continue;
        if (scope.loc !== undefined && a.loc !== scope.loc) continue;
        const d = days.get(a.day) ?? { day: a.day, answers: 0, cited: 0 };
        d.answers += 1;
        if (a.cited.includes(domain)) d.cited += 1;
        days.set(a.day, d);
      }
      return [...days.values()];
    },
    drill(spec) {
      const from = spec.period === 'current' ? PERIOD : PERIOD.previous;
      return answers
        .filter(
          (a) =>
            inPeriod(a, from) &&
            (spec.fromDay === undefined || a.day >= spec.fromDay) &&
            (spec.engine === undefined || a.engine === spec.engine) &&
            (spec.loc === undefined || a.loc === spec.loc) &&
            (spec.domain === undefined || a.cited.includes(spec.domain)) &&
            (spec.brandId === undefined ||
              spec.mentioned === undefined ||
              a.named.some((b) => b.brandId === spec.brandId) === spec.mentioned),
        )
        .sort((x, y) => (x.day < y.day ? 1 : x.day > y.day ? -1 : x.id < y.id ? -1 : 1))
        .map((a) => a.id);
    },
  };
}

/** The ten days of a period from its first day. */
export function daysFrom(first: string, count = 10): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
