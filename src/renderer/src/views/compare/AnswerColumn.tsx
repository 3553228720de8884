import { useMemo, useRef, useState } from 'react';
import type { ResultView } from '../../../../shared/ipc/channels/runs';
import type { BrandMatcher } from '../../../../shared/analytics/brand-matcher';
import type { CompareColumn } from '../../lib/compare-columns';
import { evidenceMarks, factMarks, judgedText } from '../../lib/evidence';
import { formatDateTime } from '../../lib/format';
import { useAnswerFactsStore } from '../../stores/answer-facts-store';
import { useAnswerPositioningStore } from '../../stores/answer-positioning-store';
import { useNavStore } from '../../stores/nav-store';
import { SafeMarkdown } from '../../components/SafeMarkdown';
import { Loading } from '../../components/StatusStates';
import { ColumnExtras } from './ColumnExtras';
import { FactVerdicts } from './FactVerdicts';
import { PositioningBadges } from './PositioningBadges';
import { RawJsonPanel, StoredHtmlPanel } from './RawPanels';
import { SourcesList } from './SourcesList';

interface Props {
  column: CompareColumn;
  /** Extra lines under the label (which prompt and run a result-set answer is from). */
  caption?: React.ReactNode;
  result: ResultView | undefined;
  matcher: BrandMatcher | null;
  sharedCounts: Map<string, number>;
  columnCount: number;
  paneRef(el: HTMLElement | null): void;
  onScroll(): void;
}

type Tab = 'answer' | 'raw' | 'html';

const NONE: ReadonlySet<string> = new Set();

/** The answer's text as the judge read it, with each brand's evidence and each checked fact's quote to mark. */
function useEvidence(result: ResultView | undefined, resultId: string | null) {
  const positioning = useAnswerPositioningStore((s) => (resultId ? s.byResult[resultId] : undefined));
  const facts = useAnswerFactsStore((s) => (resultId ? s.byResult[resultId] : undefined));
  const text = result ? judgedText(result, positioning) : '';
  const marks = useMemo(
    () => [...evidenceMarks(positioning, text), ...factMarks(facts, text)],
    [positioning, facts, text],
  );
  const marked = useMemo(() => new Set(marks.map((m) => m.id)), [marks]);
  return { positioning, facts, text, marks, marked };
}

/** Moves the focus to a piece of evidence in the column (a badge's target) and scrolls it into view. */
function focusEvidence(column: HTMLElement | null, id: string): void {
  const el = column?.querySelector<HTMLElement>(`[data-evidence~="${id}"]`);
  if (!el) return;
  el.focus();
  el.scrollIntoView?.({ block: 'nearest' });
}

/** One compare column: the answer, its extras and sources, or the raw JSON / stored HTML. */
export function AnswerColumn({
  column,
  caption,
  result,
  matcher,
  sharedCounts,
  columnCount,
  paneRef,
  onScroll,
}: Props) {
  const [tab, setTab] = useState<Tab>('answer');
  const openSeries = useNavStore((s) => s.openSeries);
  const { cell } = column;
  const evidence = useEvidence(result, cell.resultId);
  const articleRef = useRef<HTMLElement>(null);

  return (
    <article className="answer-column" aria-label={`Answer ${column.label}`} ref={articleRef}>
      <header>
        <h3>{column.label}</h3>
        {caption}
        <div className="tabs" role="group" aria-label={`View of ${column.label}`}>
          {(['answer', 'raw', 'html'] as const).map((t) => (
            <button
              key={t}
              type="button"
              className="small"
              aria-pressed={tab === t}
              disabled={!cell.resultId}
              onClick={() => setTab(t)}
            >
              {t === 'answer' ? 'Answer' : t === 'raw' ? 'Raw JSON' : 'HTML'}
            </button>
          ))}
          {result && (
            <button
              type="button"
              className="small"
              onClick={() =>
                openSeries({
                  prompt: result.prompt,
                  engine: result.engine,
                  country: result.country,
                  state: result.state,
                })
              }
            >
              Over time
            </button>
          )}
        </div>
        {result && (
          <p className="muted small">
            {formatDateTime(result.fetchedAt)}
            {result.normalized.model ? ` · ${result.normalized.model}` : ''}
          </p>
        )}
        <PositioningBadges
          positioning={evidence.positioning}
          marked={tab === 'answer' ? evidence.marked : NONE}
          showEvidence={(id) => focusEvidence(articleRef.current, id)}
        />
        <FactVerdicts
          facts={evidence.facts}
          marked={tab === 'answer' ? evidence.marked : NONE}
          showEvidence={(id) => focusEvidence(articleRef.current, id)}
        />
      </header>
      <div className="column-body" ref={paneRef} onScroll={onScroll} tabIndex={0}>
        {!cell.resultId && (
          <p className={cell.error ? 'error' : 'muted'}>
            {cell.error
              ? `${cell.error.code ?? 'ERROR'}: ${cell.error.message}`
              : `No answer (${cell.jobState})`}
            {cell.error?.requestId && <span className="small"> · request {cell.error.requestId}</span>}
          </p>
        )}
        {cell.resultId && tab === 'raw' && <RawJsonPanel resultId={cell.resultId} />}
        {cell.resultId && tab === 'html' && <StoredHtmlPanel resultId={cell.resultId} />}
        {cell.resultId && tab === 'answer' && !result && <Loading />}
        {result && tab === 'answer' && (
          <>
            <SafeMarkdown markdown={evidence.text} matcher={matcher} evidence={evidence.marks} />
            <ColumnExtras result={result.normalized} matcher={matcher} />
            <section className="extra">
              <h4>Sources ({result.normalized.sources.length})</h4>
              <SourcesList
                sources={result.normalized.sources}
                sharedCounts={sharedCounts}
                columns={columnCount}
              />
            </section>
          </>
        )}
      </div>
    </article>
  );
}
