import type { RunStatus } from '../../../shared/domain/run-spec';
import type { RunRecord } from '../../history';
import type { ActiveRun, RunEngineStore } from './active-run';

// How a run's driving ends: its status and summary once the driver stops, and the calls left in
// flight by a process that stopped.

/**
 * A run nobody drives (its process stopped): a synchronous call it had in flight may have
 * run and been charged, so it is never re-sent on its own. Async tasks keep their ids and
 * are polled again; a queued job without a task id is sent again under the same key.
 */
export function interruptOrphanedCalls(store: RunEngineStore, now: () => number, record: RunRecord): number {
  if (record.mode !== 'sync') return 0;
  let n = 0;
  for (const job of store.listJobs(record.id, { states: ['running', 'queued'] })) {
    store.transitionJob(job.id, {
      jobState: 'interrupted',
      expect: [job.jobState],
      finishedAt: now(),
      error: {
        code: 'INTERRUPTED',
        message:
          'Interrupted (may have been charged): Parallax stopped while this call was in flight. Re-run it only if you want a new answer.',
      },
    });
    n++;
  }
  return n;
}

/** The run's status and summary once its driver stops (a paused run is already marked). */
export function finalizeRun(store: RunEngineStore, now: () => number, run: ActiveRun): void {
  if (run.control === 'pause') return; // already marked paused
  if (run.control === 'cancel') {
    for (const job of store.listJobs(run.runId, { states: ['pending', 'queued'] })) {
      if (job.jobState === 'queued' && job.taskId !== null) continue;
      try {
        store.transitionJob(job.id, { jobState: 'canceled', expect: [job.jobState], finishedAt: now() });
        run.tracker.move(job.jobState, 'canceled');
      } catch {
        // moved meanwhile
      }
    }
  }
  const totals = store.countJobs(run.runId);
  run.tracker.setCounts(totals.counts);
  const unfinished = totals.counts.pending + totals.counts.queued + totals.counts.running;
  let status: RunStatus;
  if (run.control === 'cancel') status = 'canceled';
  else if (unfinished > 0) status = 'paused';
  else if (totals.counts.succeeded === 0 && totals.total > 0) status = 'failed';
  else status = 'completed';
  const errorsByCode: Record<string, number> = {};
  for (const job of store.listJobs(run.runId, { states: ['failed', 'interrupted'] })) {
    const code = job.errorCode ?? job.jobState;
    errorsByCode[code] = (errorsByCode[code] ?? 0) + 1;
  }
  store.updateRun(run.runId, {
    status,
    summary: {
      total: totals.total,
      counts: totals.counts,
      creditsCharged: totals.creditsCharged,
      errorsByCode,
      finishedAt: now(),
    },
  });
  run.tracker.setStatus(status);
}
