import type { StatusCounts } from '../../../../shared/positioning/view-types';
import { formatNumber } from '../../lib/format';
import { STATUS_LABEL, STATUS_ORDER } from '../../lib/positioning-format';

/**
 * How the answers naming a brand present it, as one stacked bar (top pick, recommended,
 * mentioned, cautioned) over the counts written out: the bar is drawn for the eye only, the
 * counts carry the numbers (and colour is never the only cue: each count names its status).
 */
export function StatusMixBar({ counts }: { counts: StatusCounts }) {
  const total = STATUS_ORDER.reduce((sum, s) => sum + counts[s], 0);
  return (
    <div className="pos-mix">
      <div className="pos-mix-bar" aria-hidden="true">
        {total > 0 &&
          STATUS_ORDER.filter((s) => counts[s] > 0).map((s) => (
            <span
              key={s}
              className={`pos-seg pos-${s}`}
              style={{ width: `${(counts[s] / total) * 100}%` }}
              title={`${STATUS_LABEL[s]}: ${formatNumber(counts[s])}`}
            />
          ))}
      </div>
      <ul className="pos-mix-counts small">
        {STATUS_ORDER.map((s) => (
          <li key={s}>
            <span className={`pos-swatch pos-${s}`} aria-hidden="true" />
            {formatNumber(counts[s])} {STATUS_LABEL[s]}
          </li>
        ))}
      </ul>
    </div>
  );
}
