import { useEffect, useMemo } from 'react';
import { compareColumns, dimensionValues } from '../../lib/compare-columns';
import { useBrandsStore } from '../../stores/brands-store';
import { useCompareStore } from '../../stores/compare-store';
import { useNavStore } from '../../stores/nav-store';
import { ExportButtons } from '../../components/ExportButtons';
import { RunPicker } from '../../components/RunPicker';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { SyntheticBadge } from '../../components/SyntheticBadge';
import { ComparePanes } from './ComparePanes';
import { CompareToolbar } from './CompareToolbar';
import { ResultSetCompare } from './ResultSetCompare';
import { useReportExport } from './use-report-export';

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
  const { load, ensureResults } = store;
  const { exporting, exportReport } = useReportExport();

  useEffect(() => {
    if (runId && runId !== useCompareStore.getState().runId) void load(runId);
  }, [runId, load]);

  const dims = useMemo(() => dimensionValues(store.cells), [store.cells]);
  const columns = useMemo(() => compareColumns(store.cells, store.filters), [store.cells, store.filters]);
  const resultIds = useMemo(
    () => columns.flatMap((c) => (c.cell.resultId ? [c.cell.resultId] : [])),
    [columns],
  );
  useEffect(() => {
    if (resultIds.length > 0) void ensureResults(resultIds);
  }, [resultIds, ensureResults]);

  return (
    <section aria-labelledby="compare-heading" className="view compare">
      <h1 id="compare-heading">Compare</h1>
      <div className="row">
        <RunPicker runId={runId} onPick={(id) => openRun(id, 'compare')} />
        {store.detail?.sandbox && <SyntheticBadge />}
        {runId && <ExportButtons runId={runId} />}
        <button
          type="button"
          className="small"
          disabled={resultIds.length === 0 || exporting}
          onClick={() =>
            void exportReport(
              resultIds,
              `${store.detail?.name ?? 'Comparison'}: ${store.detail?.prompts[store.filters.promptIndex] ?? ''}`,
            )
          }
        >
          Export HTML report
        </button>
      </div>
      {!runId && <Empty>No runs yet. Compose and start one to compare answers.</Empty>}
      {store.loading && <Loading />}
      {store.error && <ErrorState error={store.error} onRetry={() => runId && void load(runId)} />}
      {store.detail && (
        <>
          <CompareToolbar prompts={store.detail.prompts} dims={dims} />
          <ComparePanes columns={columns} />
        </>
      )}
    </section>
  );
}
