import { MIN_ANSWERS_A_SIDE } from '../../../shared/analytics/evidence';
import { brandColors } from '../../../shared/visibility/brand-colors';
import type { BrandMetricsWithChange } from '../../../shared/visibility/types';
import { plural } from '../../../shared/narrative/words';
import { rateWithInterval } from './format';
import { section, t } from './html-parts';
import { periodDays, periodWeeks, trendSeries, type TrendMetric } from './series';
import { barChartSvg } from './svg-bars';
import { trendChartSvg, type TrendLine, type TrendPoint } from './svg-chart';
import type { ClientReport } from './types';

// The report's charts: the trend per day (per week when days hold few answers) of the focus brand and its closest competitors (the
// competitors named most often in the period), one colour per brand as in the app, and every
// tracked brand's share of voice as bars with their likely range.

/** Competitors drawn beside the focus brand in the trend charts. */
export const TREND_COMPETITORS = 3;

const METRICS: Array<{ metric: TrendMetric; title: string }> = [
  { metric: 'mentionRate', title: 'Mention rate' },
  { metric: 'citationRate', title: 'Citation rate' },
  { metric: 'shareOfVoice', title: 'Share of voice' },
  { metric: 'avgPosition', title: 'Average position (1 = named first)' },
];

const brandName = (r: ClientReport, id: string): string => r.brands.find((b) => b.id === id)?.name ?? id;

/** The brands' colours, as the app gives them (your brands first). */
export const colorsOf = (r: ClientReport): Map<string, string> => brandColors(r.brands);

/** The focus brand, then the competitors named most often in the period. */
export function chartBrands(r: Pick<ClientReport, 'focus' | 'leaderboard'>): string[] {
  const focusId = r.focus?.id ?? null;
  const rivals = r.leaderboard
    .filter((m) => m.brandId !== focusId && (m.mentionRate.value ?? 0) > 0)
    .sort((a, b) => (b.mentionRate.value ?? 0) - (a.mentionRate.value ?? 0))
    .slice(0, TREND_COMPETITORS)
    .map((m) => m.brandId);
  return focusId === null ? rivals : [focusId, ...rivals];
}

function pointLabel(metric: TrendMetric, p: TrendPoint): string {
  if (metric !== 'avgPosition')
    return `${rateWithInterval({ value: p.value, lower: p.lower, upper: p.upper, k: 0, n: p.n })}, ${p.n} answers`;
  const range =
    p.lower !== null && p.upper !== null ? ` (${Math.max(1, p.lower).toFixed(1)}–${p.upper.toFixed(1)})` : '';
  return `${p.value?.toFixed(1) ?? '–'}${range}, ${p.n} answers`;
}

function legend(r: ClientReport, ids: readonly string[], colors: Map<string, string>): string {
  const items = ids.map(
    (id) =>
      `<li><span class="swatch" style="background:${colors.get(id) ?? '#888'}"></span>${t(brandName(r, id))}${id === r.focus?.id ? ' (your brand)' : ''}</li>`,
  );
  return `<ul class="legend">${items.join('')}</ul>`;
}

export function trendSection(r: ClientReport): string {
  if (!r.focus) return '';
  const weekly = r.trendByWeek !== undefined;
  const buckets = r.trendByWeek ?? r.trend;
  const days = weekly ? periodWeeks(r.period) : periodDays(r.period);
  const colors = colorsOf(r);
  const ids = chartBrands(r);
  // Each chart carries its key, so a chart printed on a page of its own still says whose lines they are.
  const key = legend(r, ids, colors);
  const charts = METRICS.map(({ metric, title }) => {
    const lines: TrendLine[] = ids.map((id) => ({
      name: brandName(r, id),
      color: colors.get(id) ?? '#888',
      points: trendSeries(buckets, id, metric),
      focus: id === r.focus?.id,
    }));
    const svg = trendChartSvg({
      title,
      days,
      grain: weekly ? 'week' : 'day',
      lines,
      kind: metric === 'avgPosition' ? 'position' : 'rate',
      label: (p) => pointLabel(metric, p),
    });
    return `<figure class="trend" data-metric="${metric}"><figcaption>${t(title)}</figcaption>${key}${svg}</figure>`;
  });
  return section(
    'trend',
    `Trend per ${weekly ? 'week' : 'day'} for ${r.focus.name} and its closest competitors`,
    `<div class="trends">${charts.join('')}</div>`,
    `Each line is a brand's ${weekly ? 'weekly' : 'daily'} value (${r.focus.name}'s thicker, its likely range shaded); the competitors are the ${plural(ids.length - 1, 'one')} named most often in the period; gaps are ${weekly ? 'weeks' : 'days'} without answers.${weekly ? ` One point a week: a typical day holds fewer than ${MIN_ANSWERS_A_SIDE} answers, too few to read day by day.` : ''}`,
  );
}

export function shareOfVoiceSection(r: ClientReport): string {
  if (r.leaderboard.length === 0) return '';
  const colors = colorsOf(r);
  const rows = [...r.leaderboard].sort(
    (a: BrandMetricsWithChange, b: BrandMetricsWithChange) =>
      (b.shareOfVoice.value ?? -1) - (a.shareOfVoice.value ?? -1),
  );
  const bars = rows.map((m) => ({
    name: brandName(r, m.brandId),
    color: colors.get(m.brandId) ?? '#888',
    value: m.shareOfVoice.value,
    lower: m.shareOfVoice.lower,
    upper: m.shareOfVoice.upper,
    label: `${rateWithInterval(m.shareOfVoice)}${m.shareOfVoice.n < MIN_ANSWERS_A_SIDE ? ', few mentions' : ''}`,
  }));
  const total = r.leaderboard[0]?.shareOfVoice.n ?? 0;
  return section(
    'share-of-voice',
    'Share of voice',
    `<figure class="trend sov">${barChartSvg('Share of voice of each tracked brand, with its likely range', bars)}</figure>`,
    `Of the ${plural(total, 'mention')} of tracked brands in the period's answers, the share each brand has; the line across a bar is its likely range.`,
  );
}
