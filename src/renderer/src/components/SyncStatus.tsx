import { useEffect, useState } from 'react';
import { ago } from '../../../shared/format-age';
import { formatBytes } from '../../../shared/format-bytes';
import type { SyncStatusView } from '../../../shared/ipc/channels/sync';
import { subscribe } from '../ipc/client';
import { useSyncStore } from '../stores/sync-store';

// The team sync's state under the workspace switcher: "Synced 2 min ago", "Syncing 4,000/30,000…",
// "Downloading the workspace's history: 1.2 of 3.1 GB…" with Cancel (a workspace new here
// started from the team's seed; canceling calls the switch off), "Offline: will retry", and the conflicts (drafts) with "apply my draft" /
// "discard". Nothing when no team is configured.

const n = (x: number): string => x.toLocaleString('en-US');

/** The status line in words. */
export function syncStatusText(status: SyncStatusView, now: number): string {
  if (status.seed) {
    return status.seed.total > 0
      ? `Downloading the workspace’s history: ${formatBytes(status.seed.done)} of ${formatBytes(status.seed.total)}…`
      : 'Downloading the workspace’s history…';
  }
  switch (status.state) {
    case 'syncing':
      return status.progress && status.progress.total > 0
        ? `Syncing ${n(status.progress.done)}/${n(status.progress.total)}…`
        : 'Syncing…';
    case 'offline':
      return 'Offline: will retry';
    case 'error':
      return `Sync failed: ${status.error ?? 'unknown error'}`;
    case 'idle':
      return status.lastSyncedAt === null ? 'Not synced yet' : `Synced ${ago(now - status.lastSyncedAt)}`;
    default:
      return '';
  }
}

export function SyncStatus({ now = Date.now }: { now?: () => number }) {
  const { status, conflicts, error, load, onStatus, syncNow, cancelSeed, loadConflicts, resolve } =
    useSyncStore();
  const [open, setOpen] = useState(false);
  const [, tick] = useState(0);

  useEffect(() => {
    void load();
    const off = subscribe('sync.status', (s) => onStatus(s));
    // "Synced 2 min ago" keeps counting.
    const timer = setInterval(() => tick((t) => t + 1), 30_000);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [load, onStatus]);

  if (!status || status.state === 'off') return null;
  const toggle = (): void => {
    if (!open) void loadConflicts();
    setOpen(!open);
  };
  return (
    <div className={`sync-status sync-${status.state}`} role="status" aria-label="Team sync">
      <span className="sync-text" title={status.error ?? undefined}>
        {syncStatusText(status, now())}
      </span>
      {status.pending > 0 && status.state !== 'syncing' && (
        <span className="sync-pending"> · {n(status.pending)} to send</span>
      )}
      {status.seed ? (
        <button type="button" onClick={() => void cancelSeed()}>
          Cancel
        </button>
      ) : (
        <button type="button" disabled={status.state === 'syncing'} onClick={() => void syncNow()}>
          Sync now
        </button>
      )}
      {status.conflicts > 0 && (
        <button type="button" className="sync-conflicts" aria-expanded={open} onClick={toggle}>
          {status.conflicts} conflict{status.conflicts === 1 ? '' : 's'}
        </button>
      )}
      {open && conflicts && (
        <ul className="sync-conflict-list" aria-label="Sync conflicts">
          {conflicts.map((c) => (
            <li key={c.id}>
              <p>{c.message}</p>
              <button type="button" onClick={() => void resolve(c.id, 'apply')}>
                Apply my draft
              </button>
              <button type="button" onClick={() => void resolve(c.id, 'discard')}>
                Discard
              </button>
            </li>
          ))}
          {conflicts.length === 0 && <li>No conflicts left.</li>}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
