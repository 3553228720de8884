import { Area, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrendBucket, TrendModel } from './derive';

const percent = (v: number): string => `${Math.round(v * 100)} %`;

function tooltipValue(value: unknown): string {
  if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number')
    return `${percent(value[0])}–${percent(value[1])}`;
  return typeof value === 'number' ? percent(value) : '—';
}

/** The trend as a recharts chart: one line per brand, its 95 % interval as a band. */
export function TrendChart({
  model,
  allBands,
  height,
  onPick,
}: {
  model: TrendModel;
  allBands: boolean;
  height: number;
  onPick(bucket: TrendBucket): void;
}) {
  return (
    <ComposedChart
      responsive
      style={{ width: '100%', height }}
      data={model.rows}
      margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
      cursor="pointer"
      onClick={(state) => {
        const bucket = model.buckets[Number(state.activeIndex)];
        if (bucket) onPick(bucket);
      }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
      <XAxis dataKey="label" tick={{ fill: 'currentColor', fontSize: 11 }} />
      <YAxis domain={[0, 1]} tickFormatter={percent} tick={{ fill: 'currentColor', fontSize: 11 }} />
      <Tooltip
        formatter={tooltipValue}
        contentStyle={{ background: 'var(--panel)', borderColor: 'var(--border)', color: 'var(--text)' }}
        // Items in the text colour, not each line's (a pale line colour on the panel fails contrast).
        itemStyle={{ color: 'var(--text)' }}
      />
      {model.series
        .filter((s) => s.focus || allBands)
        .map((s) => (
          <Area
            key={s.bandKey}
            dataKey={s.bandKey}
            name={`${s.name} 95 % interval`}
            stroke="none"
            fill={s.color}
            fillOpacity={s.focus ? 0.2 : 0.1}
            legendType="none"
            connectNulls
            isAnimationActive={false}
          />
        ))}
      {model.series.map((s) => (
        <Line
          key={s.valueKey}
          dataKey={s.valueKey}
          name={s.name}
          stroke={s.color}
          strokeWidth={s.focus ? 3 : 1.5}
          dot={model.rows.length <= 31}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </ComposedChart>
  );
}
