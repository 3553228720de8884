import { formatNumber } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';

/**
 * Says that brand numbers are partial while stored answers are analysed again after a brand
 * change, or (after an upgrade) while web and news search results are read by their results.
 */
export function ReanalysisLine() {
  const progress = useVisibilityStore((s) => s.reanalysis);
  if (!progress) return null;
  const count = `${formatNumber(progress.done)} of ${formatNumber(progress.total)}`;
  return (
    <div className="vis-reanalysis row tight" role="status">
      <progress max={Math.max(1, progress.total)} value={progress.done} aria-label="Answers re-analysed" />
      {progress.searchResults === true ? (
        <span>
          Reading stored web and news search results by their results&apos; titles and snippets: {count}.
          Their brand numbers update when it ends.
        </span>
      ) : (
        <span>
          Re-analysing stored answers after a brand change: {count}. Brand numbers count only the answers
          analysed so far; they update when it ends.
        </span>
      )}
    </div>
  );
}
