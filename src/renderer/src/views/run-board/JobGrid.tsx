import { useMemo, useRef } from 'react';
import type { EngineName } from '../../../../shared/api/engines';
import type { JobState } from '../../../../shared/domain/run-spec';
import type { MatrixCellView } from '../../../../shared/ipc/channels/runs';
import { locationLabel } from '../../lib/countries';
import { engineLabel } from '../../lib/engine-label';

const ORDER: JobState[] = ['running', 'queued', 'pending', 'failed', 'interrupted', 'canceled', 'succeeded'];
const SYMBOL: Record<JobState, string> = {
  pending: '…',
  queued: '⧗',
  running: '▶',
  succeeded: '✓',
  failed: '✗',
  interrupted: '!',
  canceled: '⊘',
};

export interface GridCell {
  location: string;
  engine: EngineName;
  counts: Partial<Record<JobState, number>>;
  total: number;
  /** The state that best describes the cell: anything in flight or failed before success. */
  state: JobState;
}

export function buildGrid(cells: MatrixCellView[]): {
  rows: string[];
  engines: EngineName[];
  at: Map<string, GridCell>;
} {
  const rows: string[] = [];
  const engines: EngineName[] = [];
  const at = new Map<string, GridCell>();
  for (const c of cells) {
    const loc = locationLabel(c.country, c.state);
    if (!rows.includes(loc)) rows.push(loc);
    if (!engines.includes(c.engine)) engines.push(c.engine);
    const key = `${loc}|${c.engine}`;
    const g = at.get(key) ?? { location: loc, engine: c.engine, counts: {}, total: 0, state: c.jobState };
    g.counts[c.jobState] = (g.counts[c.jobState] ?? 0) + 1;
    g.total++;
    g.state = ORDER.find((s) => (g.counts[s] ?? 0) > 0) ?? c.jobState;
    at.set(key, g);
  }
  return { rows, engines, at };
}

/** The country × engine grid of job states; arrow keys move between cells (roving tab stop). */
export function JobGrid({ cells, onOpen }: { cells: MatrixCellView[]; onOpen(): void }) {
  const { rows, engines, at } = useMemo(() => buildGrid(cells), [cells]);
  const ref = useRef<HTMLTableElement>(null);

  const onKeyDown = (e: React.KeyboardEvent, r: number, c: number): void => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    const nr = Math.max(0, Math.min(rows.length - 1, r + m[0]));
    const nc = Math.max(0, Math.min(engines.length - 1, c + m[1]));
    ref.current?.querySelector<HTMLElement>(`[data-cell="${nr}-${nc}"]`)?.focus();
  };

  if (cells.length === 0) return <p className="muted">No jobs yet.</p>;
  return (
    <table ref={ref} className="job-grid" role="grid" aria-label="Jobs by location and engine">
      <thead>
        <tr>
          <th scope="col">Location</th>
          {engines.map((e) => (
            <th key={e} scope="col">
              {engineLabel(e)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((loc, r) => (
          <tr key={loc}>
            <th scope="row">{loc}</th>
            {engines.map((e, c) => {
              const g = at.get(`${loc}|${e}`);
              const summary = g
                ? ORDER.filter((s) => (g.counts[s] ?? 0) > 0)
                    .map((s) => `${g.counts[s]} ${s}`)
                    .join(', ')
                : 'no jobs';
              return (
                <td key={e} role="gridcell" className={g ? `job-cell state-${g.state}` : 'job-cell'}>
                  <button
                    type="button"
                    data-cell={`${r}-${c}`}
                    tabIndex={r === 0 && c === 0 ? 0 : -1}
                    aria-label={`${loc} ${engineLabel(e)}: ${summary}`}
                    onKeyDown={(ev) => onKeyDown(ev, r, c)}
                    onClick={onOpen}
                  >
                    {g &&
                      ORDER.filter((s) => (g.counts[s] ?? 0) > 0).map((s) => (
                        <span key={s} className={`job-count state-${s}`}>
                          {SYMBOL[s]} {g.counts[s]}
                        </span>
                      ))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
