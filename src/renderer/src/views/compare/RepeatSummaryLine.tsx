import { useMemo } from 'react';
import { summarizeRepeats } from '../../../../shared/analytics/repeat-summary';
import type { BrandMatcher } from '../../../../shared/analytics/brand-matcher';
import type { ResultView } from '../../../../shared/ipc/channels/runs';
import { useNavStore } from '../../stores/nav-store';

/**
 * The repeats of one cell in one line ("50 repeats: 48 name Veloxa first") over the column's
 * answer, with a button that opens the individual answers side by side.
 */
export function RepeatSummaryLine({
  resultIds,
  results,
  matcher,
  title,
}: {
  resultIds: readonly string[];
  results: Readonly<Record<string, ResultView>>;
  matcher: BrandMatcher | null;
  /** What the answers are, for the result set they open ("“best shoes” · DE · Assistant A"). */
  title: string;
}) {
  const openResultSet = useNavStore((s) => s.openResultSet);
  const { loaded, summary } = useMemo(() => {
    const answers = resultIds.flatMap((id) => {
      const r = results[id];
      return r ? [r.normalized] : [];
    });
    return { loaded: answers.length, summary: summarizeRepeats(answers, matcher) };
  }, [resultIds, results, matcher]);
  if (resultIds.length < 2) return null;
  return (
    <p className="repeat-summary small" data-testid="repeat-summary">
      <span>{loaded < resultIds.length ? `${resultIds.length} repeats` : summary.text}</span>{' '}
      <button
        type="button"
        className="link-like"
        onClick={() =>
          openResultSet({
            title: `${title}: ${resultIds.length} repeats`,
            resultIds: [...resultIds],
            total: resultIds.length,
            separate: true,
          })
        }
      >
        Open the {resultIds.length} answers
      </button>
    </p>
  );
}
