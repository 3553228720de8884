import { formatNumber } from '../../lib/format';
import { useDemoStore } from '../../stores/demo-store';

/**
 * A demo history being built (started here, in first run or in Settings): the view refreshes
 * when it is done ('visibility.changed'), meanwhile it says how far it got.
 */
export function DemoProgressLine() {
  const building = useDemoStore((s) => s.building);
  const progress = useDemoStore((s) => s.progress);
  if (!building || !progress) return null;
  return (
    <p className="vis-demo-progress muted" role="status">
      Building the demo history: day {progress.day} of {progress.days}, {formatNumber(progress.results)}{' '}
      answers so far.
    </p>
  );
}
