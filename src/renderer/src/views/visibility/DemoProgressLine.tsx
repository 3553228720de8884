import { formatNumber } from '../../lib/format';
import { ErrorState } from '../../components/StatusStates';
import { useVisibilityStore } from '../../stores/visibility-store';

/** The demo history being built (from 'demo.progress'), with a way to stop it. */
export function DemoProgressLine() {
  const demo = useVisibilityStore((s) => s.demo);
  const cancelDemo = useVisibilityStore((s) => s.cancelDemo);
  if (!demo) return null;
  if (demo.error) return <ErrorState error={demo.error} />;
  if (!demo.building) return null;
  return (
    <div className="vis-demo-progress row tight" role="status" aria-live="polite">
      <progress max={demo.days} value={demo.day} aria-label="Demo history built" />
      <span>
        Building the demo history: day {demo.day} of {demo.days}, {formatNumber(demo.results)} answers
      </span>
      <button type="button" className="small" onClick={() => void cancelDemo()}>
        Cancel
      </button>
    </div>
  );
}
