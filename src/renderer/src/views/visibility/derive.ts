import { wilsonInterval } from '../../../../shared/analytics/wilson';
import { byEngineOrder } from '../../../../shared/api/engines';
import type {
  BrandMetrics,
  RateStat,
  VisibilityBrandRef,
  VisibilityBuckets,
} from '../../../../shared/visibility/types';
import { BRAND_COLORS } from '../../../../shared/visibility/brand-colors';
import { formatDate } from '../../lib/format';
import type { TrendBy } from '../../stores/visibility-store';

// Pure shaping of the visibility answers into what the trend chart and the heatmap draw
// (called from useMemo, once per answer, never on every render).

/** Colours readable on the light and the dark theme (mid tones); the focus brand gets the first. */
export const SERIES_COLORS = BRAND_COLORS;

export interface TrendSeries {
  brandId: string;
  name: string;
  focus: boolean;
  /** Chart row keys of the value and of the [lower, upper] band. */
  valueKey: string;
  bandKey: string;
  color: string;
}

/** One day or one run, with each brand's mention rate. */
export interface TrendBucket {
  key: string;
  label: string;
  day?: string;
  runId?: string;
  mention: Map<string, RateStat>;
}

/** A recharts row: label plus one value and one band per series. */
export type TrendChartRow = Record<string, string | number | [number, number] | null>;

export interface TrendModel {
  series: TrendSeries[];
  buckets: TrendBucket[];
  rows: TrendChartRow[];
}

type Row = VisibilityBuckets['rows'][number];

function mergedRate(rows: Row[]): RateStat {
  const first = rows[0];
  if (rows.length === 1 && first) return first.mentionRate;
  const k = rows.reduce((s, r) => s + r.mentionRate.k, 0);
  const n = rows.reduce((s, r) => s + r.mentionRate.n, 0);
  if (n === 0) return { value: null, k: 0, n: 0, lower: null, upper: null };
  const w = wilsonInterval(k, n);
  return { value: k / n, k, n, lower: w.lower, upper: w.upper };
}

/**
 * Days as they come; runs are asked for by run and day (so they can be put in date order:
 * run ids carry no order) and a run spanning midnight is summed back into one bucket.
 */
function bucketsOf(data: VisibilityBuckets, by: TrendBy): TrendBucket[] {
  const groups = new Map<string, { day: string; rows: Row[] }>();
  for (const r of data.rows) {
    const key = by === 'day' ? r.bucket.day : r.bucket.run;
    if (key === undefined) continue;
    const day = r.bucket.day ?? '';
    const g = groups.get(key) ?? { day, rows: [] };
    if (day < g.day) g.day = day;
    g.rows.push(r);
    groups.set(key, g);
  }
  const buckets = [...groups.entries()].map(([key, g]) => {
    const byBrand = new Map<string, Row[]>();
    for (const r of g.rows) byBrand.set(r.brandId, [...(byBrand.get(r.brandId) ?? []), r]);
    const mention = new Map([...byBrand].map(([brandId, rows]) => [brandId, mergedRate(rows)]));
    return by === 'day'
      ? { key, label: formatDate(key), day: key, mention }
      : {
          key,
          label: `${formatDate(g.day)} · ${data.runLabels[key] ?? 'a run no longer stored'}`,
          runId: key,
          mention,
          day: g.day,
        };
  });
  return buckets.sort((a, b) => (a.day ?? '').localeCompare(b.day ?? '') || a.label.localeCompare(b.label));
}

/** The brands to draw: the focus brand first, then the others in the given order. */
export function seriesOf(brands: VisibilityBrandRef[], focusId: string | null): TrendSeries[] {
  const ordered = [...brands.filter((b) => b.id === focusId), ...brands.filter((b) => b.id !== focusId)];
  return ordered.map((b, i) => ({
    brandId: b.id,
    name: b.name,
    focus: b.id === focusId,
    valueKey: `v${i}`,
    bandKey: `b${i}`,
    color: SERIES_COLORS[i % SERIES_COLORS.length] ?? '#3b82f6',
  }));
}

/** The trend of every brand's mention rate, per day or per run, with its 95 % band. */
export function trendModel(
  data: VisibilityBuckets,
  by: TrendBy,
  brands: VisibilityBrandRef[],
  focusId: string | null,
): TrendModel {
  const present = new Set(data.rows.map((r) => r.brandId));
  const series = seriesOf(
    brands.filter((b) => present.has(b.id)),
    focusId,
  );
  const buckets = bucketsOf(data, by);
  const rows = buckets.map((b) => {
    const row: TrendChartRow = { key: b.key, label: b.label };
    for (const s of series) {
      const m = b.mention.get(s.brandId);
      row[s.valueKey] = m?.value ?? null;
      row[s.bandKey] = m && m.lower !== null && m.upper !== null ? [m.lower, m.upper] : null;
    }
    return row;
  });
  return { series, buckets, rows };
}

export interface HeatmapModel {
  locations: string[];
  engines: string[];
  /** The focus brand's metrics by `${location}|${engine}`. */
  cells: Map<string, BrandMetrics>;
}

/** The focus brand's mention rate per location × engine. */
export function heatmapModel(data: VisibilityBuckets, focusId: string): HeatmapModel {
  const cells = new Map<string, BrandMetrics>();
  const locations = new Set<string>();
  const engines = new Set<string>();
  for (const r of data.rows) {
    const { location, engine } = r.bucket;
    if (location === undefined || engine === undefined) continue;
    locations.add(location);
    engines.add(engine);
    if (r.brandId === focusId) cells.set(`${location}|${engine}`, r);
  }
  return {
    locations: [...locations].sort(),
    engines: [...engines].sort(byEngineOrder),
    cells,
  };
}

/** A heat level 0…5 for a rate (0 is "none", 5 is 80 % and more). */
export function heatLevel(value: number | null): number {
  if (value === null) return 0;
  if (value === 0) return 0;
  return Math.min(5, 1 + Math.floor(value * 5));
}
