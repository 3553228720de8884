import type Database from 'better-sqlite3';
import { BUILTIN_JUDGE_REF } from '../../../shared/positioning';
import { parseObject, pluck } from '../connection';
import { createPositioningKeys, type PositioningKeys } from './positioning-keys';
import type { RescoreVerdicts } from './positioning-compact';
import {
  applyRescoreBatch,
  finishJob,
  readRescoreBatch,
  type RescoreBatch,
  type RescoreStep,
  type StoredSummary,
} from './positioning-rescore';
import {
  LAST_KEY,
  newJob,
  readJob,
  retargetRescore,
  writeJob,
  type RescoreJob,
} from './positioning-rescore-job';

// The store's side of the re-score: the job's state, starting and pausing it, and its batches,
// each write in a short transaction of its own. Used over the app's connection, the CLI's, and
// the re-score worker's own connection (rescore-worker.ts).

/** A job as the views read it: moved's brand keys with their brand ids. */
export type RescoreJobView = RescoreJob & { brandIds: Record<string, string> };

export interface RescoreRequest {
  /** Judge name and version (default: the built-in judge). */
  judge?: string;
  version?: string;
  /** Only answers of this UTC day or later. */
  fromDay?: number | null;
  /**
   * Judge again answers already scored by this judge version over the current brands (default
   * true: the analyst asked). A model judge passes false: what it scored is kept, not paid twice.
   */
  force?: boolean;
}

export interface PositioningJobApi {
  /**
   * Records the built-in judge's re-score when its version or the brands changed since the
   * archive was last brought up to date (at start); returns the job pending, if any.
   */
  posEnsureCurrent(): RescoreJob | null;
  /** The analyst's re-score: every answer (of the period) judged again; resumes a paused same one. */
  posRescoreStart(request?: RescoreRequest): RescoreJob;
  /** Stops the job after the batch under way: it stays recorded, paused, with its progress. */
  posRescorePause(): RescoreJob | null;
  /** Un-pauses the pending job (any judge's), keeping its progress. */
  posRescoreResume(): RescoreJob | null;
  /** Drops a paused or pending job, keeping what it wrote; its moves become the last summary. */
  posRescoreDrop(): boolean;
  posRescoreState(): { job: RescoreJobView | null; last: StoredSummary | null };
  /** The next batch to judge (null: none pending, or paused); after a batch read and not yet written with `after`. */
  posRescoreRead(max: number, after?: number): RescoreBatch | null;
  /** Writes a judged batch in one transaction of its own. */
  posRescoreApply(batch: RescoreBatch, verdicts: RescoreVerdicts): RescoreStep;
}

function brandIdsOf(keys: PositioningKeys, job: RescoreJob): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of [...Object.keys(job.moved.status), ...Object.keys(job.moved.tone)]) {
    const key = k.split(' ')[0] as string;
    const id = keys.brandIdOf(Number(key));
    if (id !== null) out[key] = id;
  }
  return out;
}

export function createPositioningJobApi(db: Database.Database, now: () => number): PositioningJobApi {
  const keys = createPositioningKeys(db);
  /** Runs fn in an IMMEDIATE transaction; a rollback also drops keys cached inside it. */
  const write = <A extends unknown[], T>(fn: (...args: A) => T) => {
    const tx = db.transaction(fn);
    return (...args: A): T => {
      try {
        return tx.immediate(...args);
      } catch (error) {
        keys.clear();
        throw error;
      }
    };
  };

  const ensure = write(() => retargetRescore(db, keys, 'judge', now()));

  const start = write((request: RescoreRequest): RescoreJob => {
    const judge = request.judge ?? BUILTIN_JUDGE_REF.id;
    const version = request.version ?? BUILTIN_JUDGE_REF.version;
    const fromDay = request.fromDay ?? null;
    const force = request.force ?? true;
    const fresh = newJob(db, keys, { reason: 'request', judge, version, fromDay, force, now: now() });
    const pending = readJob(db);
    if (
      pending !== null &&
      pending.judge === judge &&
      pending.target === fresh.target &&
      pending.fromDay === fromDay &&
      pending.force === force
    ) {
      const resumed = { ...pending, paused: false };
      writeJob(db, resumed);
      return resumed;
    }
    writeJob(db, fresh);
    return fresh;
  });

  const setPaused = write((paused: boolean): RescoreJob | null => {
    const job = readJob(db);
    if (job === null) return null;
    const next = { ...job, paused };
    writeJob(db, next);
    return next;
  });

  const drop = write((): boolean => {
    const job = readJob(db);
    if (job === null) return false;
    finishJob(db, keys, job, now());
    return true;
  });

  // One snapshot: the job, its answers and the brands they are judged against agree.
  const read = db.transaction((max: number, after?: number) => readRescoreBatch(db, keys, max, after));
  const apply = write((batch: RescoreBatch, verdicts: RescoreVerdicts) =>
    applyRescoreBatch(db, keys, batch, verdicts, now()),
  );

  return {
    posEnsureCurrent: () => ensure(),
    posRescoreStart: (request = {}) => start(request),
    posRescorePause: () => setPaused(true),
    posRescoreResume: () => setPaused(false),
    posRescoreDrop: () => drop(),
    posRescoreState() {
      const job = readJob(db);
      const text = pluck(db, `SELECT value FROM meta WHERE key = '${LAST_KEY}'`).get() as string | undefined;
      return {
        job: job === null ? null : { ...job, brandIds: brandIdsOf(keys, job) },
        last: text === undefined ? null : (parseObject(text) as unknown as StoredSummary),
      };
    },
    posRescoreRead: (max, after) => read.deferred(max, after),
    posRescoreApply: (batch, verdicts) => apply(batch, verdicts),
  };
}
