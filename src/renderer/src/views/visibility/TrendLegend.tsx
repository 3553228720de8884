import type { TrendModel } from './derive';

/**
 * The chart's key, above the chart rather than inside it (so a tooltip never covers it, and it
 * paints before the chart's chunk loads): the focus brand first, in bold, with its thicker line
 * and the word "focus"; the others after it.
 */
export function TrendLegend({ model }: { model: TrendModel }) {
  return (
    <ul className="vis-legend-series" aria-label="Brands in the chart">
      {model.series.map((s) => (
        <li key={s.brandId} className={s.focus ? 'vis-legend-focus' : undefined}>
          <svg width="22" height="10" aria-hidden="true">
            <line x1="1" y1="5" x2="21" y2="5" stroke={s.color} strokeWidth={s.focus ? 4 : 2} />
          </svg>
          {s.name}
          {s.focus && <span className="badge badge-brand">focus</span>}
        </li>
      ))}
    </ul>
  );
}
