import type { PositioningSummary } from '../../../../shared/positioning/view-types';
import { usePositioningStore } from '../../stores/positioning-store';
import { queryOf, useVisibilityStore } from '../../stores/visibility-store';
import { AttributeChips } from './AttributeChips';
import { AttributeGaps } from './AttributeGaps';
import { BrandRowHeader } from './BrandRowHeader';
import { ChangeBadge } from './ChangeBadge';
import { formatN, formatRate } from './format';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';
import { formatSentiment } from '../../lib/positioning-format';
import { StatusMixBar } from './StatusMixBar';

function PositioningTable({ data }: { data: PositioningSummary }) {
  const brands = new Map(data.brands.map((b) => [b.id, b]));
  return (
    <div className="vis-table-scroll">
      <table className="table vis-table pos-table" aria-label="Positioning by brand">
        <thead>
          <tr>
            <th scope="col">Brand</th>
            <th scope="col">Status mix (answers naming it)</th>
            <th scope="col">Recommendation rate (change)</th>
            <th scope="col">Net sentiment (change)</th>
            <th scope="col">Top attributes</th>
          </tr>
        </thead>
        <tbody>
          {data.leaderboard.map((m) => {
            const brand = brands.get(m.brandId);
            const name = brand?.name ?? m.brandId;
            const focus = m.brandId === data.focusBrandId;
            return (
              <tr key={m.brandId} className={focus ? 'vis-focus-row' : undefined}>
                <BrandRowHeader brandId={m.brandId} brand={brand} focus={focus}>
                  <div className="muted small">{formatN(m.n)}</div>
                </BrandRowHeader>
                <td className="pos-mix-cell">
                  <StatusMixBar counts={m.statusCounts} />
                </td>
                <td>
                  {formatRate(m.recommendationRate)}{' '}
                  <ChangeBadge change={m.change.recommendationRate} kind="rate" compact />
                </td>
                <td>
                  {formatSentiment(m.netSentiment)}{' '}
                  <ChangeBadge change={m.change.netSentiment} kind="score" compact />
                </td>
                <td>
                  <AttributeChips attributes={m.topAttributes} name={name} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * How the engines present each tracked brand over the view's filters: the status mix, net
 * sentiment and top attributes per brand (focus first), every number with its interval and n,
 * counted from the positioning roll-ups (fast at a million answers).
 */
export function PositioningPanel() {
  const state = usePositioningStore((s) => s.summary);
  const load = usePositioningStore((s) => s.load);
  const startRescore = usePositioningStore((s) => s.startRescore);
  const running = usePositioningStore((s) => s.rescore !== null && !s.rescore.paused);
  const filters = useVisibilityStore((s) => s.filters);
  return (
    <Panel
      id="vis-positioning"
      title="Positioning"
      state={state}
      onRetry={() => void load(queryOf(filters))}
      className="vis-wide"
      reserve={PANEL_RESERVE.positioning}
      actions={
        <button
          type="button"
          className="small"
          disabled={running}
          title="Judge every stored answer again with the built-in judge (in the background)"
          onClick={() => void startRescore()}
        >
          Re-score answers
        </button>
      }
    >
      {(data) => (
        <>
          <p className="muted small">
            How the answers naming each brand present it: top pick, recommended, merely mentioned or
            cautioned; tone as net sentiment (share positive − share negative, −1 to +1); the qualities they
            attach to it. Judge: {data.judge.id}. Intervals are 95 %; n.s. = not significant.
          </p>
          <PositioningTable data={data} />
          <AttributeGaps brands={data.brands} />
        </>
      )}
    </Panel>
  );
}
