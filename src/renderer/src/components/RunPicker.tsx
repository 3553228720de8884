import { useEffect, useEffectEvent, useState } from 'react';
import type { RunSummaryView } from '../../../shared/ipc/channels/runs';
import { call } from '../ipc/client';
import { toShownError, type ShownError } from '../lib/errors';
import { runLabel } from '../lib/run-label';
import { useRunStatusStore } from '../stores/run-status-store';
import { ErrorState } from './StatusStates';

/**
 * Chooses which stored run a view shows (the 50 most recent). When none is chosen yet it
 * picks the most recent one, so each view opens on something. Statuses follow the live
 * run.progress events, and the list is read again when a run changes status (a new run
 * appears, a running one finishes).
 */
export function RunPicker({ runId, onPick }: { runId: string | null; onPick(runId: string): void }) {
  const [runs, setRuns] = useState<RunSummaryView[] | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const liveStatuses = useRunStatusStore((s) => s.statuses);
  const version = useRunStatusStore((s) => s.version);

  // Reads the run chosen when the list arrives, without making a new pick re-read the list.
  const pickFirstIfNone = useEffectEvent((first: RunSummaryView | undefined) => {
    if (runId === null && first) onPick(first.id);
  });

  // On mount and when a run's status changes: the list is a picker, not a live view.
  useEffect(() => {
    let live = true;
    call('runs.list', { limit: 50, offset: 0 }).then(
      (r) => {
        if (!live) return;
        setRuns(r.runs);
        setError(null);
        pickFirstIfNone(r.runs[0]);
      },
      (e: unknown) => live && setError(toShownError(e)),
    );
    return () => {
      live = false;
    };
  }, [version]);

  if (error) return <ErrorState error={error} />;
  if (!runs) return null;
  const known = runs.some((r) => r.id === runId);
  return (
    <label className="run-picker">
      Run
      <select value={runId ?? ''} onChange={(e) => onPick(e.target.value)}>
        {runId === null && <option value="">Choose a run</option>}
        {runId !== null && !known && <option value={runId}>A run not among the 50 newest</option>}
        {runs.map((r) => (
          <option key={r.id} value={r.id}>
            {runLabel({ ...r, status: liveStatuses[r.id] ?? r.status })}
          </option>
        ))}
      </select>
    </label>
  );
}
