import { formatNumber } from '../../lib/format';
import { usePositioningStore } from '../../stores/positioning-store';
import { useRescoreDialogStore } from '../../stores/rescore-dialog-store';
import { ErrorState } from '../../components/StatusStates';

/**
 * The archive's positioning re-score (a judge or brand change, an upgrade, or asked for): its
 * progress with Stop, or Resume once stopped; when it ends, what moved. Numbers mix earlier and
 * new judgements until it ends, and the line says so.
 */
export function RescoreLine() {
  const rescore = usePositioningStore((s) => s.rescore);
  const last = usePositioningStore((s) => s.lastRescore);
  const error = usePositioningStore((s) => s.rescoreError);
  const { cancelRescore, dismissLastRescore } = usePositioningStore.getState();
  // Resume goes through the dialog: it shows what is left (and, for a model, its cost) first.
  const showRescore = useRescoreDialogStore((s) => s.show);
  return (
    <>
      {error && <ErrorState error={error} />}
      {rescore && (
        <div className="vis-reanalysis row tight" role="status" data-testid="rescore-line">
          <progress
            max={Math.max(1, rescore.total)}
            value={rescore.done}
            aria-label="Answers re-scored for positioning"
          />
          <span>
            {rescore.paused ? 'Positioning re-score stopped' : 'Re-scoring positioning'}:{' '}
            {formatNumber(rescore.done)} of {formatNumber(rescore.total)} answers.
            {rescore.failed ? ` It failed: ${rescore.failed}.` : ''} Positioning numbers mix earlier and new
            judgements until it ends.
          </span>
          {rescore.paused ? (
            <button type="button" className="small" onClick={() => void showRescore()}>
              Resume…
            </button>
          ) : (
            <button type="button" className="small" onClick={() => void cancelRescore()}>
              Stop re-score
            </button>
          )}
        </div>
      )}
      {!rescore && last && (
        <div className="vis-rescore-done row tight" role="status">
          <span>
            Positioning re-scored: {formatNumber(last.answers)} answers, {formatNumber(last.changed)} changed
            {last.lines.length > 0 ? ':' : '.'}
          </span>
          {last.lines.length > 0 && (
            <ul className="small">
              {last.lines.slice(0, 5).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <button type="button" className="small" onClick={dismissLastRescore}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
