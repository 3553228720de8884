import type { SyncReportView } from './channels/sync';
import { z } from 'zod';
import { JOB_STATES, RUN_STATUSES } from '../domain/run-spec';

// Main-to-renderer events. Payloads are validated in main before they are sent, so a
// renderer listener always gets the declared shape.

const counts = z.record(z.enum(JOB_STATES), z.number().int().min(0));

export const eventChannels = {
  /** Something a long task wants shown (e.g. a notice in the status bar). */
  'app.notice': z.object({
    level: z.enum(['info', 'warning', 'error']),
    message: z.string(),
  }),
  /** Live progress of a run, at most a few times a second. */
  'run.progress': z.object({
    runId: z.string(),
    status: z.enum(RUN_STATUSES),
    total: z.number().int(),
    counts,
    creditsSpent: z.number(),
    maxCredits: z.number(),
    etaMs: z.number().nullable(),
    slotsInUse: z.number().int(),
    slotLimit: z.number().int(),
    rateLimitRemaining: z.number().nullable(),
    creditsRemaining: z.number().nullable(),
    recentErrors: z.array(
      z.object({
        jobId: z.string(),
        code: z.string().nullable(),
        message: z.string(),
        requestId: z.string().nullable(),
      }),
    ),
    notices: z.array(z.string()),
  }),
  /** One job changed state (for the live country × engine grid). */
  'run.job': z.object({
    runId: z.string(),
    jobId: z.string(),
    state: z.enum(JOB_STATES),
    resultId: z.string().nullable(),
    errorCode: z.string().nullable(),
  }),
  /** The service said the key is revoked or expired: ask for a new one (nothing else is lost). */
  'key.revoked': z.object({ message: z.string() }),
  /**
   * The history cannot be written (full disk, a lock held too long, read-only disk, I/O error):
   * runs send nothing new and hold their paid answers until it can (the dialog).
   */
  'storage.blocked': z.object({
    kind: z.enum(['full', 'busy', 'read-only', 'io']),
    path: z.string(),
    message: z.string(),
    heldAnswers: z.number().int().min(0),
    neededBytes: z.number().nullable(),
  }),
  /** It can be written again: the runs went on by themselves. */
  'storage.cleared': z.object({ path: z.string(), heldMs: z.number().min(0) }),
  /** The demo history builder's progress (a day of the N days built). */
  'demo.progress': z.object({
    phase: z.enum(['building', 'done', 'canceled', 'failed']),
    day: z.number().int().min(0),
    days: z.number().int().min(1),
    runs: z.number().int().min(0),
    results: z.number().int().min(0),
    message: z.string().nullable(),
  }),
  /** A run export under way (export.run with an exportId): rows written of the rows to write. */
  'export.progress': z.object({
    exportId: z.string(),
    phase: z.enum(['writing', 'done', 'canceled', 'failed']),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
  }),
  /** An analysis export under way (dbExport.run): the table being written and how far it got. */
  'dbExport.progress': z.object({
    exportId: z.string(),
    table: z.string(),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    unit: z.string(),
    tablesDone: z.number().int().min(0),
    tables: z.number().int().min(0),
  }),
  /** Stored history was re-analysed (brand variants or domains changed): views reload. */
  'visibility.changed': z.object({ reason: z.enum(['brands', 'ingest', 'demo', 'delete']) }),
  /** A monitor run was compared with the monitor's previous run and raised alerts (toast, notification). */
  'alerts.raised': z.object({
    monitorId: z.string(),
    monitorName: z.string(),
    runId: z.string(),
    count: z.number().int().min(1),
    /** The run's digest: "3 changes in Buying guides". */
    headline: z.string().default(''),
    /** The most severe changes' sentences, in order (at most 3). */
    top: z.array(z.string()).max(3).default([]),
    /** Changes in sites and wording, folded. */
    folded: z.number().int().min(0).default(0),
  }),
  /** Alerts were stored or marked read: the unread badge and the Alerts view reload. */
  'alerts.changed': z.object({ unread: z.number().int().min(0) }),
  /** The background sync's state changed (the sidebar's status next to the workspace switcher). */
  'sync.status': z.object({
    state: z.enum(['off', 'idle', 'syncing', 'offline', 'error']),
    lastSyncedAt: z.number().nullable(),
    progress: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }).nullable(),
    seed: z.object({ done: z.number().int().min(0), total: z.number().int().min(0) }).nullable(),
    error: z.string().nullable(),
    retryAt: z.number().nullable(),
    conflicts: z.number().int().min(0),
    pending: z.number().int().min(0),
    last: z.custom<SyncReportView>((v) => v === null || typeof v === 'object').nullable(),
  }),
  /** The desktop notification about alerts was clicked: the window shows Alerts. */
  'alerts.open': z.object({}),
  /**
   * A re-analysis of stored answers after a brand change, in batches: 'running' after each
   * batch (done of total answers), 'done' at the end (then 'visibility.changed' follows).
   */
  'visibility.reanalysis': z.object({
    phase: z.enum(['running', 'done']),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    /** The upgrade's re-analysis of the search results without text, not a brand change's. */
    searchResults: z.boolean().optional(),
  }),
  /**
   * The archive's positioning re-score, in batches: 'running' after each batch (done of
   * total answers), then 'done', 'paused' (stopped by the analyst: it waits to be started again)
   * or 'failed' (message says why; it resumes at the next start). Views reload at 'done'.
   */
  'positioning.rescore': z.object({
    phase: z.enum(['running', 'done', 'paused', 'failed']),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    message: z.string().nullable(),
    /** A model judge's re-score: its id, what it spent so far, and answers not scored per reason. */
    judge: z.string().optional(),
    usage: z
      .object({
        calls: z.number().int().min(0),
        inputTokens: z.number().int().min(0),
        outputTokens: z.number().int().min(0),
        usd: z.number().min(0),
        cachedAnswers: z.number().int().min(0),
      })
      .optional(),
    notScored: z.record(z.string(), z.number().int().min(0)).optional(),
  }),
  /**
   * The Facts panel's check with the analyst's model judge: 'running' as answers come back, then
   * 'finished', 'canceled' (Cancel; the next start carries on) or 'stopped' (the budget, a key
   * refused: message says why). The panel reads the figures again when it ends.
   */
  'facts.modelCheck': z.object({
    phase: z.enum(['idle', 'running', 'finished', 'canceled', 'stopped']),
    judge: z.string().nullable(),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    message: z.string().nullable(),
    usage: z
      .object({
        calls: z.number().int().min(0),
        judgedFacts: z.number().int().min(0),
        cachedFacts: z.number().int().min(0),
        dropped: z.number().int().min(0),
        notJudged: z.number().int().min(0),
        inputTokens: z.number().int().min(0),
        outputTokens: z.number().int().min(0),
        usd: z.number().min(0),
      })
      .nullable(),
  }),
} as const;
