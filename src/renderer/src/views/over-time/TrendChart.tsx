import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendRow } from '../../lib/trends';
import { ViewToggle } from '../visibility/ViewToggle';

const COLORS = ['#2f6fed', '#d9480f', '#2b8a3e', '#ae3ec9', '#e67700', '#0c8599', '#c2255c', '#5c940d'];

function cell(value: TrendRow[string] | undefined, percent: boolean): string {
  if (typeof value !== 'number') return '—';
  return percent ? `${Math.round(value * 100)} %` : value.toFixed(1);
}

/** The chart's numbers as a table: one row per run, one column per series. */
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
                <td key={k}>{cell(r[k], percent)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One trend chart (recharts), one line per series key, with its numbers as a table on demand. */
export function TrendChart({
  title,
  rows,
  keys,
  percent,
  reversed,
}: {
  title: string;
  rows: TrendRow[];
  keys: string[];
  percent?: boolean;
  reversed?: boolean;
}) {
  const [table, setTable] = useState(false);
  return (
    <figure className="panel chart" aria-label={title}>
      <figcaption className="row tight">
        <span>{title}</span>
        {keys.length > 0 && <ViewToggle label={title} table={table} onChange={setTable} />}
      </figcaption>
      {keys.length === 0 ? (
        <p className="muted">Nothing to chart yet.</p>
      ) : table ? (
        <TrendTable title={title} rows={rows} keys={keys} percent={percent === true} />
      ) : (
        <LineChart width={560} height={220} data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis
            reversed={reversed}
            domain={percent ? [0, 1] : ['auto', 'auto']}
            tickFormatter={(v: number) => (percent ? `${Math.round(v * 100)}%` : String(v))}
          />
          <Tooltip
            formatter={(v) => (percent && typeof v === 'number' ? `${Math.round(v * 100)} %` : String(v))}
          />
          <Legend />
          {keys.map((k, i) => (
            <Line
              key={k}
              type="monotone"
              dataKey={k}
              stroke={COLORS[i % COLORS.length]}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </figure>
  );
}
