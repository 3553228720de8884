import type { CommerceSummary } from '../../../../shared/commerce/types';
import { formatNumber } from '../../lib/format';
import { useCommerceStore } from '../../stores/commerce-store';
import { OpenFigure, RateFigure } from './figures';

/** The key numbers: answers asked with shopping on, the shopping rate, answers with ads. */
export function SurfacesLine({ summary }: { summary: CommerceSummary }) {
  const drill = useCommerceStore((s) => s.drill);
  const s = summary.surfaces;
  return (
    <section className="panel com-kpis" aria-label="Commerce at a glance">
      <div className="com-kpi">
        <span className="muted small">Answers asked with shopping or ads on</span>
        <strong className="com-kpi-value">{formatNumber(s.answers)}</strong>
      </div>
      <div className="com-kpi">
        <span className="muted small">Shopping rate (answers showing products)</span>
        {s.withShopping > 0 ? (
          <OpenFigure
            label={`${formatNumber(s.withShopping)} answers show a shopping surface`}
            onOpen={() => void drill({ kind: 'shopping' }, 'Answers showing products')}
          >
            <RateFigure rate={s.shoppingRate} />
          </OpenFigure>
        ) : (
          <RateFigure rate={s.shoppingRate} />
        )}
        <span className="muted small">{formatNumber(s.productSlots)} product slots</span>
      </div>
      <div className="com-kpi">
        <span className="muted small">Answers showing ads</span>
        {s.withAds > 0 ? (
          <OpenFigure
            label={`${formatNumber(s.withAds)} answers show ads`}
            onOpen={() => void drill({ kind: 'ads' }, 'Answers showing ads')}
          >
            <strong className="com-kpi-value">{formatNumber(s.withAds)}</strong>
          </OpenFigure>
        ) : (
          <strong className="com-kpi-value">0</strong>
        )}
        <span className="muted small">{formatNumber(s.adSlots)} ad slots</span>
      </div>
    </section>
  );
}
