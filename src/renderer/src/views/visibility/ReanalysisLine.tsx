import { formatNumber } from '../../lib/format';
import { useVisibilityStore } from '../../stores/visibility-store';

/** Says that brand numbers are partial while stored answers are analysed again after a brand change. */
export function ReanalysisLine() {
  const progress = useVisibilityStore((s) => s.reanalysis);
  if (!progress) return null;
  return (
    <div className="vis-reanalysis row tight" role="status">
      <progress max={Math.max(1, progress.total)} value={progress.done} aria-label="Answers re-analysed" />
      <span>
        Re-analysing stored answers after a brand change: {formatNumber(progress.done)} of{' '}
        {formatNumber(progress.total)}. Brand numbers count only the answers analysed so far; they update when
        it ends.
      </span>
    </div>
  );
}
