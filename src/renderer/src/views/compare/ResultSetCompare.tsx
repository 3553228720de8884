import { useMemo } from 'react';
import { formatNumber, plural } from '../../lib/format';
import { useRunNames } from '../../lib/use-run-names';
import { useBrandsStore } from '../../stores/brands-store';
import { useCompareStore } from '../../stores/compare-store';
import { useNavStore, type ResultSetTarget } from '../../stores/nav-store';
import { ExportMenu } from '../../components/ExportMenu';
import { Empty, ErrorState, Loading } from '../../components/StatusStates';
import { ScreenSyntheticBadge } from '../../components/SyntheticBadge';
import type { CompareColumn } from '../../lib/compare-columns';
import { ComparePanes } from './ComparePanes';
import { RepeatSummaryLine } from './RepeatSummaryLine';
import { groupRepeatColumns, resultSetColumns } from './result-set-columns';
import { REPORT_MAX, useReportExport } from './use-report-export';

/** Past this many answers the pairwise overlap matrix is too big to read. */
const MATRIX_MAX = 12;
/** Columns drawn side by side at first and at each "Show more" (ComparePanes' pageSize). */
const COLUMN_PAGE = 12;

/** One set's identity for React (a drill opens a new target object, reloading keeps it). */
const setKeyOf = (target: ResultSetTarget): string =>
  `${target.title}\u0000${target.total}\u0000${target.resultIds.join(',')}`;

/**
 * Compare showing the answers a Visibility number stands for, rather than one run. Repeats of
 * one cell are one column with a summary line that opens them one by one.
 */
export function ResultSetCompare({ target }: { target: ResultSetTarget }) {
  const { closeResultSet, openRun, runId } = useNavStore();
  const { results, resultSetLoading, error, showResultSet } = useCompareStore();
  const matcher = useBrandsStore((s) => s.matcher);
  // Until the store has taken this set up (one effect after opening), it is still loading.
  const loading = useCompareStore((s) => s.resultSet !== target) || resultSetLoading;
  const { exporting, exportReport } = useReportExport();
  const setKey = useMemo(() => setKeyOf(target), [target]);

  const all = useMemo(() => resultSetColumns(target.resultIds, results), [target.resultIds, results]);
  const grouped = useMemo(
    // A pair opened as a diff (an alert's two answers) keeps its two columns whatever they are.
    () => groupRepeatColumns(all, results, target.separate === true || target.diff === true),
    [all, results, target.separate, target.diff],
  );
  const columns = useMemo(() => grouped.map((g) => g.column), [grouped]);
  const runNames = useRunNames(
    useMemo(() => all.flatMap((c) => results[c.key]?.runId ?? []), [all, results]),
  );
  const shown = target.resultIds.length;
  const missing = loading ? 0 : shown - all.length;
  const synthetic = all.some((c) => results[c.key]?.sandbox);

  const captionOf = (c: CompareColumn): React.ReactNode => {
    const r = results[c.key];
    if (!r) return null;
    const ids = grouped.find((g) => g.column.key === c.key)?.resultIds ?? [];
    return (
      <>
        <p className="muted small result-caption">
          <span className="caption-prompt" title={r.prompt}>
            “{r.prompt}”
          </span>{' '}
          ·{' '}
          <button
            type="button"
            className="link-like"
            aria-label={`Open the run ${runNames.get(r.runId) ?? 'of this answer'}`}
            onClick={() => openRun(r.runId, 'compare')}
          >
            {runNames.get(r.runId) ?? 'Open its run'}
          </button>
        </p>
        <RepeatSummaryLine
          resultIds={ids}
          results={results}
          matcher={matcher}
          title={`“${r.prompt}” · ${c.label}`}
        />
      </>
    );
  };

  return (
    <section aria-labelledby="compare-heading" className="view compare">
      <h1 id="compare-heading">Compare</h1>
      <div className="panel result-set-header" aria-label="Result set">
        <h2>{target.title}</h2>
        <p data-testid="result-set-count">
          {shown < target.total
            ? `Showing ${formatNumber(shown)} of ${plural(target.total, 'answer')} (the newest)`
            : plural(target.total, 'answer')}
          {columns.length < all.length &&
            ` in ${plural(columns.length, 'column')} (repeats of one cell together)`}
          {missing > 0 && ` · ${formatNumber(missing)} no longer stored`}
        </p>
        <div className="row">
          <ScreenSyntheticBadge synthetic={synthetic} />
          <button type="button" onClick={closeResultSet}>
            {runId ? 'Back to run view' : 'Close result set'}
          </button>
          <ExportMenu
            report={{
              disabled: all.length === 0 || exporting,
              ...(all.length > REPORT_MAX ? { note: `the first ${REPORT_MAX} answers` } : {}),
              write: () =>
                void exportReport(
                  all.map((c) => c.key),
                  target.title,
                ),
            }}
          />
        </div>
      </div>
      {error && <ErrorState error={error} onRetry={() => void showResultSet(target)} />}
      {loading && all.length === 0 && <Loading label="Loading answers…" />}
      {!loading && shown === 0 && <Empty>No answers behind this number.</Empty>}
      {columns.length > 0 && (
        <ComparePanes
          // A new set starts again at its first page of columns.
          key={setKey}
          columns={columns}
          captionOf={captionOf}
          matrixMax={MATRIX_MAX}
          pageSize={COLUMN_PAGE}
        />
      )}
    </section>
  );
}
