import type { IngestItem, IngestOutcome } from '../store';

// Results arrive in bursts (a wave of 255 synchronous answers lands within a few ms). One
// SQLite transaction per burst instead of one per result keeps the engine's CPU per job low;
// each caller still waits until its own result is committed before it reports the job done.

export interface IngestBatcher {
  add(item: IngestItem): Promise<IngestOutcome>;
  /** Waits until everything added so far is committed. */
  drain(): Promise<void>;
  /** Commits everything added so far, now (the process is about to exit at once). */
  flushNow(): void;
}

interface Pending {
  item: IngestItem;
  resolve: (o: IngestOutcome) => void;
  reject: (e: unknown) => void;
}

export function createIngestBatcher(
  ingest: (items: readonly IngestItem[]) => IngestOutcome[],
  maxBatch = 500,
): IngestBatcher {
  let pending: Pending[] = [];
  let scheduled: Promise<void> | null = null;

  const flush = (): void => {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      try {
        const outcomes = ingest(batch.map((p) => p.item));
        const byJob = new Map(outcomes.map((o) => [o.jobId, o]));
        for (const p of batch) {
          const o = byJob.get(p.item.jobId);
          if (o) p.resolve(o);
          else p.reject(new Error(`The store did not report job ${p.item.jobId} as ingested`));
        }
      } catch (err) {
        // One bad item must not sink the whole burst: retry them one by one.
        if (batch.length === 1) (batch[0] as Pending).reject(err);
        else {
          for (const p of batch) {
            try {
              const [o] = ingest([p.item]);
              if (o) p.resolve(o);
              else p.reject(new Error(`The store did not report job ${p.item.jobId} as ingested`));
            } catch (single) {
              p.reject(single);
            }
          }
        }
      }
    }
  };

  // Two check phases later, not one: the answer that adds a result also frees a slot, and
  // the next job's 'running' commit (transition-batcher) is scheduled in the same turn, after
  // this. Waiting one more turn lets that commit run and its request leave first, so storing
  // the burst overlaps the service's latency instead of delaying the next wave.
  const schedule = (): Promise<void> => {
    if (!scheduled) {
      scheduled = new Promise<void>((resolve) => {
        setImmediate(() =>
          setImmediate(() => {
            scheduled = null;
            flush();
            resolve();
          }),
        );
      });
    }
    return scheduled;
  };

  return {
    add(item) {
      return new Promise<IngestOutcome>((resolve, reject) => {
        pending.push({ item, resolve, reject });
        void schedule();
      });
    },
    async drain() {
      while (pending.length > 0 || scheduled) await schedule();
    },
    flushNow: () => flush(),
  };
}
