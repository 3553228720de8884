import { signedNet } from '../../../../shared/narrative/numbers';
import type { NetSentimentStat } from '../../../../shared/positioning/view-types';
import type { ResolvedPeriod } from '../../../../shared/visibility/types';
import { plural } from '../../lib/format';
import { dayIndex } from './Sparkline';

const WIDTH = 120;
const HEIGHT = 30;

/** A brand's net sentiment on one day of the period. */
export interface SentimentPoint {
  day: string;
  net: NetSentimentStat;
}

/** Net sentiment (−1..1) to a y coordinate: +1 at the top, −1 at the bottom. */
const yOf = (value: number): number => 1 + ((1 - value) / 2) * (HEIGHT - 2);

/**
 * A brand's tone day by day: net sentiment as a line, its 95 % interval as a band and the
 * neutral line at 0, placed by calendar day so days without answers stay gaps (plain SVG, inert).
 * The words say the same for screen readers, with the days' answer counts.
 */
export function SentimentTrend({
  points,
  period,
  name,
  color,
}: {
  points: readonly SentimentPoint[];
  period: ResolvedPeriod;
  name: string;
  /** The brand's colour across the app (the line and its band take it). */
  color?: string;
}) {
  const known = points.filter((p) => p.net.value !== null);
  if (known.length === 0) return <span className="muted">—</span>;
  const span = Math.max(1, period.days - 1);
  const xOf = (day: string): number => (dayIndex(day, period.from) / span) * (WIDTH - 2) + 1;
  const line = known.map((p) => `${xOf(p.day).toFixed(1)},${yOf(p.net.value as number).toFixed(1)}`);
  const banded = known.filter((p) => p.net.lower !== null && p.net.upper !== null);
  const band = [
    ...banded.map((p) => `${xOf(p.day).toFixed(1)},${yOf(p.net.upper as number).toFixed(1)}`),
    ...banded
      .slice()
      .reverse()
      .map((p) => `${xOf(p.day).toFixed(1)},${yOf(p.net.lower as number).toFixed(1)}`),
  ];
  const first = known[0] as SentimentPoint;
  const last = known[known.length - 1] as SentimentPoint;
  const counts = known.map((p) => p.net.n);
  return (
    <span className="vis-sparkline pos-trend" style={color ? { color } : undefined}>
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
        {banded.length > 1 && <polygon className="pos-trend-band" points={band.join(' ')} />}
        <line className="pos-trend-zero" x1={0} x2={WIDTH} y1={yOf(0)} y2={yOf(0)} />
        {known.length > 1 ? (
          <polyline points={line.join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" />
        ) : (
          <circle cx={xOf(first.day)} cy={yOf(first.net.value as number)} r={2} fill="currentColor" />
        )}
      </svg>
      <span className="visually-hidden">
        {`Net sentiment about ${name} by day: ${signedNet(first.net.value as number)} on ${first.day}`}
        {known.length > 1 ? ` to ${signedNet(last.net.value as number)} on ${last.day}` : ''}
        {known.length > 1
          ? `, ${known.length} days with answers (${Math.min(...counts)}–${Math.max(...counts)} a day)`
          : `, ${plural(first.net.n, 'answer')}`}
      </span>
    </span>
  );
}
