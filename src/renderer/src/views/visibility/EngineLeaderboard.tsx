import { useMemo, useState } from 'react';
import { isEngineName } from '../../../../shared/api/engines';
import {
  engineBoard,
  isLowN,
  measureN,
  sortByEngine,
  type BoardMeasure,
  type EngineBoardRow,
} from '../../../../shared/visibility/engine-board';
import type {
  BrandMetrics,
  VisibilityBrandRef,
  VisibilityBuckets,
} from '../../../../shared/visibility/types';
import { useVisibilityStore } from '../../stores/visibility-store';
import { BrandRowHeader } from './BrandRowHeader';
import { engineLabel, formatN, meanInterval, meanValue, rateInterval, rateValue } from './format';

// The brand leaderboard with one column per engine: each brand's mention rate (or share of
// voice, or average position) on every engine side by side, each cell with its interval and n,
// thin samples muted and said in words. Sorted by an engine's column from its header.

const MEASURES: ReadonlyArray<{ id: BoardMeasure; label: string; few: string }> = [
  { id: 'mentionRate', label: 'Mention rate', few: 'few answers' },
  { id: 'shareOfVoice', label: 'Share of voice', few: 'few mentions' },
  { id: 'avgPosition', label: 'Avg position', few: 'few ranked answers' },
];

type Sort = { engine: string; direction: 'best' | 'worst' } | null;

function figure(m: BrandMetrics, measure: BoardMeasure): { value: string; interval: string } {
  if (measure === 'avgPosition')
    return { value: meanValue(m.avgPosition), interval: meanInterval(m.avgPosition) };
  return { value: rateValue(m[measure]), interval: rateInterval(m[measure]) };
}

/** One brand on one engine: value, interval, n; muted with words when the sample is thin. */
function Cell({
  m,
  measure,
  brand,
  brandId,
  engine,
}: {
  m: BrandMetrics | undefined;
  measure: (typeof MEASURES)[number];
  brand: string;
  brandId: string;
  engine: string;
}) {
  const drill = useVisibilityStore((s) => s.drill);
  const n = measureN(m, measure.id);
  if (!m || n === 0)
    return (
      <td className="vis-engine-cell vis-low-n">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">no {measure.id === 'mentionRate' ? 'answers' : 'data'}</span>
      </td>
    );
  const { value, interval } = figure(m, measure.id);
  const low = isLowN(n);
  const label = engineLabel(engine);
  const words = `${brand} on ${label}: ${measure.label.toLowerCase()} ${value}${interval ? ` ${interval}` : ''}, ${formatN(n)}${low ? `, ${measure.few}` : ''}`;
  return (
    <td
      className={`vis-engine-cell${low ? ' vis-low-n' : ''}`}
      title={low ? `Only ${formatN(n)}: a thin sample, read it with care` : undefined}
    >
      <button
        type="button"
        className="link-button vis-figure"
        aria-label={`${words}. Open the answers naming ${brand} on ${label}`}
        onClick={() =>
          void drill(
            { brandId, mentioned: true, ...(isEngineName(engine) ? { engine } : {}) },
            `Answers naming ${brand}, ${label}`,
          )
        }
      >
        <strong>{value}</strong>
        {interval && <span className="vis-interval vis-cell-interval"> {interval}</span>}
      </button>
      <span className="vis-n vis-cell-n">
        {formatN(n)}
        {low && <span className="vis-few">, {measure.few}</span>}
      </span>
    </td>
  );
}

/** An engine's column header: its label as a button that sorts the rows by the column. */
function EngineHead({
  engine,
  sort,
  onSort,
  measure,
}: {
  engine: string;
  sort: Sort;
  onSort(s: Sort): void;
  measure: (typeof MEASURES)[number];
}) {
  const active = sort?.engine === engine ? sort.direction : null;
  const next = active === 'best' ? 'worst' : 'best';
  const label = engineLabel(engine);
  return (
    <th
      scope="col"
      className="vis-engine-col"
      aria-sort={
        active === null
          ? 'none'
          : (active === 'best') === (measure.id === 'avgPosition')
            ? 'ascending'
            : 'descending'
      }
    >
      <button
        type="button"
        className="link-button vis-sort"
        onClick={() => onSort({ engine, direction: next })}
        aria-label={`${label}: sort by ${measure.label.toLowerCase()} on ${label}, ${next} first`}
      >
        {label}
        <span aria-hidden="true">{active === 'best' ? ' ▼' : active === 'worst' ? ' ▲' : ''}</span>
      </button>
    </th>
  );
}

/** The measure the table shows, as a segmented control. */
function MeasurePicker({ measure, onChange }: { measure: BoardMeasure; onChange(m: BoardMeasure): void }) {
  return (
    <div className="vis-toggle" role="group" aria-label="Measure per engine">
      {MEASURES.map((m) => (
        <button
          key={m.id}
          type="button"
          className="small"
          aria-pressed={measure === m.id}
          onClick={() => onChange(m.id)}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}

/** Every tracked brand with one column per engine (catalog order, the profile's labels). */
export function EngineLeaderboard({
  data,
  brands,
  focusId,
}: {
  data: VisibilityBuckets;
  brands: readonly VisibilityBrandRef[];
  focusId: string | null;
}) {
  const [measureId, setMeasure] = useState<BoardMeasure>('mentionRate');
  const [sort, setSort] = useState<Sort>(null);
  const board = useMemo(() => engineBoard(data, focusId), [data, focusId]);
  const measure = MEASURES.find((m) => m.id === measureId) ?? (MEASURES[0] as (typeof MEASURES)[number]);
  const rows: EngineBoardRow[] =
    sort && board.engines.includes(sort.engine)
      ? sortByEngine(board.rows, sort.engine, measureId, sort.direction)
      : board.rows;
  const names = new Map(brands.map((b) => [b.id, b]));
  if (board.engines.length === 0) return <p className="muted">No answers in this period.</p>;
  return (
    <>
      <div className="row tight vis-board-controls">
        <MeasurePicker measure={measureId} onChange={setMeasure} />
        <span className="muted small">
          Per engine, with its 95 % interval and n; cells under 30 are muted. Sort from an engine&apos;s name.
        </span>
      </div>
      <div
        className="vis-table-scroll vis-engine-board-scroll"
        tabIndex={0}
        role="region"
        aria-label="Leaderboard by engine (scrolls sideways)"
      >
        <table
          className="table vis-table vis-leaderboard vis-engine-board"
          aria-label={`Brand leaderboard by engine: ${measure.label.toLowerCase()}`}
        >
          <thead>
            <tr>
              <th scope="col" className="vis-board-brand-col">
                <button
                  type="button"
                  className="link-button vis-sort"
                  onClick={() => setSort(null)}
                  aria-label="Brand: back to the overall order"
                >
                  Brand
                </button>
              </th>
              {board.engines.map((e) => (
                <EngineHead key={e} engine={e} sort={sort} onSort={setSort} measure={measure} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const focus = row.brandId === focusId;
              const brand = names.get(row.brandId);
              return (
                <tr key={row.brandId} className={focus ? 'vis-focus-row' : undefined}>
                  <BrandRowHeader brandId={row.brandId} brand={brand} focus={focus} />
                  {board.engines.map((e) => (
                    <Cell
                      key={e}
                      m={row.cells[e]}
                      measure={measure}
                      brand={brand?.name ?? row.brandId}
                      brandId={row.brandId}
                      engine={e}
                    />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
