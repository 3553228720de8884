import type { AttributeGapsView } from '../../../../shared/positioning/view-types';
import type { VisibilityBrandRef } from '../../../../shared/visibility/types';
import { usePositioningStore } from '../../stores/positioning-store';
import { formatRate } from './format';

/**
 * Qualities the answers praise competitors for and rarely attach to the focus brand, each with
 * the competitors' shares and the focus brand's (95 % intervals), and whether the gap is
 * significant (the leading competitor's interval above the focus brand's).
 */
export function AttributeGaps({ brands }: { brands: VisibilityBrandRef[] }) {
  const state = usePositioningStore((s) => s.gaps);
  const data: AttributeGapsView | null = state.data;
  if (state.error) return <p className="muted small">Attribute gaps not available: {state.error.message}</p>;
  if (!data || data.empty !== null) return null;
  const names = new Map(brands.map((b) => [b.id, b.name]));
  const focus = names.get(data.focusBrandId) ?? 'the focus brand';
  return (
    <section className="pos-gaps" aria-labelledby="pos-gaps-heading">
      <h3 id="pos-gaps-heading">Qualities competitors own that {focus} lacks</h3>
      {data.gaps.length === 0 ? (
        <p className="muted small">None: no quality competitors are praised for is missing for {focus}.</p>
      ) : (
        <ul className="pos-gap-list">
          {data.gaps.map((g) => (
            <li key={g.text}>
              <strong>{g.text}</strong>:{' '}
              {g.competitors
                .slice(0, 3)
                .map((c) => `${names.get(c.brandId) ?? c.brandId} ${formatRate(c.share)}`)
                .join(', ')}{' '}
              vs {focus} {formatRate(g.focus)}{' '}
              <span className={g.significant ? 'pos-gap-significant' : 'muted'}>
                {g.significant ? '(significant)' : '(not significant)'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
