import type { CitationGapsView, VisibilityBrandRef } from '../../../../shared/visibility/types';
import { formatNumber } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';
import { formatN, formatRate } from './format';
import { useBrandRefs } from './hooks';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';

function GapTable({ data, brands }: { data: CitationGapsView; brands: VisibilityBrandRef[] }) {
  const drill = useVisibilityStore((s) => s.drill);
  const names = new Map(brands.map((b) => [b.id, b.name]));
  const focusName = names.get(data.focusBrandId) ?? 'the focus brand';
  return (
    <>
      <p className="muted small">
        Domains cited in the {formatNumber(data.gapAnswers)} answers that name a competitor but not{' '}
        {focusName}.
      </p>
      <div className="vis-table-scroll">
        <table className="table vis-table" aria-label="Citation gaps">
          <thead>
            <tr>
              <th scope="col">Domain</th>
              <th scope="col">Share of gap answers</th>
              <th scope="col">Competitors named</th>
            </tr>
          </thead>
          <tbody>
            {data.gaps.map((g) => (
              <tr key={g.domain}>
                <th scope="row">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() =>
                      void drill(
                        { gapFor: data.focusBrandId, domain: g.domain },
                        `Answers citing ${g.domain} that name a competitor but not ${focusName}`,
                      )
                    }
                  >
                    {g.domain}
                  </button>
                  {g.focusCitedElsewhere && (
                    <span
                      className="badge badge-soon"
                      title={`${focusName} is cited on this domain in other answers`}
                    >
                      partial
                    </span>
                  )}
                </th>
                <td>
                  {formatRate(g.gapAnswers)} <span className="muted small">{formatN(g.gapAnswers.n)}</span>
                </td>
                <td>
                  {g.competitors
                    .map((c) => `${names.get(c.brandId) ?? c.brandId} (${formatNumber(c.answers)})`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Where competitors are cited and the focus brand is not: the pages to get onto. */
export function GapsPanel() {
  const state = useVisibilityStore((s) => s.panels.gaps);
  const refresh = useVisibilityStore((s) => s.refresh);
  const brands = useBrandRefs();
  return (
    <Panel id="vis-gaps" title="Citation gaps" state={state} onRetry={refresh} reserve={PANEL_RESERVE.gaps}>
      {(data) => <GapTable data={data} brands={brands} />}
    </Panel>
  );
}
