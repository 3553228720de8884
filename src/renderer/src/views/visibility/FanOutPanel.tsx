import { formatNumber } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';
import { enginesText } from '../../lib/engine-label';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';

/** "8 engines" in a narrow column (the labels while two or fewer), the full list beside it. */
function EnginesCell({ engines }: { engines: readonly string[] }) {
  const { full, short } = enginesText(engines);
  return (
    <td className="vis-nowrap" title={full}>
      {short === full ? (
        full
      ) : (
        <>
          <span aria-hidden="true">{short}</span>
          <span className="visually-hidden">{full}</span>
        </>
      )}
    </td>
  );
}

/** The search queries the engines ran to answer (fan-out), most frequent first; new ones badged. */
export function FanOutPanel() {
  const state = useVisibilityStore((s) => s.panels.queries);
  const refresh = useVisibilityStore((s) => s.refresh);
  const drill = useVisibilityStore((s) => s.drill);
  return (
    <Panel
      id="vis-queries"
      title="Engines' search queries"
      state={state}
      onRetry={refresh}
      reserve={PANEL_RESERVE.queries}
    >
      {(data) => (
        <div className="vis-table-scroll">
          <table className="table vis-table vis-queries" aria-label="Search queries">
            <thead>
              <tr>
                <th scope="col">Query</th>
                <th scope="col">
                  Answers<span className="vis-head-n">of {formatNumber(data.answers)}</span>
                </th>
                <th scope="col">Engines</th>
              </tr>
            </thead>
            <tbody>
              {data.queries.map((q) => (
                <tr key={q.query}>
                  <th scope="row">
                    <button
                      type="button"
                      className="link-button"
                      onClick={() =>
                        void drill({ query: q.query }, `Answers whose engine searched “${q.query}”`)
                      }
                    >
                      {q.query}
                    </button>{' '}
                    {q.isNew && (
                      <span
                        className="badge badge-ok"
                        title={`First seen ${q.firstSeen}; not in the previous period`}
                      >
                        new
                      </span>
                    )}
                  </th>
                  <td className="vis-nowrap">{formatNumber(q.answers)}</td>
                  <EnginesCell engines={q.engines} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
