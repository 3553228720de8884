import { useMemo } from 'react';
import type { VisibilityBrandRef, VisibilityBuckets } from '../../../../shared/visibility/types';
import { isEngineName } from '../../../../shared/api/engines';
import { useVisibilityStore } from '../../stores/visibility-store';
import { heatLevel, heatmapModel } from './derive';
import { engineLabel, formatN, formatRate, locationKeyLabel, rateValue } from './format';
import { useFocusBrand, useWideHeatmap } from './hooks';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';

function Heatmap({ data, focus }: { data: VisibilityBuckets; focus: VisibilityBrandRef }) {
  const drill = useVisibilityStore((s) => s.drill);
  const model = useMemo(() => heatmapModel(data, focus.id), [data, focus.id]);
  if (model.locations.length === 0) return <p className="muted">No answers in this period.</p>;
  return (
    <div className="vis-table-scroll">
      <table
        className="table vis-heatmap"
        aria-label={`Mention rate of ${focus.name} by location and engine`}
      >
        <thead>
          <tr>
            <th scope="col">Location</th>
            {model.engines.map((e) => (
              <th key={e} scope="col">
                {engineLabel(e)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.locations.map((loc) => (
            <tr key={loc}>
              <th scope="row">{locationKeyLabel(loc)}</th>
              {model.engines.map((engine) => {
                const m = model.cells.get(`${loc}|${engine}`);
                if (!m || m.answers === 0)
                  return (
                    <td key={engine} className="vis-heat-cell" data-level="none">
                      <span className="muted">—</span>
                    </td>
                  );
                const rate = m.mentionRate;
                const where = `${loc}, ${engineLabel(engine)}`;
                return (
                  <td key={engine} className="vis-heat-cell" data-level={heatLevel(rate.value)}>
                    <button
                      type="button"
                      aria-label={`${where}: ${formatRate(rate)}, ${formatN(rate.n)}. Open the answers`}
                      title={`${formatRate(rate)} · ${rate.k} of ${rate.n} answers`}
                      onClick={() =>
                        void drill(
                          {
                            brandId: focus.id,
                            mentioned: rate.k > 0,
                            location: loc,
                            ...(isEngineName(engine) ? { engine } : {}),
                          },
                          `${rate.k > 0 ? 'Answers naming' : 'Answers not naming'} ${focus.name}, ${where}`,
                        )
                      }
                    >
                      <strong>{rateValue(rate)}</strong>
                      <span className="small">{formatN(rate.n)}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small vis-legend" aria-hidden="true">
        <span className="vis-heat-cell" data-level="0">
          0 %
        </span>
        {[1, 2, 3, 4, 5].map((l) => (
          <span key={l} className="vis-heat-cell" data-level={l}>
            {`${(l - 1) * 20}–${l * 20} %`}
          </span>
        ))}
      </p>
    </div>
  );
}

/** The focus brand's mention rate per country (or US state) and engine: value and n per cell. */
export function HeatmapPanel() {
  const state = useVisibilityStore((s) => s.panels.heatmap);
  const refresh = useVisibilityStore((s) => s.refresh);
  const focus = useFocusBrand();
  const wide = useWideHeatmap();
  return (
    <Panel
      id="vis-heatmap"
      className={wide ? 'vis-wide' : undefined}
      title={focus ? `${focus.name} by location and engine` : 'By location and engine'}
      state={state}
      onRetry={refresh}
      reserve={PANEL_RESERVE.heatmap}
    >
      {(data) =>
        focus ? <Heatmap data={data} focus={focus} /> : <p className="muted">Choose a focus brand.</p>
      }
    </Panel>
  );
}
