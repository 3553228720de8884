import type { DomainStat, ResolvedPeriod } from '../../../../shared/visibility/types';
import { formatPercent } from '../../lib/format';

const WIDTH = 90;
const HEIGHT = 22;
const DAY_MS = 86_400_000;

/** Days from `from` to `day` (ISO dates), so a chart places points by calendar day. */
export function dayIndex(day: string, from: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * A domain's daily share as a tiny line (plain SVG: a few points need no chart library),
 * placed by calendar day so gaps stay gaps; the words say the same for screen readers.
 */
export function Sparkline({ trend, period }: { trend: DomainStat['trend']; period: ResolvedPeriod }) {
  if (trend.length === 0) return <span className="muted">—</span>;
  const max = Math.max(...trend.map((t) => t.share), 0.01);
  const span = Math.max(1, period.days - 1);
  const points = trend
    .map((t) => {
      const x = (dayIndex(t.day, period.from) / span) * (WIDTH - 2) + 1;
      const y = HEIGHT - 1 - (t.share / max) * (HEIGHT - 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const first = trend[0];
  const last = trend[trend.length - 1];
  return (
    <span className="vis-sparkline">
      <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <span className="visually-hidden">
        Daily share from {formatPercent(first?.share)} on {first?.day} to {formatPercent(last?.share)} on{' '}
        {last?.day}, highest {formatPercent(max)}
      </span>
    </span>
  );
}
