import type Database from 'better-sqlite3';
import { BUILTIN_JUDGE_REF } from '../../../shared/positioning';
import { parseObject, pluck, stmt } from '../connection';
import { loadBrandSet, type PositioningKeys } from './positioning-keys';

// The re-score of the archive as a job recorded in the file (meta 'pos_rescore'): a cursor over
// the answers' seqs, the scoring it brings them to (a judge's version over the current brands),
// and what moved so far. Each batch commits with the cursor (positioning-rescore.ts), so a crash,
// a quit or a Ctrl-C keeps every finished batch and the next start carries on. Started by:
//   'upgrade'  migration 012, for the answers stored before it;
//   'judge'    the built-in judge's version changed (ensureCurrent, at start);
//   'brands'   a brand's name, aliases or domains changed, or a brand came or went;
//   'request'  the analyst (`parallax positioning rescore`, the app): every answer is judged
//              again, even one already at the target (a model judge: a new version, a new model).
// meta 'pos_settled' holds, per judge, the version and brand set the whole archive was last
// brought to; a judge whose current scoring differs gets a job.

export type RescoreReason = 'upgrade' | 'judge' | 'brands' | 'request';

/** Answers that moved, per brand key and status (or tone) before and after; -1: not named. */
export interface MovedState {
  /** Answers judged again (not counting those skipped as already at the target). */
  rescored: number;
  /** Answers whose positioning of some brand changed. */
  changed: number;
  /** "brandKey from to" → answers; status codes 0-3, -1 for not named. */
  status: Record<string, number>;
  /** "brandKey from to" → answers; tone -1/0/1, 9 for not named. */
  tone: Record<string, number>;
}

export interface RescoreJob {
  reason: RescoreReason;
  /** The judge's name (pos_judges.name) and version the job scores with. */
  judge: string;
  version: string;
  /** The pos_scorings id answers are brought to (null until the job first runs: an upgrade's). */
  target: number | null;
  /** Answers with a seq above `after`, up to `upTo`, are still to visit. */
  after: number;
  upTo: number;
  done: number;
  total: number;
  /** Only answers of this UTC day or later (a request's --since). */
  fromDay: number | null;
  /** Judge answers already at the target again (a request). */
  force: boolean;
  /** Stopped by the analyst: the app does not resume it by itself. */
  paused: boolean;
  startedAt: number | null;
  moved: MovedState;
}

const JOB_KEY = 'pos_rescore';
const SETTLED_KEY = 'pos_settled';
export const LAST_KEY = 'pos_rescore_last';

export const noMoves = (): MovedState => ({ rescored: 0, changed: 0, status: {}, tone: {} });

const num = (x: unknown, fallback = 0): number =>
  typeof x === 'number' && Number.isFinite(x) ? x : fallback;
const counts = (x: unknown): Record<string, number> =>
  Object.fromEntries(
    Object.entries(parseObject(JSON.stringify(x ?? {}))).filter(([, v]) => typeof v === 'number'),
  ) as Record<string, number>;

export function readJob(db: Database.Database): RescoreJob | null {
  const text = pluck(db, `SELECT value FROM meta WHERE key = '${JOB_KEY}'`).get() as string | undefined;
  if (text === undefined) return null;
  const v = parseObject(text);
  const moved = parseObject(JSON.stringify(v.moved ?? {}));
  const reasons: readonly RescoreReason[] = ['upgrade', 'judge', 'brands', 'request'];
  return {
    reason: reasons.includes(v.reason as RescoreReason) ? (v.reason as RescoreReason) : 'request',
    judge: typeof v.judge === 'string' ? v.judge : BUILTIN_JUDGE_REF.id,
    version: typeof v.version === 'string' ? v.version : BUILTIN_JUDGE_REF.version,
    target: typeof v.target === 'number' ? v.target : null,
    after: num(v.after),
    upTo: num(v.upTo),
    done: num(v.done),
    total: num(v.total),
    fromDay: typeof v.fromDay === 'number' ? v.fromDay : null,
    force: v.force === true,
    paused: v.paused === true,
    startedAt: typeof v.startedAt === 'number' ? v.startedAt : null,
    moved: {
      rescored: num(moved.rescored),
      changed: num(moved.changed),
      status: counts(moved.status),
      tone: counts(moved.tone),
    },
  };
}

export function writeJob(db: Database.Database, job: RescoreJob | null): void {
  if (job === null) stmt(db, `DELETE FROM meta WHERE key = '${JOB_KEY}'`).run();
  else
    stmt(
      db,
      `INSERT INTO meta (key, value) VALUES ('${JOB_KEY}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(JSON.stringify(job));
}

interface Settled {
  version: string;
  brandSet: string;
}

function readSettled(db: Database.Database): Record<string, Settled> {
  const text = pluck(db, `SELECT value FROM meta WHERE key = '${SETTLED_KEY}'`).get() as string | undefined;
  return (text === undefined ? {} : parseObject(text)) as Record<string, Settled>;
}

/** Records that the whole archive is at this judge's version and brand set. */
export function settle(db: Database.Database, judge: string, settled: Settled): void {
  const all = { ...readSettled(db), [judge]: settled };
  stmt(
    db,
    `INSERT INTO meta (key, value) VALUES ('${SETTLED_KEY}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(JSON.stringify(all));
}

/**
 * The answers a job over these days visits, and the seq it visits up to. Both from an index or a
 * roll-up, not a count of the answers: the app's estimate asks this on its main thread, and
 * counting a million answers (even on the index on day) took ~50 ms. The roll-up vis_cell_d
 * holds the answers per day (written with them, in the same transaction); the last seq of all
 * answers bounds the job (the read filters by day).
 */
export const RESCORE_SCOPE_SQL = `SELECT (SELECT coalesce(max(seq), 0) FROM vis_result) AS upTo,
    (SELECT coalesce(sum(answers), 0) FROM vis_cell_d WHERE day >= ?) AS total`;

function scopeOf(db: Database.Database, fromDay: number | null): { upTo: number; total: number } {
  return stmt(db, RESCORE_SCOPE_SQL).get(fromDay ?? -1) as { upTo: number; total: number };
}

export interface StartOptions {
  reason: RescoreReason;
  judge: string;
  version: string;
  fromDay: number | null;
  force: boolean;
  now: number | null;
}

/** A new job from the first answer (moved counts from zero). */
export function newJob(db: Database.Database, keys: PositioningKeys, o: StartOptions): RescoreJob {
  const brandSet = loadBrandSet(db).fingerprint;
  const { upTo, total } = scopeOf(db, o.fromDay);
  return {
    reason: o.reason,
    judge: o.judge,
    version: o.version,
    target: keys.scoring(keys.judge(o.judge), o.version, brandSet),
    after: 0,
    upTo,
    done: 0,
    total,
    fromDay: o.fromDay,
    force: o.force,
    paused: false,
    startedAt: o.now,
    moved: noMoves(),
  };
}

/**
 * Brings the built-in judge's job in line with the current judge version and brands (inside the
 * caller's transaction): a pending built-in job aimed elsewhere starts over at the new target
 * (its old batches judged with other brands would be wrong); without one, a job starts when the
 * archive is not settled at the target. Returns the job pending afterwards.
 */
export function retargetRescore(
  db: Database.Database,
  keys: PositioningKeys,
  reason: RescoreReason,
  now: number | null = null,
): RescoreJob | null {
  const ref = BUILTIN_JUDGE_REF;
  const brandSet = loadBrandSet(db).fingerprint;
  const target = keys.scoring(keys.judge(ref.id), ref.version, brandSet);
  const job = readJob(db);
  if (job !== null && job.judge !== ref.id) return job;
  if (job !== null && job.target === target) return job;
  if (job !== null && job.target === null && job.reason === 'upgrade') {
    // The migration's job gets its target when first seen.
    const aimed = { ...job, target, version: ref.version, startedAt: job.startedAt ?? now };
    writeJob(db, aimed);
    return aimed;
  }
  const settled = readSettled(db)[ref.id];
  if (job === null && settled?.version === ref.version && settled.brandSet === brandSet) return null;
  const { total } = scopeOf(db, null);
  if (job === null && total === 0) {
    settle(db, ref.id, { version: ref.version, brandSet });
    return null;
  }
  const started = newJob(db, keys, {
    reason: job?.reason === 'upgrade' ? 'upgrade' : reason,
    judge: ref.id,
    version: ref.version,
    fromDay: null,
    force: false,
    now,
  });
  writeJob(db, started);
  return started;
}
