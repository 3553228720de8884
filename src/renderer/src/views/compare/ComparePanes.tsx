import { useEffect, useMemo, useState } from 'react';
import type { CompareColumn } from '../../lib/compare-columns';
import { domainColumnCounts, overlapMatrix } from '../../lib/overlap';
import { useSyncScroll } from '../../lib/use-sync-scroll';
import { subscribe } from '../../ipc/client';
import { useAnswerFactsStore } from '../../stores/answer-facts-store';
import { useAnswerPositioningStore } from '../../stores/answer-positioning-store';
import { useBrandsStore } from '../../stores/brands-store';
import { useCompareStore } from '../../stores/compare-store';
import { Empty } from '../../components/StatusStates';
import { AnswerColumn } from './AnswerColumn';
import { DiffPanel } from './DiffPanel';
import { OverlapMatrix } from './OverlapMatrix';

interface Props {
  columns: CompareColumn[];
  /** Extra lines under a column's label (a result set says which prompt and run it is from). */
  captionOf?: (column: CompareColumn) => React.ReactNode;
  /** Past this many columns the pairwise matrix is too big to read (shared badges still show). */
  matrixMax?: number;
  /**
   * Side by side, this many columns at first and as many more at each "Show more" (a result set
   * holds up to 200 answers: drawing them all at once is seconds of rendering, and no one reads
   * 200 columns side by side). Shared-source counts and the diff's pickers take every column.
   */
  pageSize?: number;
}

/**
 * Reads the positioning and the checked facts of the columns' answers (their badges and
 * evidence), and reads them again after a re-score, a brand change or a facts re-check moved them.
 */
function useColumnsEvidence(columns: CompareColumn[]): void {
  const ids = useMemo(() => columns.flatMap((c) => (c.cell.resultId ? [c.cell.resultId] : [])), [columns]);
  const ensurePositioning = useAnswerPositioningStore((s) => s.ensure);
  const clearPositioning = useAnswerPositioningStore((s) => s.clear);
  const posGeneration = useAnswerPositioningStore((s) => s.generation);
  const ensureFacts = useAnswerFactsStore((s) => s.ensure);
  const clearFacts = useAnswerFactsStore((s) => s.clear);
  const factsGeneration = useAnswerFactsStore((s) => s.generation);
  useEffect(() => {
    void ensurePositioning(ids);
  }, [ids, ensurePositioning, posGeneration]);
  useEffect(() => {
    void ensureFacts(ids);
  }, [ids, ensureFacts, factsGeneration]);
  useEffect(() => {
    const offRescore = subscribe('positioning.rescore', (p) => {
      if (p.phase === 'done') clearPositioning();
    });
    const offChanged = subscribe('visibility.changed', () => {
      clearPositioning();
      clearFacts();
    });
    return () => {
      offRescore();
      offChanged();
    };
  }, [clearPositioning, clearFacts]);
}

/**
 * The answers of some columns side by side or as a diff of two, with shared sources marked and
 * the source overlap matrix: the same rendering for a run's columns and for a result set.
 */
export function ComparePanes({ columns, captionOf, matrixMax = Infinity, pageSize = Infinity }: Props) {
  const store = useCompareStore();
  const matcher = useBrandsStore((s) => s.matcher);
  const [limit, setLimit] = useState(pageSize);
  const shown = useMemo(() => (columns.length > limit ? columns.slice(0, limit) : columns), [columns, limit]);
  useColumnsEvidence(shown);

  const columnSources = useMemo(
    () =>
      columns.map((c) => ({
        id: c.key,
        sources: (c.cell.resultId && store.results[c.cell.resultId]?.normalized.sources) || [],
      })),
    [columns, store.results],
  );
  const sharedCounts = useMemo(() => domainColumnCounts(columnSources), [columnSources]);
  const matrix = useMemo(
    () => (columnSources.length <= matrixMax ? overlapMatrix(columnSources) : null),
    [columnSources, matrixMax],
  );
  const sync = useSyncScroll(store.syncScroll);

  return (
    <>
      <div className="row">
        {/* Names the mode it switches to (a label that flips with a pressed state reads backwards). */}
        <button type="button" onClick={() => store.setDiffMode(!store.diffMode)}>
          {store.diffMode ? 'Show side by side' : 'Show as diff'}
        </button>
        <label className="inline">
          <input
            type="checkbox"
            checked={store.syncScroll}
            onChange={(e) => store.setSyncScroll(e.target.checked)}
          />
          Synchronized scrolling
        </label>
        {!matcher && <span className="muted small">Define brands to highlight their mentions.</span>}
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
          {shown.map((c) => (
            <AnswerColumn
              key={c.key}
              column={c}
              caption={captionOf?.(c)}
              result={c.cell.resultId ? store.results[c.cell.resultId] : undefined}
              matcher={matcher}
              sharedCounts={sharedCounts}
              columnCount={columns.length}
              paneRef={sync.register(c.key)}
              onScroll={() => sync.onScroll(c.key)}
            />
          ))}
        </div>
      )}
      {!store.diffMode && shown.length < columns.length && (
        <MoreColumns
          shown={shown.length}
          total={columns.length}
          onMore={() => setLimit(shown.length + pageSize)}
        />
      )}
      {matrix ? (
        <OverlapMatrix labels={columns.map((c) => c.label)} matrix={matrix} />
      ) : (
        <p className="muted small">
          The source overlap matrix is shown for up to {matrixMax} answers; use diff mode to compare two.
        </p>
      )}
    </>
  );
}

/** How many columns are drawn of how many, and the button that draws the next page of them. */
function MoreColumns({ shown, total, onMore }: { shown: number; total: number; onMore(): void }) {
  return (
    <p className="row muted small" data-testid="compare-more-columns">
      Showing {shown} of {total} columns side by side.
      <button type="button" onClick={onMore}>
        Show more answers
      </button>
    </p>
  );
}
