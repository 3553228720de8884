import { useMemo } from 'react';
import { formatNumber } from '../../lib/format';
import { useCompareStore } from '../../stores/compare-store';
import { useNavStore, type ResultSetTarget } from '../../stores/nav-store';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { SyntheticBadge } from '../../components/SyntheticBadge';
import type { CompareColumn } from '../../lib/compare-columns';
import { ComparePanes } from './ComparePanes';
import { resultSetColumns } from './result-set-columns';
import { REPORT_MAX, useReportExport } from './use-report-export';

/** The HTML report takes at most this many answers (export.compareReport's limit). */
/** Past this many answers the pairwise overlap matrix is too big to read. */
const MATRIX_MAX = 12;

/** Compare showing the answers a Visibility number stands for, rather than one run. */
export function ResultSetCompare({ target }: { target: ResultSetTarget }) {
  const { closeResultSet, openRun, runId } = useNavStore();
  const { results, resultSetLoading, error, showResultSet } = useCompareStore();
  // Until the store has taken this set up (one effect after opening), it is still loading.
  const loading = useCompareStore((s) => s.resultSet !== target) || resultSetLoading;
  const { exporting, exportReport } = useReportExport();

  const columns = useMemo(() => resultSetColumns(target.resultIds, results), [target.resultIds, results]);
  const shown = target.resultIds.length;
  const missing = loading ? 0 : shown - columns.length;
  const synthetic = columns.some((c) => results[c.key]?.sandbox);

  const captionOf = (c: CompareColumn): React.ReactNode => {
    const r = results[c.key];
    if (!r) return null;
    return (
      <p className="muted small result-caption">
        <span className="caption-prompt" title={r.prompt}>
          “{r.prompt}”
        </span>{' '}
        · run <code>{r.runId.slice(0, 8)}</code>{' '}
        <button
          type="button"
          className="link-like"
          aria-label={`Open run ${r.runId}`}
          onClick={() => openRun(r.runId, 'compare')}
        >
          Open run
        </button>
      </p>
    );
  };

  return (
    <section aria-labelledby="compare-heading" className="view compare">
      <h1 id="compare-heading">Compare</h1>
      <div className="panel result-set-header" aria-label="Result set">
        <h2>{target.title}</h2>
        <p data-testid="result-set-count">
          {shown < target.total
            ? `Showing ${formatNumber(shown)} of ${formatNumber(target.total)} answers (the newest)`
            : `${formatNumber(target.total)} ${target.total === 1 ? 'answer' : 'answers'}`}
          {missing > 0 && ` · ${formatNumber(missing)} no longer stored`}
        </p>
        <div className="row">
          {synthetic && <SyntheticBadge />}
          <button type="button" onClick={closeResultSet}>
            {runId ? 'Back to run view' : 'Close result set'}
          </button>
          <button
            type="button"
            className="small"
            disabled={columns.length === 0 || exporting}
            title={
              columns.length > REPORT_MAX ? `The report holds the first ${REPORT_MAX} answers` : undefined
            }
            onClick={() =>
              void exportReport(
                columns.map((c) => c.key),
                target.title,
              )
            }
          >
            Export HTML report
          </button>
        </div>
      </div>
      {error && <ErrorState error={error} onRetry={() => void showResultSet(target)} />}
      {loading && columns.length === 0 && <Loading label="Loading answers…" />}
      {!loading && shown === 0 && <Empty>No answers behind this number.</Empty>}
      {columns.length > 0 && <ComparePanes columns={columns} captionOf={captionOf} matrixMax={MATRIX_MAX} />}
    </section>
  );
}
