import { useId } from 'react';
import type { RunSummaryView } from '../../../../shared/ipc/channels/runs';
import { formatDateTime, plural } from '../../lib/format';
import { runName } from '../../lib/run-label';
import type { ShownError } from '../../lib/errors';
import { ModalDialog } from '../../components/ModalDialog';
import { ErrorState } from '../../components/StatusStates';

/** The confirm step before deleting a run, in front of everything: Keep has the focus, Escape keeps the run. */
export function DeleteRunDialog({
  run,
  deleting,
  error,
  onConfirm,
  onKeep,
}: {
  run: RunSummaryView;
  deleting: boolean;
  /** Why the last attempt failed (the run in progress, say): shown in the dialog, which stays. */
  error: ShownError | null;
  onConfirm(): void;
  onKeep(): void;
}) {
  const id = useId();
  return (
    <ModalDialog label="Delete run" describedBy={`${id}-warning`} onCancel={onKeep}>
      <h2>Delete this run?</h2>
      <p id={`${id}-warning`}>
        <strong>{runName(run)}</strong> ({formatDateTime(run.createdAt)}, {plural(run.total, 'job')}): its
        answers and sources leave the history on this computer; files you exported stay. This cannot be
        undone.
      </p>
      {error && <ErrorState error={error} />}
      <div className="row modal-actions">
        <button type="button" data-autofocus disabled={deleting} onClick={onKeep}>
          Keep
        </button>
        <button type="button" className="danger" disabled={deleting} onClick={onConfirm}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </ModalDialog>
  );
}
