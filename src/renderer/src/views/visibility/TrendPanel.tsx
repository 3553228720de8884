import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { VisibilityBuckets } from '../../../../shared/visibility/types';
import { useVisibilityStore, type TrendBy } from '../../stores/visibility-store';
import { trendModel, type TrendBucket, type TrendModel, type TrendSeries } from './derive';
import { formatN, formatRate } from './format';
import type { TrendChart as TrendChartComponent } from './TrendChart';
import { TrendLegend } from './TrendLegend';
import { useBrandRefs, useFocusBrand } from './hooks';
import { Panel } from './Panel';
import { PANEL_RESERVE } from './panel-reserve';
import { ViewToggle } from './ViewToggle';

// recharts is most of a megabyte of script: its chunk loads while the KPI cards paint, and the
// chart's box keeps its height meanwhile so nothing below it moves.
const CHART_HEIGHT = 300;
type ChartModule = { default: typeof TrendChartComponent };
let chartModule: Promise<ChartModule> | null = null;
/** Starts loading the chart's chunk (once): when the panel mounts, before its data arrives. */
function loadTrendChart(): Promise<ChartModule> {
  chartModule ??= import('./TrendChart').then(
    (m) => ({ default: m.TrendChart }),
    (error: unknown) => {
      chartModule = null; // the next render tries again
      throw error;
    },
  );
  return chartModule;
}
const TrendChart = lazy(loadTrendChart);

function TrendTable({
  model,
  by,
  onPick,
}: {
  model: TrendModel;
  by: TrendBy;
  onPick(bucket: TrendBucket, series: TrendSeries): void;
}) {
  return (
    <div className="vis-table-scroll">
      <table className="table vis-table" aria-label="Mention rate trend">
        <thead>
          <tr>
            <th scope="col">{by === 'day' ? 'Day' : 'Run'}</th>
            {model.series.map((s) => (
              <th key={s.brandId} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.buckets.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              {model.series.map((s) => {
                const m = b.mention.get(s.brandId);
                if (!m || m.n === 0) return <td key={s.brandId}>—</td>;
                return (
                  <td key={s.brandId}>
                    <button
                      type="button"
                      className="link-button"
                      aria-label={`${s.name}, ${b.label}: ${formatRate(m)}, ${formatN(m.n)}. Open the answers`}
                      onClick={() => onPick(b, s)}
                    >
                      {formatRate(m)}
                    </button>{' '}
                    <span className="muted small">{formatN(m.n)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Mention rate of the focus brand and its competitors per day or per run, with 95 % bands. */
export function TrendPanel() {
  const state = useVisibilityStore((s) => s.panels.trend);
  const trendBy = useVisibilityStore((s) => s.trendBy);
  const setTrendBy = useVisibilityStore((s) => s.setTrendBy);
  const refresh = useVisibilityStore((s) => s.refresh);
  const drill = useVisibilityStore((s) => s.drill);
  const brands = useBrandRefs();
  const focus = useFocusBrand();
  const [table, setTable] = useState(false);
  const [allBands, setAllBands] = useState(false);
  useEffect(() => {
    void loadTrendChart().catch(() => undefined);
  }, []);

  const pick = (bucket: TrendBucket, series?: TrendSeries): void => {
    const brand = series ?? (focus && { brandId: focus.id, name: focus.name });
    if (!brand) return;
    const at = bucket.runId ? { runId: bucket.runId } : { day: bucket.key };
    void drill(
      { brandId: brand.brandId, mentioned: true, ...at },
      `Answers naming ${brand.name}, ${bucket.label}`,
    );
  };

  return (
    <Panel
      id="vis-trend"
      title="Mention rate over time"
      state={state}
      onRetry={refresh}
      className="vis-wide"
      reserve={PANEL_RESERVE.trend}
      actions={
        <>
          <div className="vis-toggle" role="group" aria-label="Trend per">
            {(['day', 'run'] as const).map((by) => (
              <button
                key={by}
                type="button"
                className="small"
                aria-pressed={trendBy === by}
                onClick={() => setTrendBy(by)}
              >
                Per {by}
              </button>
            ))}
          </div>
          <ViewToggle label="Mention rate over time" table={table} onChange={setTable} />
        </>
      }
    >
      {(data) => (
        <TrendBody
          data={data}
          table={table}
          allBands={allBands}
          onAllBands={setAllBands}
          brands={brands}
          focusId={focus?.id ?? null}
          onPick={pick}
        />
      )}
    </Panel>
  );
}

function TrendBody({
  data,
  table,
  allBands,
  onAllBands,
  brands,
  focusId,
  onPick,
}: {
  data: VisibilityBuckets;
  table: boolean;
  allBands: boolean;
  onAllBands(all: boolean): void;
  brands: ReturnType<typeof useBrandRefs>;
  focusId: string | null;
  onPick(bucket: TrendBucket, series?: TrendSeries): void;
}) {
  // The answer's own dimensions decide how it is read, so a per-run answer arriving after a
  // switch back to days is never drawn as days.
  const shape: TrendBy = data.by.includes('run') ? 'run' : 'day';
  const model = useMemo(() => trendModel(data, shape, brands, focusId), [data, shape, brands, focusId]);
  if (model.buckets.length === 0) return <p className="muted">No answers to chart in this period.</p>;
  if (table) return <TrendTable model={model} by={shape} onPick={onPick} />;
  return (
    <figure className="vis-chart" aria-label={`Mention rate per ${shape}, with 95 % intervals`}>
      <TrendLegend model={model} />
      <Suspense fallback={<div className="vis-chart-placeholder" style={{ height: CHART_HEIGHT }} />}>
        <TrendChart model={model} allBands={allBands} height={CHART_HEIGHT} onPick={(b) => onPick(b)} />
      </Suspense>
      <figcaption className="row tight small muted">
        <span>Bands are 95 % intervals. Click a {shape} to open its answers naming the focus brand.</span>
        <label className="inline">
          <input type="checkbox" checked={allBands} onChange={(e) => onAllBands(e.target.checked)} />
          Intervals for every brand
        </label>
      </figcaption>
    </figure>
  );
}
