import type { VisibilityOverview } from '../../../../shared/visibility/types';
import { BrandRowHeader } from './BrandRowHeader';
import { ChangeBadge } from './ChangeBadge';
import { formatMean, formatN, formatRate } from './format';

/** Every tracked brand (focus first, then by mention rate) over the period, with changes. */
export function Leaderboard({ overview }: { overview: VisibilityOverview }) {
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
            const focus = m.brandId === overview.focusBrandId;
            return (
              <tr key={m.brandId} className={focus ? 'vis-focus-row' : undefined}>
                <BrandRowHeader brandId={m.brandId} brand={names.get(m.brandId)} focus={focus} />
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
