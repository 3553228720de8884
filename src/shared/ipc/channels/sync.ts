import { z } from 'zod';
import { invokeChannel } from '../define';

// Sync with the team's PostgreSQL history: the state shown next to the workspace switcher, the
// report of one sync (also `parallax sync --json`), and the drafts a conflict left.

/** Counts per kind of object ('run', 'job', 'result', 'brand', …); kinds with none left out. */
export type SyncCounts = Partial<Record<string, number>>;

/** A local edit that lost to a teammate's newer version, kept until applied or discarded. */
export interface SyncConflictView {
  id: number;
  kind: string;
  key: string;
  label: string;
  /** "Brand Veloxa was changed by a teammate (alice); your edit is kept as a draft." */
  message: string;
  deletion: boolean;
  changedBy: string | null;
  createdAt: number;
}

/** A row a sync could not take (pulled and unreadable, or too large to push): skipped and named. */
export interface SyncQuarantinedView {
  /** The team table (results). */
  table: string;
  id: string;
  /** Why it could not be read. */
  reason: string;
}

export interface SyncReportView {
  workspace: string;
  /** The team URL without its password. */
  server: string;
  user: string;
  access: 'viewer' | 'member' | 'admin';
  pushed: SyncCounts;
  pulled: SyncCounts;
  /** Deleted here because a teammate deleted them (runs, brands…). */
  deleted: SyncCounts;
  /** Drafts this sync made. */
  conflicts: SyncConflictView[];
  /** Drafts waiting in all. */
  drafts: number;
  /** A viewer's local changes, which the team does not take. */
  notPushed: number;
  /** Rows from the team this history could not hold (malformed), skipped. */
  rejected: number;
  /** The rows among those that a pull could not read, named (table, id, why). */
  quarantined: SyncQuarantinedView[];
  /**
   * Rows of this history with a value larger than the team server takes (and what depends on
   * them): not sent, named (table, id, why) and kept here (`parallax sync quarantine`).
   */
  overCap: SyncQuarantinedView[];
  /**
   * The funnel's daily aggregates (never logs or analytics rows) when the workspace shares them:
   * their rows, `sent` false when nothing was imported since the last push (nothing went), `cleared` when sharing
   * was turned off and this desktop's rows were removed; null when sharing is off (or a viewer).
   */
  funnelDays?: {
    rows: number;
    cleared: boolean;
    sent: boolean;
    /** Rows of days with more than the server takes in a call (10,000), left out: the weakest pages. */
    leftOut: number;
    /** The team server's refusal (its caps or checks), in one line; the rest of the sync went on. */
    refused: string | null;
    /** Why the totals could not be computed, in one line (nothing sent; the next sync tries again). */
    failed?: string;
  } | null;
  /**
   * The funnel totals teammates share with the workspace, as this sync left them here: who shares
   * (their name on the team, when they last sent them, ms), the rows held, the rows read this time
   * (0: nothing changed) and the sharers removed (sharing turned off); null when not pulled.
   */
  sharedFunnel?: {
    sharers: Array<{ name: string; storedAt: number }>;
    rows: number;
    pulled: number;
    removed: number;
  } | null;
  /** Runs from the team older than the window, removed here (they stay on the team). */
  trimmed: number;
  /** The window's start (ms); null: everything. */
  since: number | null;
  /** Stopped on request at a batch boundary (the next sync goes on). */
  canceled: boolean;
  durationMs: number;
  /** Where the time went (ms). */
  timing: { pushRead: number; pushSend: number; pullFetch: number; pullApply: number };
}

export type SyncState = 'off' | 'idle' | 'syncing' | 'offline' | 'error';

export interface SyncStatusView {
  /** off: no team, or the workspace is not on the team; offline: the server cannot be reached (retrying). */
  state: SyncState;
  /** When the last sync ended well (ms). */
  lastSyncedAt: number | null;
  /** While syncing: objects sent and received of the total. */
  progress: { done: number; total: number } | null;
  /**
   * While a workspace new on this desktop is started from the team's seed (before the app opens
   * it): bytes downloaded of the seed's size.
   */
  seed: { done: number; total: number } | null;
  /** Why the last sync failed, in one line. */
  error: string | null;
  /** When the next attempt is due while offline (ms). */
  retryAt: number | null;
  /** Drafts waiting for the analyst. */
  conflicts: number;
  /** Local changes not on the team yet. */
  pending: number;
  /** The last sync's report. */
  last: SyncReportView | null;
}

/** The status before any sync: no team, nothing done or waiting. */
export const SYNC_STATUS_OFF: Readonly<SyncStatusView> = {
  state: 'off',
  lastSyncedAt: null,
  progress: null,
  seed: null,
  error: null,
  retryAt: null,
  conflicts: 0,
  pending: 0,
  last: null,
};

export const syncChannels = {
  'sync.status': invokeChannel(z.object({}).strict()).returns<SyncStatusView>(),
  /** Syncs now (or joins the sync under way); answers with its status after it. */
  'sync.now': invokeChannel(z.object({}).strict()).returns<SyncStatusView>(),
  /** Stops the download of a new workspace's seed (the switch to it fails, nothing kept); false if none. */
  'sync.cancelSeed': invokeChannel(z.object({}).strict()).returns<boolean>(),
  'sync.conflicts': invokeChannel(z.object({}).strict()).returns<SyncConflictView[]>(),
  /** apply: the draft becomes the object again and is sent at the next sync; discard: dropped. */
  'sync.resolve': invokeChannel(
    z.object({ id: z.number().int().positive(), action: z.enum(['apply', 'discard']) }).strict(),
  ).returns<SyncConflictView[]>(),
};
