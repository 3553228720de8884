import type { VisibilityOverview } from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';
import { ChangeBadge } from './ChangeBadge';
import { formatMean, formatN, formatRate } from './format';

/** Every tracked brand (focus first, then by mention rate) over the period, with changes. */
export function Leaderboard({ overview }: { overview: VisibilityOverview }) {
  const drill = useVisibilityStore((s) => s.drill);
  const names = new Map(overview.brands.map((b) => [b.id, b]));
  return (
    <div className="vis-table-scroll">
      <table className="table vis-table" aria-label="Brand leaderboard">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            <th scope="col">Mention rate</th>
            <th scope="col">Mention rate change</th>
            <th scope="col">Share of voice</th>
            <th scope="col">Share of voice change</th>
            <th scope="col">Avg position (change)</th>
          </tr>
        </thead>
        <tbody>
          {overview.leaderboard.map((m) => {
            const brand = names.get(m.brandId);
            const name = brand?.name ?? m.brandId;
            const focus = m.brandId === overview.focusBrandId;
            return (
              <tr key={m.brandId} className={focus ? 'vis-focus-row' : undefined}>
                <th scope="row">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() =>
                      void drill({ brandId: m.brandId, mentioned: true }, `Answers naming ${name}`)
                    }
                  >
                    {name}
                  </button>{' '}
                  {brand && (
                    <span className={`badge badge-${brand.kind}`}>{focus ? 'focus' : brand.kind}</span>
                  )}
                </th>
                <td>
                  {formatRate(m.mentionRate)} <span className="muted small">{formatN(m.mentionRate.n)}</span>
                </td>
                <td>
                  <ChangeBadge change={m.change.mentionRate} kind="rate" compact />
                </td>
                <td>
                  {formatRate(m.shareOfVoice)}{' '}
                  <span className="muted small">{formatN(m.shareOfVoice.n)}</span>
                </td>
                <td>
                  <ChangeBadge change={m.change.shareOfVoice} kind="rate" compact />
                </td>
                <td>
                  {formatMean(m.avgPosition)}{' '}
                  <ChangeBadge change={m.change.avgPosition} kind="position" compact />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
