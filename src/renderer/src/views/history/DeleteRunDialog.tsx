import { useEffect, useId, useRef } from 'react';
import type { RunSummaryView } from '../../../../shared/ipc/channels/runs';
import { formatDateTime } from '../../lib/format';

/** The confirm step before deleting a run: Keep has the focus, Escape keeps the run. */
export function DeleteRunDialog({
  run,
  deleting,
  onConfirm,
  onKeep,
}: {
  run: RunSummaryView;
  deleting: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => keepRef.current?.focus(), []);
  const name = run.name ?? `Run ${run.id.slice(0, 8)}`;
  return (
    <div
      role="alertdialog"
      aria-label="Delete run"
      aria-describedby={`${id}-warning`}
      className="confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onKeep();
        }
      }}
    >
      <p id={`${id}-warning`}>
        Delete <strong>{name}</strong> ({formatDateTime(run.createdAt)}, {run.total} jobs)? Its answers and
        sources leave the history on this computer; files you exported stay. This cannot be undone.
      </p>
      <button type="button" className="danger" disabled={deleting} onClick={onConfirm}>
        {deleting ? 'Deleting…' : 'Delete'}
      </button>
      <button type="button" ref={keepRef} disabled={deleting} onClick={onKeep}>
        Keep
      </button>
    </div>
  );
}
