import { useEffect, useMemo } from 'react';
import {
  compareColumns,
  dimensionValues,
  repeatResultIds,
  type CompareColumn,
} from '../../lib/compare-columns';
import { useBrandsStore } from '../../stores/brands-store';
import { useCompareStore } from '../../stores/compare-store';
import { useNavStore } from '../../stores/nav-store';
import { runName } from '../../lib/run-label';
import { ExportMenu } from '../../components/ExportMenu';
import { RunPicker } from '../../components/RunPicker';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { ScreenSyntheticBadge } from '../../components/SyntheticBadge';
import { ComparePanes } from './ComparePanes';
import { CompareToolbar } from './CompareToolbar';
import { RepeatSummaryLine } from './RepeatSummaryLine';
import { ResultSetCompare } from './ResultSetCompare';
import { REPORT_MAX, useReportExport } from './use-report-export';

/** A result set from Visibility when one is open, otherwise one run's answers. */
export function CompareView() {
  const resultSet = useNavStore((s) => s.resultSet);
  const showResultSet = useCompareStore((s) => s.showResultSet);
  const brands = useBrandsStore((s) => s.brands);
  const loadBrands = useBrandsStore((s) => s.load);

  useEffect(() => {
    if (resultSet !== useCompareStore.getState().resultSet) void showResultSet(resultSet);
  }, [resultSet, showResultSet]);
  useEffect(() => {
    if (brands === null) void loadBrands();
  }, [brands, loadBrands]);

  return resultSet ? <ResultSetCompare target={resultSet} /> : <RunCompare />;
}

function RunCompare() {
  const { runId, openRun } = useNavStore();
  const store = useCompareStore();
  const matcher = useBrandsStore((s) => s.matcher);
  const { load, ensureResults } = store;
  const { exporting, exportReport } = useReportExport();

  useEffect(() => {
    if (runId && runId !== useCompareStore.getState().runId) void load(runId);
  }, [runId, load]);

  const dims = useMemo(() => dimensionValues(store.cells), [store.cells]);
  const columns = useMemo(() => compareColumns(store.cells, store.filters), [store.cells, store.filters]);
  // With repeats, each column also reads its cell's other repeats, for its one-line summary.
  const repeats = useMemo(() => {
    const map = new Map<string, string[]>();
    if (dims.repeats.length < 2 || store.filters.groupBy === 'repeat') return map;
    for (const c of columns) map.set(c.key, repeatResultIds(store.cells, c.cell));
    return map;
  }, [columns, store.cells, store.filters.groupBy, dims.repeats.length]);
  const resultIds = useMemo(
    () => [
      ...columns.flatMap((c) => (c.cell.resultId ? [c.cell.resultId] : [])),
      ...[...repeats.values()].flat(),
    ],
    [columns, repeats],
  );
  useEffect(() => {
    if (resultIds.length > 0) void ensureResults([...new Set(resultIds)]);
  }, [resultIds, ensureResults]);

  const prompt = store.detail?.prompts[store.filters.promptIndex] ?? '';
  const shownIds = columns.flatMap((c) => (c.cell.resultId ? [c.cell.resultId] : []));
  const captionOf = (c: CompareColumn): React.ReactNode => {
    const ids = repeats.get(c.key);
    return ids ? (
      <RepeatSummaryLine
        resultIds={ids}
        results={store.results}
        matcher={matcher}
        title={`“${prompt}” · ${c.label}`}
      />
    ) : null;
  };

  return (
    <section aria-labelledby="compare-heading" className="view compare">
      <h1 id="compare-heading">Compare</h1>
      <div className="row compare-header">
        <RunPicker runId={runId} onPick={(id) => openRun(id, 'compare')} />
        <ScreenSyntheticBadge synthetic={store.detail?.sandbox === true} />
        <ExportMenu
          runId={runId}
          report={{
            disabled: shownIds.length === 0 || exporting,
            ...(shownIds.length > REPORT_MAX ? { note: `the first ${REPORT_MAX} answers on screen` } : {}),
            write: () =>
              void exportReport(
                shownIds,
                `${store.detail ? runName(store.detail) : 'Comparison'}: ${prompt}`,
              ),
          }}
        />
      </div>
      {!runId && <Empty>No runs yet. Compose and start one to compare answers.</Empty>}
      {store.loading && <Loading />}
      {store.error && <ErrorState error={store.error} onRetry={() => runId && void load(runId)} />}
      {store.detail && (
        <>
          <CompareToolbar prompts={store.detail.prompts} dims={dims} />
          <ComparePanes columns={columns} captionOf={captionOf} />
        </>
      )}
    </section>
  );
}
