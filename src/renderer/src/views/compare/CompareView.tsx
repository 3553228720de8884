import { useEffect, useMemo, useState } from 'react';
import { call } from '../../ipc/client';
import { compareColumns, dimensionValues } from '../../lib/compare-columns';
import { toShownError } from '../../lib/errors';
import { domainColumnCounts, overlapMatrix } from '../../lib/overlap';
import { useSyncScroll } from '../../lib/use-sync-scroll';
import { useBrandsStore } from '../../stores/brands-store';
import { useCompareStore } from '../../stores/compare-store';
import { useNavStore } from '../../stores/nav-store';
import { useToastStore } from '../../stores/toast-store';
import { ExportButtons } from '../../components/ExportButtons';
import { RunPicker } from '../../components/RunPicker';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { SyntheticBadge } from '../../components/SyntheticBadge';
import { AnswerColumn } from './AnswerColumn';
import { CompareToolbar } from './CompareToolbar';
import { DiffPanel } from './DiffPanel';
import { OverlapMatrix } from './OverlapMatrix';

export function CompareView() {
  const { runId, openRun } = useNavStore();
  const store = useCompareStore();
  const { load, ensureResults } = store;
  const brands = useBrandsStore();
  const loadBrands = useBrandsStore((s) => s.load);
  const push = useToastStore((s) => s.push);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (runId && runId !== useCompareStore.getState().runId) void load(runId);
  }, [runId, load]);
  useEffect(() => {
    if (brands.brands === null) void loadBrands();
  }, [brands.brands, loadBrands]);

  const dims = useMemo(() => dimensionValues(store.cells), [store.cells]);
  const columns = useMemo(() => compareColumns(store.cells, store.filters), [store.cells, store.filters]);
  const resultIds = useMemo(
    () => columns.flatMap((c) => (c.cell.resultId ? [c.cell.resultId] : [])),
    [columns],
  );
  useEffect(() => {
    if (resultIds.length > 0) void ensureResults(resultIds);
  }, [resultIds, ensureResults]);

  const columnSources = useMemo(
    () =>
      columns.map((c) => ({
        id: c.key,
        sources: (c.cell.resultId && store.results[c.cell.resultId]?.normalized.sources) || [],
      })),
    [columns, store.results],
  );
  const sharedCounts = useMemo(() => domainColumnCounts(columnSources), [columnSources]);
  const matrix = useMemo(() => overlapMatrix(columnSources), [columnSources]);
  const sync = useSyncScroll(store.syncScroll);

  const exportReport = async (): Promise<void> => {
    setExporting(true);
    try {
      const title =
        `${store.detail?.name ?? 'Comparison'}: ${store.detail?.prompts[store.filters.promptIndex] ?? ''}`.slice(
          0,
          200,
        );
      const { path } = await call('export.compareReport', { resultIds: resultIds.slice(0, 20), title });
      if (path) push('success', `Report written to ${path}`);
    } catch (error) {
      const e = toShownError(error);
      push('error', `Report failed: ${e.code} ${e.message}`);
    } finally {
      setExporting(false);
    }
  };

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
          onClick={() => void exportReport()}
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
          <div className="row">
            <button
              type="button"
              aria-pressed={store.diffMode}
              onClick={() => store.setDiffMode(!store.diffMode)}
            >
              {store.diffMode ? 'Side by side' : 'Diff mode'}
            </button>
            <label className="inline">
              <input
                type="checkbox"
                checked={store.syncScroll}
                onChange={(e) => store.setSyncScroll(e.target.checked)}
              />
              Synchronized scrolling
            </label>
            {!brands.matcher && (
              <span className="muted small">Define brands to highlight their mentions.</span>
            )}
          </div>
          {columns.length === 0 && <Empty>No answers for this selection.</Empty>}
          {store.diffMode ? (
            <DiffPanel
              columns={columns}
              results={store.results}
              a={store.diffA}
              b={store.diffB}
              onPick={store.setDiffPair}
            />
          ) : (
            <div className="columns" data-testid="compare-columns">
              {columns.map((c) => (
                <AnswerColumn
                  key={c.key}
                  column={c}
                  result={c.cell.resultId ? store.results[c.cell.resultId] : undefined}
                  matcher={brands.matcher}
                  sharedCounts={sharedCounts}
                  columnCount={columns.length}
                  paneRef={sync.register(c.key)}
                  onScroll={() => sync.onScroll(c.key)}
                />
              ))}
            </div>
          )}
          <OverlapMatrix labels={columns.map((c) => c.label)} matrix={matrix} />
        </>
      )}
    </section>
  );
}
