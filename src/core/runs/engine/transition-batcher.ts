import type { JobChange, JobChangeOutcome } from '../../history';

// A wave of synchronous calls starts within a few milliseconds (255 slots freed by answers
// that land together). Each job must be committed as 'running' before its request is sent;
// committing the whole wave in ONE transaction, then sending every request of it, keeps that
// rule at a fraction of the cost of one transaction per job. The wave is what was asked
// during one turn of the event loop: the commit runs at the next check phase (setImmediate),
// with no timer in between, and each caller gets its own job's outcome.

export interface TransitionBatcher {
  /** Resolves once the change is committed (ok) or refused (ok: false, with the reason). */
  commit(change: JobChange): Promise<JobChangeOutcome>;
}

interface Pending {
  change: JobChange;
  resolve: (o: JobChangeOutcome) => void;
}

export function createTransitionBatcher(
  transitionJobs: (changes: readonly JobChange[]) => JobChangeOutcome[],
): TransitionBatcher {
  let pending: Pending[] = [];
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    const batch = pending;
    pending = [];
    let outcomes: JobChangeOutcome[];
    try {
      outcomes = transitionJobs(batch.map((p) => p.change));
    } catch (err) {
      // Nothing of the batch was committed: every job is refused and none is sent.
      const error = err instanceof Error ? err : new Error(String(err));
      for (const p of batch) p.resolve({ jobId: p.change.jobId, ok: false, error });
      return;
    }
    batch.forEach((p, i) => p.resolve(outcomes[i] as JobChangeOutcome));
  };

  return {
    commit(change) {
      return new Promise<JobChangeOutcome>((resolve) => {
        pending.push({ change, resolve });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
