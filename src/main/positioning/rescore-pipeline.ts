import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  BUILTIN_JUDGE_REF,
  judgePositioning,
  type JudgeInput,
  type JudgeRef,
} from '../../shared/positioning';
import type { JudgeVerdict, RescoreBatch, RescoreStep } from '../store';

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
   * retries). Throwing stops the re-score without writing the batch (it stays resumable).
   */
  judgeBatch(
    inputs: readonly JudgeInput[],
    signal: AbortSignal,
  ): readonly JudgeVerdict[] | Promise<readonly JudgeVerdict[]>;
}

export interface RescoreStore {
  posRescoreRead(max: number, after?: number): RescoreBatch | null;
  posRescoreApply(batch: RescoreBatch, verdicts: readonly JudgeVerdict[]): RescoreStep;
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
          return judgePositioning(input);
        } catch (error) {
          return { notScored: `judge failed: ${error instanceof Error ? error.message : String(error)}` };
        }
      });
    },
  };
}

/** A batch being judged, and the one after it already read. */
interface InFlight {
  batch: RescoreBatch;
  verdicts: Promise<readonly JudgeVerdict[]>;
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

/**
 * Runs the pending job to its end with `judge`, or until the signal aborts (between batches).
 * Pipelined: while the judge works on one batch, the next is read and the one before written,
 * so a judge on other threads is never left waiting for the database.
 */
export async function runRescore(
  store: RescoreStore,
  judge: RescoreJudge,
  options: RescoreRunOptions = {},
): Promise<RescoreOutcome> {
  const batchSize = options.batchSize ?? RESCORE_BATCH;
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? (() => performance.now());
  const forJudge = (b: RescoreBatch | null): boolean =>
    b !== null && b.judge === judge.ref.id && b.version === judge.ref.version;
  let last: RescoreStep | null = null;
  const first = store.posRescoreRead(batchSize);
  if (first === null) return { outcome: 'idle', judge: null };
  if (!forJudge(first)) return { outcome: 'idle', judge: `${first.judge} ${first.version}` };
  let current: InFlight | null = startJudging(judge, first, signal);
  let next: RescoreBatch | null = first.finished ? null : store.posRescoreRead(batchSize, first.last);
  while (current !== null) {
    const verdicts = await current.verdicts;
    const { batch } = current;
    if (verdicts.length !== batch.items.length)
      throw new Error(`The judge returned ${verdicts.length} verdicts for ${batch.items.length} answers`);
    // The next batch goes to the judge before this one is written (unless stopping).
    const following =
      !signal.aborted && next !== null && forJudge(next) ? startJudging(judge, next, signal) : null;
    const afterNext =
      following !== null && !following.batch.finished
        ? store.posRescoreRead(batchSize, following.batch.last)
        : null;
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
      await following?.verdicts.catch(() => undefined);
      const again = signal.aborted ? null : store.posRescoreRead(batchSize);
      current = again !== null && forJudge(again) ? startJudging(judge, again, signal) : null;
      next =
        current !== null && !current.batch.finished
          ? store.posRescoreRead(batchSize, current.batch.last)
          : null;
      continue;
    }
    if (step.finished) return { outcome: 'finished', done: step.done, total: step.total };
    if (following === null) {
      if (signal.aborted) return { outcome: 'canceled', done: step.done, total: step.total };
      return { outcome: 'finished', done: step.done, total: step.total };
    }
    current = following;
    next = afterNext;
    // Lets pending I/O (a SIGINT, a cancel message, IPC) in between batches.
    await nextTurn();
  }
  return last
    ? { outcome: 'finished', done: last.done, total: last.total }
    : { outcome: 'idle', judge: null };
}
