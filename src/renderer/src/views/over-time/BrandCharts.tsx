import { useMemo, useState } from 'react';
import type { BrandMatcher } from '../../../../shared/analytics/brand-matcher';
import type { BrandView } from '../../../../shared/ipc/channels/library';
import type { ResultView } from '../../../../shared/ipc/channels/runs';
import { MIN_ANSWERS_A_SIDE } from '../../../../shared/analytics/evidence';
import { brandColors } from '../../../../shared/visibility/brand-colors';
import { closestBrands } from '../../lib/closest-brands';
import { answersPerDay } from '../../lib/trend-buckets';
import { topDomainsOf, trendRows, type TrendRow } from '../../lib/trends';
import { BrandPicker } from './BrandPicker';
import { TrendChart } from './TrendChart';

/** Domains are not brands: their own colours, so no domain line reads as a brand's. */
const DOMAIN_COLORS = ['#0f766e', '#9a3412', '#4d7c0f', '#7e22ce', '#be123c'];

/** The brand whose intervals the charts draw: the first of the user's own brands. */
function focusOf(brands: readonly BrandView[]): BrandView | undefined {
  return [...brands].filter((b) => b.kind === 'brand').sort((a, b) => a.name.localeCompare(b.name, 'en'))[0];
}

/** Why the points are days or weeks, and how many rest on few answers, in words. */
function GrainNote({ grain, perDay, rows }: { grain: 'day' | 'week'; perDay: number; rows: TrendRow[] }) {
  const points = rows.filter((r) => r.n > 0);
  const thin = points.filter((r) => r.n < MIN_ANSWERS_A_SIDE).length;
  const gaps = rows.length - points.length;
  return (
    <p className="muted small" data-testid="over-time-grain">
      {grain === 'week'
        ? `One point a week: a day holds ${perDay} answer${perDay === 1 ? '' : 's'} here, too few to read day by day.`
        : 'One point a day.'}{' '}
      {thin > 0 &&
        `${thin} of ${points.length} points rest on fewer than ${MIN_ANSWERS_A_SIDE} answers (few answers): read the trend, not a single point.`}{' '}
      {gaps > 0 &&
        `${gaps} ${grain === 'week' ? 'week' : 'day'}${gaps === 1 ? '' : 's'} without answers left as gaps.`}
    </p>
  );
}

/**
 * The series' three charts: mention rate and position of the focus brand and its closest
 * competitors (the user adds or removes brands), each brand in its colour across the app, and
 * the top cited domains; days or weeks as the answers allow.
 */
export function BrandCharts({
  results,
  brands,
  matcher,
}: {
  results: readonly ResultView[];
  brands: readonly BrandView[];
  matcher: BrandMatcher | null;
}) {
  const focus = focusOf(brands);
  const domains = useMemo(() => topDomainsOf(results, 5), [results]);
  const trends = useMemo(() => trendRows(results, matcher, domains), [results, matcher, domains]);
  const perDay = useMemo(() => answersPerDay(results.map((r) => r.fetchedAt)), [results]);
  const closest = useMemo(
    () => closestBrands(results, matcher, focus?.id ?? null),
    [results, matcher, focus?.id],
  );
  const [picked, setPicked] = useState<string[] | null>(null);
  const shownIds = picked ?? closest;
  const colorById = useMemo(() => brandColors(brands), [brands]);
  const byName = new Map(brands.map((b) => [b.name, colorById.get(b.id) ?? '']));
  // Series are keyed by name in the rows; shown in the brands' own order, the focus first.
  const shown = brands.filter((b) => shownIds.includes(b.id)).map((b) => b.name);
  const keys =
    focus && shown.includes(focus.name) ? [focus.name, ...shown.filter((n) => n !== focus.name)] : shown;
  const banded = focus ? [focus.name] : [];
  const domainColors = new Map(domains.map((d, i) => [d, DOMAIN_COLORS[i % DOMAIN_COLORS.length] as string]));
  return (
    <div className="charts">
      <BrandPicker
        brands={brands.map((b) => ({
          id: b.id,
          name: b.name,
          color: colorById.get(b.id) ?? '',
          focus: b.id === focus?.id,
        }))}
        shown={shownIds}
        closest={closest}
        onChange={setPicked}
      />
      <GrainNote grain={trends.grain} perDay={perDay} rows={trends.mention} />
      <TrendChart
        title="Mention rate"
        rows={trends.mention}
        keys={keys}
        colors={byName}
        banded={banded}
        percent
      />
      <TrendChart
        title="Average position among brands"
        rows={trends.position}
        keys={keys}
        colors={byName}
        banded={banded}
        position
      />
      <TrendChart
        title="Top domains (share of answers citing)"
        rows={trends.domains}
        keys={domains}
        colors={domainColors}
        percent
      />
    </div>
  );
}
