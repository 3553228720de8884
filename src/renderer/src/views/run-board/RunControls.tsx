import { useState } from 'react';
import type { RunDetailView, RunProgressView } from '../../../../shared/ipc/channels/runs';
import { useRunBoardStore, TERMINAL_STATUSES } from '../../stores/run-board-store';
import { ConfirmButton } from '../../components/ConfirmButton';

const QUEUE_WARNING =
  'Clearing the queue removes every queued task of your whole organization on the service, not only this run’s — other people’s and other tools’ tasks too.';

/** Pause / resume / cancel, and re-running interrupted jobs (which may already have been charged). */
export function RunControls({
  detail,
  progress,
}: {
  detail: RunDetailView;
  progress: RunProgressView | null;
}) {
  const act = useRunBoardStore((s) => s.act);
  const [clearQueue, setClearQueue] = useState(false);
  const status = progress?.status ?? detail.status;
  const finished = TERMINAL_STATUSES.has(status);
  const interrupted = (progress?.counts.interrupted ?? detail.counts.interrupted ?? 0) > 0;

  return (
    <div className="row run-controls">
      {status === 'running' && (
        <button type="button" onClick={() => void act('pause')}>
          Pause
        </button>
      )}
      {status === 'paused' && (
        <button type="button" onClick={() => void act('resume')}>
          Resume
        </button>
      )}
      {!finished && status !== 'canceling' && (
        <>
          {detail.mode === 'async' && (
            <label className="inline warning">
              <input type="checkbox" checked={clearQueue} onChange={(e) => setClearQueue(e.target.checked)} />
              Also clear the organization’s queue
            </label>
          )}
          <ConfirmButton
            label="Cancel run"
            warning={
              clearQueue
                ? `Jobs not yet sent are dropped. ${QUEUE_WARNING}`
                : detail.mode === 'async'
                  ? 'Jobs not yet sent are dropped; tasks already queued on the service may still run and be charged.'
                  : 'Jobs not yet sent are dropped; answers already stored stay.'
            }
            confirmLabel={clearQueue ? 'Cancel and clear the queue' : 'Cancel the run'}
            onConfirm={() => act('cancel', clearQueue)}
          />
        </>
      )}
      {interrupted && (
        <ConfirmButton
          label="Re-run interrupted jobs"
          warning="Interrupted jobs may already have been charged; re-running them spends credits again."
          confirmLabel="Re-run them"
          danger={false}
          onConfirm={() => act('rerun')}
        />
      )}
    </div>
  );
}
