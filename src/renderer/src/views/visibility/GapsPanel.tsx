import { useState } from 'react';
import type { CitationGapsView, VisibilityBrandRef } from '../../../../shared/visibility/types';
import { formatNumber, plural } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';
import { formatN, formatRate, sharedN } from './format';
import { useBrandRefs, useWideHeatmap } from './hooks';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';

/** Gaps listed before "Show all": the card shows every row it lists, none cut by a scroll box. */
export const GAPS_SHOWN = 8;
/** Competitors named in a row before "+N more". */
const COMPETITORS_SHOWN = 2;

type Gap = CitationGapsView['gaps'][number];

function Competitors({ gap, names }: { gap: Gap; names: Map<string, string> }) {
  const all = gap.competitors.map((c) => `${names.get(c.brandId) ?? c.brandId} (${formatNumber(c.answers)})`);
  const shown = all.slice(0, COMPETITORS_SHOWN);
  const more = all.length - shown.length;
  return (
    <span title={more > 0 ? all.join(', ') : undefined}>
      {shown.join(', ')}
      {more > 0 && <span className="muted"> +{more} more</span>}
    </span>
  );
}

/** A gap's share of the gap answers (its n unless the header gives it) and the competitors named. */
function GapCells({ gap, names, sharedN }: { gap: Gap; names: Map<string, string>; sharedN: number | null }) {
  return (
    <>
      <td className="vis-nowrap">
        {formatRate(gap.gapAnswers)}
        {sharedN === null && <span className="muted small"> {formatN(gap.gapAnswers.n)}</span>}
      </td>
      <td>
        <Competitors gap={gap} names={names} />
      </td>
    </>
  );
}

function GapTable({ data, brands }: { data: CitationGapsView; brands: VisibilityBrandRef[] }) {
  const drill = useVisibilityStore((s) => s.drill);
  const [all, setAll] = useState(false);
  const names = new Map(brands.map((b) => [b.id, b.name]));
  const focusName = names.get(data.focusBrandId) ?? 'the focus brand';
  // Full gaps first, then partial ones (marked): competitors' own sites are listed apart.
  const listed = [...data.gaps, ...data.partialGaps];
  const rows = all ? listed : listed.slice(0, GAPS_SHOWN);
  const n = sharedN(rows.map((g) => g.gapAnswers.n));
  const anyPartial = rows.some((g) => g.focusCitedElsewhere);
  return (
    <>
      <p className="muted small">
        Domains cited in the {plural(data.gapAnswers, 'answer')} that name a competitor but not {focusName}:
        the pages to get onto.
      </p>
      <table className="table vis-table vis-gaps" aria-label="Citation gaps">
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">
              Share of gap answers
              {n !== null && <span className="vis-head-n">{formatN(n)}</span>}
            </th>
            <th scope="col">Competitors named</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => (
            <tr key={g.domain}>
              <th scope="row">
                <span className="vis-domain-cell">
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
                      title={`A partial gap: ${g.domain} cites ${focusName} in other answers`}
                    >
                      cites {focusName} elsewhere
                    </span>
                  )}
                </span>
              </th>
              <GapCells gap={g} names={names} sharedN={n} />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row tight small vis-gaps-foot">
        {anyPartial && (
          <span className="muted">
            “Cites {focusName} elsewhere”: a partial gap, the domain names {focusName} in other answers.
          </span>
        )}
        {listed.length > GAPS_SHOWN && (
          <button type="button" className="small" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? `Show the top ${GAPS_SHOWN}` : `Show all ${listed.length} domains`}
          </button>
        )}
        {data.thinGaps.length > 0 && (
          <span className="muted">
            {plural(data.thinGaps.length, 'more domain')} cited in fewer than {data.minAnswers} of those
            answers (few answers) not listed.
          </span>
        )}
      </div>
      <CompetitorSites data={data} names={names} />
    </>
  );
}

/** Competitors' own sites cited in gap answers: apart, since no brand gets onto a rival's site. */
function CompetitorSites({ data, names }: { data: CitationGapsView; names: Map<string, string> }) {
  if (data.competitorSites.length === 0) return null;
  return (
    <table className="table vis-table vis-gaps" aria-label="Competitors’ own sites">
      <caption className="muted small">Competitors’ own sites cited in those answers</caption>
      <thead>
        <tr>
          <th scope="col">Domain</th>
          <th scope="col">Share of gap answers</th>
          <th scope="col">Competitors named</th>
        </tr>
      </thead>
      <tbody>
        {data.competitorSites.slice(0, GAPS_SHOWN).map((g) => (
          <tr key={g.domain}>
            <th scope="row">{g.domain}</th>
            <GapCells gap={g} names={names} sharedN={null} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where competitors are cited and the focus brand is not: the pages to get onto. */
export function GapsPanel() {
  const state = useVisibilityStore((s) => s.panels.gaps);
  const refresh = useVisibilityStore((s) => s.refresh);
  const brands = useBrandRefs();
  const wide = useWideHeatmap();
  return (
    <Panel
      id="vis-gaps"
      title="Citation gaps"
      state={state}
      onRetry={refresh}
      reserve={PANEL_RESERVE.gaps}
      className={wide ? 'vis-wide' : undefined}
    >
      {(data) => <GapTable data={data} brands={brands} />}
    </Panel>
  );
}
