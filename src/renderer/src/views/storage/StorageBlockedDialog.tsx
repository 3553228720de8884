import { useEffect, useId, useRef } from 'react';
import { subscribe } from '../../ipc/client';
import { formatBytes } from '../../../../shared/format-bytes';
import { useStorageAlertStore } from '../../stores/storage-alert-store';
import { useToastStore } from '../../stores/toast-store';

/** Subscribes to the history's write problems: the dialog while blocked, a notice when cleared. */
export function useStorageEvents(): void {
  const { onBlocked, onCleared } = useStorageAlertStore();
  const push = useToastStore((s) => s.push);
  useEffect(() => {
    const offBlocked = subscribe('storage.blocked', onBlocked);
    const offCleared = subscribe('storage.cleared', (e) => {
      onCleared();
      push(
        'success',
        `The history can be written again (after ${Math.round(e.heldMs / 1000)} s): runs go on.`,
      );
    });
    return () => {
      offBlocked();
      offCleared();
    };
  }, [onBlocked, onCleared, push]);
}

const WHAT_TO_DO = {
  full: 'Free some space on that disk (or grow it): the run goes on by itself, nothing is lost.',
  busy: 'Another program holds the file: when it finishes, the run goes on by itself.',
  'read-only': 'The disk went read-only: remount it read-write and the run goes on by itself.',
  io: 'Check the disk: once the history can be written again, the run goes on by itself.',
} as const;

/**
 * Shown while the history cannot be written: what happened, what is held, what to
 * do. Runs send nothing new meanwhile; pausing a run (Run board) keeps its held answers in a
 * journal that resuming it stores first.
 */
export function StorageBlockedDialog() {
  const { blocked, dismissed, dismiss } = useStorageAlertStore();
  const okRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const open = blocked !== null && !dismissed;
  useEffect(() => {
    if (open) okRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="confirm storage-blocked"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          dismiss();
        }
      }}
    >
      <h2 id={`${id}-title`}>Runs are paused: the history cannot be written</h2>
      <div id={`${id}-body`}>
        <p>{blocked.message}</p>
        {blocked.neededBytes !== null && <p>Space needed: about {formatBytes(blocked.neededBytes)}.</p>}
        <p>
          Nothing new is sent.{' '}
          {blocked.heldAnswers > 0 && `${blocked.heldAnswers} paid answer(s) are held and will be stored. `}
          {WHAT_TO_DO[blocked.kind]} Pausing a run keeps its held answers in a journal that resuming it stores
          first.
        </p>
      </div>
      <button type="button" ref={okRef} onClick={dismiss}>
        Keep waiting
      </button>
    </div>
  );
}
