import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BUILTIN_JUDGE_REF,
  builtinVerdict,
  type JudgeInput,
  type JudgeRef,
} from '../../../shared/positioning';
import {
  verdictCount,
  type JudgeVerdict,
  type RescoreBatch,
  type RescoreStep,
  type RescoreVerdicts,
} from '../../history';

// The archive's re-score, one batch at a time, with any judge: read the job's next answers
// (store), judge them (the judge: synchronous like the built-in one, or a promise like a model
// judge batching calls to an endpoint), write the verdicts with the cursor in one short
// transaction (store), report progress, and stop between two batches when cancelled. The job
// lives in the file, so a stop, a crash or a quit loses at most the batch being judged and the
// next run carries on from the cursor. Used by the app's worker (rescore-worker.ts), the CLI and
// the tests; a model judge plugs in by implementing RescoreJudge.

/**
 * Default answers per batch: ~0.15 s of the built-in judge on two threads; its write transaction
 * (what the app's ingest may wait for) stays well under 100 ms when little moves.
 */
export const RESCORE_BATCH = 500;

export interface RescoreJudge {
  /** The judge's name (stored as pos_judges.name) and version; the job must be for it. */
  readonly ref: JudgeRef;
  /**
   * One verdict per input, in order: the positionings of the brands the answer names, or
   * { notScored: reason } for an answer the judge could not score (a model's refusal after its
   * retries); as objects, or compact (the judge threads: positioning-compact.ts). Throwing stops
   * the re-score without writing the batch (it stays resumable).
   */
  judgeBatch(inputs: readonly JudgeInput[], signal: AbortSignal): RescoreVerdicts | Promise<RescoreVerdicts>;
  /**
   * Batches given to the judge at once (default 1: one judged while the next is read and the one
   * before written). Judge threads take 2, so that they always have the next batch queued while
   * the writer is busy, and a thread done with its slice starts on the next batch's.
   */
  readonly depth?: number;
}

export interface RescoreStore {
  posRescoreRead(max: number, after?: number): RescoreBatch | null;
  posRescoreApply(batch: RescoreBatch, verdicts: RescoreVerdicts): RescoreStep;
}

export interface RescoreProgressStep {
  done: number;
  total: number;
  /** Answers of the batch just written (judged or found up to date). */
  batchAnswers: number;
  /** Milliseconds the batch's write transaction took (the longest any other writer waits). */
  writeMs: number;
}

export type RescoreOutcome =
  | { outcome: 'finished'; done: number; total: number }
  | { outcome: 'canceled'; done: number; total: number }
  /** Nothing pending (or the job is paused, or for another judge: `judge` names it). */
  | { outcome: 'idle'; judge: string | null };

export interface RescoreRunOptions {
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (step: RescoreProgressStep) => void;
  now?: () => number;
}

/** The built-in judge as a re-score judge (a defect on one answer leaves it unscored, not the batch). */
export function builtinRescoreJudge(): RescoreJudge {
  return {
    ref: BUILTIN_JUDGE_REF,
    judgeBatch(inputs) {
      return inputs.map((input): JudgeVerdict => {
        try {
          return builtinVerdict(input);
        } catch (error) {
          return { notScored: `judge failed: ${error instanceof Error ? error.message : String(error)}` };
        }
      });
    },
  };
}

/** A batch given to the judge, its verdicts to come. */
interface InFlight {
  batch: RescoreBatch;
  verdicts: Promise<RescoreVerdicts>;
}

function startJudging(judge: RescoreJudge, batch: RescoreBatch, signal: AbortSignal): InFlight {
  // A synchronous judge answers here; a promise (threads, a model) lets the caller work meanwhile.
  const verdicts = Promise.resolve().then(() =>
    judge.judgeBatch(
      batch.items.map((i) => i.input),
      signal,
    ),
  );
  return { batch, verdicts };
}

/** Batches given up (a cancel, a re-aimed job): their verdicts are not written, and a failure is not reported. */
async function discard(queue: InFlight[]): Promise<void> {
  const dropped = queue.splice(0);
  await Promise.all(dropped.map((f) => f.verdicts.catch(() => undefined)));
}

/** Batches in the judge's hands (in cursor order; the first is the next to write) and the one read after them. */
interface Pipeline {
  queue: InFlight[];
  ahead: RescoreBatch | null;
  /** The last batch read (the next read starts after it); null: none left to read. */
  tail: RescoreBatch | null;
}

const forJudge = (judge: RescoreJudge, b: RescoreBatch | null): boolean =>
  b !== null && b.judge === judge.ref.id && b.version === judge.ref.version;

/**
 * Gives the judge batches until `depth` are in its hands, then reads the next one ahead, so
 * the judge's next batch never waits for a read.
 */
function fill(
  store: RescoreStore,
  judge: RescoreJudge,
  p: Pipeline,
  depth: number,
  batchSize: number,
  signal: AbortSignal,
): void {
  const readNext = (): RescoreBatch | null => {
    if (p.tail === null || p.tail.finished || signal.aborted) return null;
    const next = store.posRescoreRead(batchSize, p.tail.last);
    p.tail = forJudge(judge, next) ? next : null;
    return p.tail;
  };
  while (p.queue.length < depth && !signal.aborted) {
    const next = p.ahead ?? readNext();
    p.ahead = null;
    if (next === null) return;
    p.queue.push(startJudging(judge, next, signal));
  }
  p.ahead ??= readNext();
}

/**
 * Runs the pending job to its end with `judge`, or until the signal aborts (between batches).
 * Pipelined: while the judge works on one batch (or `judge.depth` batches), the next is read and
 * the one before written, so a judge on other threads is never left waiting for the database.
 */
export async function runRescore(
  store: RescoreStore,
  judge: RescoreJudge,
  options: RescoreRunOptions = {},
): Promise<RescoreOutcome> {
  const batchSize = options.batchSize ?? RESCORE_BATCH;
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? (() => performance.now());
  const depth = Math.max(1, judge.depth ?? 1);
  let last: RescoreStep | null = null;
  const first = store.posRescoreRead(batchSize);
  if (first === null) return { outcome: 'idle', judge: null };
  if (!forJudge(judge, first)) return { outcome: 'idle', judge: `${first.judge} ${first.version}` };
  const p: Pipeline = { queue: [startJudging(judge, first, signal)], ahead: null, tail: first };
  const { queue } = p;
  fill(store, judge, p, depth, batchSize, signal);
  for (;;) {
    const current = queue.shift();
    if (current === undefined) break;
    const { batch } = current;
    let verdicts: RescoreVerdicts;
    try {
      verdicts = await current.verdicts;
    } catch (error) {
      await discard(queue);
      throw error;
    }
    if (verdictCount(verdicts) !== batch.items.length) {
      await discard(queue);
      throw new Error(
        `The judge returned ${verdictCount(verdicts)} verdicts for ${batch.items.length} answers`,
      );
    }
    // The next batches go to the judge before this one is written (unless stopping).
    fill(store, judge, p, depth, batchSize, signal);
    // A batch judged when the signal came is still written: the work is done, and it is short.
    const t = now();
    const step = store.posRescoreApply(batch, verdicts);
    options.onProgress?.({
      done: step.done,
      total: step.total,
      batchAnswers: batch.visited,
      writeMs: now() - t,
    });
    last = step;
    if (step.dropped) {
      // Read for an earlier aim of the job (a brand change meanwhile): start again from its cursor.
      await discard(queue);
      p.ahead = null;
      const again = signal.aborted ? null : store.posRescoreRead(batchSize);
      p.tail = forJudge(judge, again) ? again : null;
      if (p.tail !== null) {
        queue.push(startJudging(judge, p.tail, signal));
        fill(store, judge, p, depth, batchSize, signal);
      }
      continue;
    }
    if (step.finished) return { outcome: 'finished', done: step.done, total: step.total };
    // Stopping: the batches the judge had when the signal came are still written, then no more.
    if (queue.length === 0)
      return { outcome: signal.aborted ? 'canceled' : 'finished', done: step.done, total: step.total };
    // Lets pending I/O (a SIGINT, a cancel message, IPC) in between batches.
    await nextTurn();
  }
  return last
    ? { outcome: 'finished', done: last.done, total: last.total }
    : { outcome: 'idle', judge: null };
}
