import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendRow } from '../../lib/trends';

const COLORS = ['#2f6fed', '#d9480f', '#2b8a3e', '#ae3ec9', '#e67700', '#0c8599', '#c2255c', '#5c940d'];

/** One trend chart (recharts), one line per series key. */
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
  return (
    <figure className="panel chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {keys.length === 0 ? (
        <p className="muted">Nothing to chart yet.</p>
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
