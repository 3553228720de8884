import { useState } from 'react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { bandKey, type TrendRow } from '../../lib/trends';
import { ViewToggle } from '../visibility/ViewToggle';

const COLORS = ['#2f6fed', '#d9480f', '#2b8a3e', '#ae3ec9', '#e67700', '#0c8599', '#c2255c', '#5c940d'];
const HEIGHT = 240;

function pct(v: number): string {
  return `${Math.round(v * 100)} %`;
}

function cell(value: TrendRow[string] | undefined, percent: boolean): string {
  if (typeof value !== 'number') return '—';
  return percent ? pct(value) : value.toFixed(1);
}

function bandCell(value: TrendRow[string] | undefined, percent: boolean): string {
  if (!Array.isArray(value)) return '';
  const [lo, hi] = value;
  return percent
    ? ` (${Math.round(lo * 100)}–${Math.round(hi * 100)} %)`
    : ` (${lo.toFixed(1)}–${hi.toFixed(1)})`;
}

/** The chart's numbers as a table: one row per run, one column per series, with intervals. */
function TrendTable({
  title,
  rows,
  keys,
  percent,
}: {
  title: string;
  rows: TrendRow[];
  keys: string[];
  percent: boolean;
}) {
  return (
    <div className="vis-table-scroll">
      <table className="table" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">Run</th>
            {keys.map((k) => (
              <th key={k} scope="col">
                {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.runId}>
              <th scope="row">{r.label}</th>
              {keys.map((k) => (
                <td key={k}>
                  {cell(r[k], percent)}
                  <span className="muted small">{bandCell(r[bandKey(k)], percent)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The y axis: rates from 0 to 100 %, positions from 1 (the top) down to the worst seen. */
function axisProps(percent: boolean, position: boolean) {
  if (percent) return { domain: [0, 1] as [number, number], tickFormatter: pct };
  if (position)
    return {
      domain: [1, (max: number) => Math.max(2, Math.ceil(max))] as [number, (max: number) => number],
      reversed: true,
      allowDecimals: false,
      tickFormatter: (v: number) => `#${v}`,
    };
  return {};
}

/**
 * One trend chart over the whole width: one straight line per series (straight between runs,
 * so no curve overshoots its points), the 95 % interval of the `banded` series as a band, and
 * its numbers as a table on demand.
 */
export function TrendChart({
  title,
  rows,
  keys,
  banded = [],
  percent = false,
  position = false,
}: {
  title: string;
  rows: TrendRow[];
  keys: string[];
  /** Series drawn with their interval band (the focus brand; every series would be a blur). */
  banded?: string[];
  percent?: boolean;
  /** A rank: the axis starts at 1 and runs downwards. */
  position?: boolean;
}) {
  const [table, setTable] = useState(false);
  const format = (v: unknown): string => {
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number')
      return percent ? `${pct(v[0])}–${pct(v[1])}` : `${v[0].toFixed(1)}–${v[1].toFixed(1)}`;
    return typeof v === 'number' ? (percent ? pct(v) : v.toFixed(1)) : '—';
  };
  return (
    <figure className="panel chart" aria-label={title}>
      <figcaption className="row tight">
        <span>{title}</span>
        {banded.length > 0 && (
          <span className="muted small chart-note">Band: 95 % interval for {banded.join(', ')}</span>
        )}
        {keys.length > 0 && <ViewToggle label={title} table={table} onChange={setTable} />}
      </figcaption>
      {keys.length === 0 ? (
        <p className="muted">Nothing to chart yet.</p>
      ) : table ? (
        <TrendTable title={title} rows={rows} keys={keys} percent={percent} />
      ) : (
        <ComposedChart
          responsive
          style={{ width: '100%', height: HEIGHT }}
          data={rows}
          margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 11 }} />
          <YAxis {...axisProps(percent, position)} tick={{ fill: 'currentColor', fontSize: 11 }} />
          <Tooltip
            formatter={format}
            contentStyle={{ background: 'var(--panel)', borderColor: 'var(--border)', color: 'var(--text)' }}
            // Items in the text colour, not each line's (a pale line colour on the panel fails contrast).
            itemStyle={{ color: 'var(--text)' }}
          />
          <Legend />
          {banded.map((k) => (
            <Area
              key={bandKey(k)}
              dataKey={bandKey(k)}
              name={`${k} 95 % interval`}
              stroke="none"
              fill={COLORS[keys.indexOf(k) % COLORS.length]}
              fillOpacity={0.15}
              legendType="none"
              type="linear"
              connectNulls
              isAnimationActive={false}
            />
          ))}
          {keys.map((k, i) => (
            <Line
              key={k}
              type="linear"
              dataKey={k}
              stroke={COLORS[i % COLORS.length]}
              strokeWidth={banded.includes(k) ? 2.5 : 1.5}
              dot={rows.length <= 60}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </ComposedChart>
      )}
    </figure>
  );
}
