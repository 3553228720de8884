import { describeAlert } from '../alerts/registry';
import type { AlertRules } from '../alerts/rules';
import type { AlertScope, NewAlert } from '../alerts/types';
import type { ChangeBrand } from './change-alerts';
import { rateInterval, rounded } from './change-stats';
import { cochranArmitage, holm, type TrendPoint, type TrendTest } from './trend-test';

// The trend rule: a brand named in steadily more or fewer answers across a monitor's last runs,
// a change no single run-to-run comparison shows (each step is within the noise). After each
// run, over the monitor's last `trendRuns` completed runs (at least MIN_TREND_RUNS):
//
// 1. Series: each tracked brand's mention counts per run over the whole monitor (the engine ×
//    location slices every run asked, so a changed spec does not read as a trend), and the
//    focus brand's per engine × location slice (every prompt pooled). A competitor's local
//    drift is rarely the client's story: on a 30-day demo, competitors' slices raised two
//    trend alerts in three.
// 2. Each series with enough answers both ways (at least MIN_EACH_WAY naming and not naming the
//    brand) is tested with the Cochran–Armitage trend test, its variance scaled by the runs'
//    dispersion when they vary more than binomial sampling (trend-test.ts).
// 3. Holm's adjustment over every series tested in the check keeps the chance that a check
//    raises any false trend alert at most TREND_ALPHA (1 %), whatever the number of brands and
//    slices: a monitor without real change raises a false trend alert after at most about one
//    run in a hundred (tests/unit/alerts/trend-rule.test.ts simulates it).
// 4. What passes must also be material: the first and the last quarter of the runs differ by
//    at least trendMinChange (10 points) the same way. A slice is not reported when the whole
//    monitor slides the same way (that alert says it).
// 5. A change some run-to-run comparison already showed is not a trend: a series stays quiet
//    while the window holds a run whose run-to-run rules reported its brand moving the same way
//    over the same answers (a pooled alert for the monitor and its slices, a cell's for its
//    engine × location),
//    so a single jump is left to those rules; and while it holds the run of its own last trend
//    alert (reported once a window, not after every run).

export const TREND_ALPHA = 0.01;
export const MIN_TREND_RUNS = 8;
export const MIN_EACH_WAY = 5;

export interface TrendSlice {
  engine: string;
  loc: string;
  answers: number;
  /** Brand id → answers naming it. */
  mentioned: ReadonlyMap<string, number>;
}

export interface TrendRun {
  runId: string;
  slices: readonly TrendSlice[];
}

/** A series' move reported in the window (a trend alert, or a run-to-run one): it stays quiet. */
export interface RaisedTrendKey {
  scope: AlertScope;
  engine: string | null;
  loc: string | null;
  brandName: string | null;
  direction: -1 | 1;
}

export interface TrendInput {
  /** The monitor's last completed runs, oldest first, the checked run last. */
  runs: readonly TrendRun[];
  brands: readonly ChangeBrand[];
  rules: Pick<AlertRules, 'trendMinChange'>;
  /** Moves already reported in the window's runs (trend alerts and run-to-run mention alerts). */
  quiet?: readonly RaisedTrendKey[];
  alpha?: number;
}

interface Series {
  scope: AlertScope;
  engine: string | null;
  loc: string | null;
  brand: ChangeBrand;
  points: Array<TrendPoint & { runId: string }>;
}

interface Tested {
  series: Series;
  test: TrendTest;
  direction: -1 | 1;
}

const sliceKey = (s: { engine: string; loc: string }): string => `${s.engine}\u0000${s.loc}`;

function seriesOf(runs: readonly TrendRun[], brands: readonly ChangeBrand[]): Series[] {
  const common = [...new Set(runs[0]?.slices.map(sliceKey))].filter((key) =>
    runs.every((r) => r.slices.some((s) => sliceKey(s) === key)),
  );
  const keys = new Set(runs.flatMap((r) => r.slices.map(sliceKey)));
  const out: Series[] = [];
  for (const brand of brands) {
    out.push({
      scope: 'monitor',
      engine: null,
      loc: null,
      brand,
      points: runs.map((r) => {
        const slices = r.slices.filter((s) => common.includes(sliceKey(s)));
        return {
          runId: r.runId,
          k: slices.reduce((sum, s) => sum + (s.mentioned.get(brand.id) ?? 0), 0),
          n: slices.reduce((sum, s) => sum + s.answers, 0),
        };
      }),
    });
    if (brand.kind !== 'brand') continue;
    for (const key of keys) {
      const [engine = '', loc = ''] = key.split('\u0000');
      const points = runs.flatMap((r) => {
        const s = r.slices.find((x) => sliceKey(x) === key);
        return s ? [{ runId: r.runId, k: s.mentioned.get(brand.id) ?? 0, n: s.answers }] : [];
      });
      out.push({ scope: 'slice', engine, loc, brand, points });
    }
  }
  return out;
}

function testSeries(series: Series): Tested | null {
  const points = series.points.filter((p) => p.n > 0);
  if (points.length < MIN_TREND_RUNS) return null;
  const k = points.reduce((s, p) => s + p.k, 0);
  const n = points.reduce((s, p) => s + p.n, 0);
  if (k < MIN_EACH_WAY || n - k < MIN_EACH_WAY) return null;
  const test = cochranArmitage(points);
  if (!test || test.z === 0) return null;
  return { series, test, direction: test.z < 0 ? -1 : 1 };
}

/** The first and the last quarter of the runs (at least two each) as rates with their intervals. */
function ends(
  points: ReadonlyArray<TrendPoint>,
): [ReturnType<typeof rateInterval>, ReturnType<typeof rateInterval>] {
  const q = Math.max(2, Math.floor(points.length / 4));
  const pool = (list: ReadonlyArray<TrendPoint>) =>
    rateInterval(
      list.reduce((s, p) => s + p.k, 0),
      list.reduce((s, p) => s + p.n, 0),
    );
  return [pool(points.slice(0, q)), pool(points.slice(-q))];
}

const keyOf = (s: Pick<RaisedTrendKey, 'scope' | 'engine' | 'loc' | 'brandName'>, d: number): string =>
  [s.scope, s.engine ?? '', s.loc ?? '', s.brandName ?? '', d].join('\u0000');

function toAlert(t: Tested, adjusted: number, tested: number): NewAlert {
  const points = t.series.points.filter((p) => p.n > 0);
  const [before, after] = ends(points);
  const facts = {
    kind: 'trend' as const,
    scope: t.series.scope,
    prompt: null,
    engine: t.series.engine,
    loc: t.series.loc,
    brandName: t.series.brand.name,
    brandKind: t.series.brand.kind,
    before: rounded(before),
    after: rounded(after),
    data: {
      runs: t.test.runs,
      answers: t.test.answers,
      z: Math.round(t.test.z * 100) / 100,
      p: t.test.p,
      pAdjusted: adjusted,
      tested,
      dispersion: Math.round(t.test.dispersion * 100) / 100,
      fromRunId: points[0]?.runId ?? null,
    },
  };
  return { ...facts, beforeSeq: null, afterSeq: null, summary: describeAlert(facts).title };
}

/** The trend alerts of a check (none with fewer than MIN_TREND_RUNS runs). */
export function detectTrends(input: TrendInput): NewAlert[] {
  if (input.runs.length < MIN_TREND_RUNS) return [];
  const alpha = input.alpha ?? TREND_ALPHA;
  const tested = seriesOf(input.runs, input.brands)
    .map(testSeries)
    .filter((t): t is Tested => t !== null);
  const adjusted = holm(tested.map((t) => t.test.p));
  const quiet = new Set((input.quiet ?? []).map((r) => keyOf(r, r.direction)));
  const material = (t: Tested): boolean => {
    const [b, a] = ends(t.series.points.filter((p) => p.n > 0));
    return (a.value - b.value) * t.direction >= input.rules.trendMinChange - 1e-9;
  };
  const firing = tested.filter((t, i) => (adjusted[i] as number) <= alpha && material(t));
  const monitorWide = new Set(
    firing.filter((t) => t.series.scope === 'monitor').map((t) => `${t.series.brand.id}:${t.direction}`),
  );
  const alerts: NewAlert[] = [];
  for (const t of firing) {
    const s = t.series;
    if (quiet.has(keyOf({ ...s, brandName: s.brand.name }, t.direction))) continue;
    // A move reported over the whole monitor covers its slices too.
    const wide = { scope: 'monitor' as const, engine: null, loc: null, brandName: s.brand.name };
    if (s.scope === 'slice' && quiet.has(keyOf(wide, t.direction))) continue;
    if (s.scope === 'slice' && monitorWide.has(`${s.brand.id}:${t.direction}`)) continue;
    alerts.push(toAlert(t, adjusted[tested.indexOf(t)] as number, tested.length));
  }
  return alerts;
}
