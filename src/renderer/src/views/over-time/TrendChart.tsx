import { useState } from 'react';
import { Area, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { bandKey, type TrendRow } from '../../lib/trends';
import { ViewToggle } from '../visibility/ViewToggle';
import { sampleText, valueText } from './point-text';
import { TrendTable } from './TrendTable';

const HEIGHT = 240;

const pct = (v: number): string => `${Math.round(v * 100)} %`;

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

/** The chart's key, under the chart (outside it, so the tooltip never covers it). */
function ChartLegend({
  keys,
  colors,
  banded,
}: {
  keys: string[];
  colors: Map<string, string>;
  banded: string[];
}) {
  return (
    <ul className="vis-legend-series chart-legend" aria-label="Series in the chart">
      {keys.map((k) => (
        <li key={k} className={banded.includes(k) ? 'vis-legend-focus' : undefined}>
          <svg width="22" height="10" aria-hidden="true">
            <line
              x1="1"
              y1="5"
              x2="21"
              y2="5"
              stroke={colors.get(k)}
              strokeWidth={banded.includes(k) ? 4 : 2}
            />
          </svg>
          {k}
        </li>
      ))}
    </ul>
  );
}

/** The hovered point: its date, its n (few answers said so) and each series with its interval. */
function PointTooltip({
  row,
  keys,
  colors,
  percent,
}: {
  row: TrendRow | undefined;
  keys: string[];
  colors: Map<string, string>;
  percent: boolean;
}) {
  if (!row) return null;
  return (
    <div className="chart-tooltip">
      <strong>{row.label}</strong>
      <div className="muted">{sampleText(row.n)}</div>
      {row.n > 0 && (
        <ul>
          {keys.map((k) => (
            <li key={k}>
              <span className="pos-swatch" style={{ background: colors.get(k) }} aria-hidden="true" />
              {k}: {valueText(row[k], row[bandKey(k)], percent)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One trend chart over the whole width: one straight line per series (straight between points,
 * so no curve overshoots them, and broken where a day or week has no answers), the 95 % interval
 * of the `banded` series as a band, its key under it, and its numbers as a table on demand.
 */
export function TrendChart({
  title,
  rows,
  keys,
  colors,
  banded = [],
  percent = false,
  position = false,
}: {
  title: string;
  rows: TrendRow[];
  keys: string[];
  /** Each series' colour (a brand's is the same in every chart of the app). */
  colors: Map<string, string>;
  /** Series drawn with their interval band (the focus brand; every series would be a blur). */
  banded?: string[];
  percent?: boolean;
  /** A rank: the axis starts at 1 and runs downwards. */
  position?: boolean;
}) {
  const [table, setTable] = useState(false);
  const drawnBands = banded.filter((k) => keys.includes(k));
  return (
    <figure className="panel chart" aria-label={title}>
      <figcaption className="row tight">
        <span>{title}</span>
        {drawnBands.length > 0 && (
          <span className="muted small chart-note">Band: 95 % interval for {drawnBands.join(', ')}</span>
        )}
        {keys.length > 0 && <ViewToggle label={title} table={table} onChange={setTable} />}
      </figcaption>
      {keys.length === 0 ? (
        <p className="muted">Nothing to chart yet.</p>
      ) : table ? (
        <TrendTable title={title} rows={rows} keys={keys} percent={percent} />
      ) : (
        <>
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
              content={({ payload }) => (
                <PointTooltip
                  row={payload?.[0]?.payload as TrendRow | undefined}
                  keys={keys}
                  colors={colors}
                  percent={percent}
                />
              )}
            />
            {drawnBands.map((k) => (
              <Area
                key={bandKey(k)}
                dataKey={bandKey(k)}
                name={`${k} 95 % interval`}
                stroke="none"
                fill={colors.get(k)}
                fillOpacity={0.15}
                legendType="none"
                type="linear"
                isAnimationActive={false}
              />
            ))}
            {keys.map((k) => (
              <Line
                key={k}
                type="linear"
                dataKey={k}
                stroke={colors.get(k)}
                strokeWidth={banded.includes(k) ? 2.5 : 1.5}
                dot={rows.length <= 60}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </ComposedChart>
          <ChartLegend keys={keys} colors={colors} banded={drawnBands} />
        </>
      )}
    </figure>
  );
}
