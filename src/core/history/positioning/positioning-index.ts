import type Database from 'better-sqlite3';
import type { NormalizedResult } from '../../../shared/domain/result';
import { BUILTIN_JUDGE_REF, createBuiltinJudge } from '../../../shared/positioning';
import type { BuiltinJudge, JudgeInput } from '../../../shared/positioning/types';
import { pluck } from '../connection';
import type { VisibilityIndexer } from '../visibility';
import {
  createPositioningKeys,
  loadBrandSet,
  readBrandsVersion,
  type BrandSet,
  type PositioningKeys,
} from './positioning-keys';
import { PositioningRollupWriter } from './positioning-rollups';
import {
  addPositioningRollups,
  deleteAnswers,
  encodePositionings,
  FreshAnswerRows,
  rowsWithCells,
  type AnswerCell,
} from './positioning-rows';
import type { StoredBrandRow } from './positioning-codes';
import { retargetRescore } from './positioning-rescore-job';
import { judgedContent, verdictAhead } from './positioning-prejudge';
import { storedRows, type CompactVerdict } from './positioning-compact';

// Keeps the positioning tables (migration 012) in step with the results, inside the store's own
// transactions, riding along with the Visibility index like the discovery index: every stored
// answer is judged by the built-in judge for the tracked brands it names, in the transaction that
// stores it (its rows and roll-ups commit with the answer, never later), a replaced answer is
// taken out first (every judge's rows: a model judge scores the new text again), and a deleted
// run's answers leave the roll-ups before the run goes. A brand change records the re-score of
// the archive (positioning-rescore-job.ts); answers stored meanwhile are judged with the new brands.

const PAGE = 2000;

export interface PositioningIndexer {
  /**
   * Judges a freshly stored answer and indexes it (after the Visibility index wrote its cell);
   * `language` is the job's request language when the caller has read it (else looked up).
   */
  indexResult(
    seq: number,
    jobId: string,
    content: Pick<NormalizedResult, 'text' | 'markdown'>,
    cell: AnswerCell,
    language?: string | null,
  ): void;
  /** Takes a stored answer's rows (every judge's) out of the roll-ups and deletes them. */
  unindexResult(seq: number): void;
  /** The same for every answer of these runs: before the runs are deleted. */
  unindexRuns(runIds: readonly string[]): void;
  /** Writes the summed roll-up changes (before the transaction commits). */
  flush(): void;
  /** Brands changed in this transaction: the archive's re-score is recorded (or re-aimed). */
  brandsChanged(): void;
  /** Forgets pending changes and cached keys after a rolled-back transaction. */
  reset(): void;
}

/** The brand set, the built-in judge over it and its keys, read once per batch. */
interface Batch {
  set: BrandSet;
  judge: BuiltinJudge;
  judgeKey: number;
  scoring: number;
}

export function createPositioningIndexer(db: Database.Database): PositioningIndexer {
  const keys: PositioningKeys = createPositioningKeys(db);
  const rollups = new PositioningRollupWriter(db);
  const fresh = new FreshAnswerRows();
  let set: BrandSet | null = null;
  let judge: BuiltinJudge | null = null;
  let batch: Batch | null = null;

  function batchState(): Batch {
    if (batch !== null) return batch;
    const version = readBrandsVersion(db);
    if (set === null || judge === null || set.version !== version) {
      set = loadBrandSet(db);
      judge = createBuiltinJudge(set.brands);
    }
    const judgeKey = keys.judge(BUILTIN_JUDGE_REF.id);
    batch = {
      set,
      judge,
      judgeKey,
      scoring: keys.scoring(judgeKey, BUILTIN_JUDGE_REF.version, set.fingerprint),
    };
    return batch;
  }

  /** The request's language (an engine's hl option), a hint for the judge. */
  const languageOf = (jobId: string): string | null =>
    (pluck(db, "SELECT request_json ->> '$.hl' FROM jobs WHERE id = ?").get(jobId) as
      string | null | undefined) ?? null;

  function judgeRows(
    b: Batch,
    input: JudgeInput,
    ahead: CompactVerdict | null,
  ): { rows: StoredBrandRow[]; note: string | null } {
    if (b.set.brands.length === 0) return { rows: [], note: null };
    try {
      // Judged ahead on another thread (positioning-prejudge.ts), from this very input.
      if (ahead !== null) {
        return 'notScored' in ahead
          ? { rows: [], note: ahead.notScored }
          : { rows: storedRows(keys, ahead), note: null };
      }
      const verdict = b.judge.verdict(input);
      return Array.isArray(verdict)
        ? { rows: encodePositionings(keys, verdict), note: null }
        : { rows: [], note: verdict.notScored };
    } catch (error) {
      // A judge's defect must never cost an answer its storage: the answer is kept unscored.
      return { rows: [], note: `judge failed: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  function indexResult(
    seq: number,
    jobId: string,
    content: Pick<NormalizedResult, 'text' | 'markdown'>,
    cell: AnswerCell,
    language?: string | null,
  ): void {
    const b = batchState();
    const judged = judgedContent(content);
    const input: JudgeInput = {
      ...judged,
      language: b.set.brands.length === 0 ? null : language === undefined ? languageOf(jobId) : language,
      brands: b.set.brands,
    };
    const ahead = b.set.brands.length === 0 ? null : verdictAhead(content, input, b.set.fingerprint);
    const { rows, note } = judgeRows(b, input, ahead);
    fresh.add(
      { seq, judge: b.judgeKey, scoring: b.scoring, markdown: judged.format === 'markdown', note },
      rows,
    );
    addPositioningRollups(rollups, b.judgeKey, cell, rows, 1);
  }

  /** Takes answers out (rows of every judge), in pages; the caller flushes. */
  function unindex(seqs: readonly number[]): void {
    // The same answer stored twice in one batch: its first rows must be in place to go.
    fresh.write(db);
    for (let at = 0; at < seqs.length; at += PAGE) {
      const page = seqs.slice(at, at + PAGE);
      for (const r of rowsWithCells(db, page)) addPositioningRollups(rollups, r.judge, r, [r], -1);
      deleteAnswers(db, page);
      rollups.flush();
    }
  }

  return {
    indexResult,
    unindexResult: (seq) => unindex([seq]),
    unindexRuns(runIds) {
      const seqs = pluck(
        db,
        `SELECT f.seq FROM vis_result f JOIN vis_runs r ON r.id = f.run
         WHERE r.run_id IN (SELECT value FROM json_each(?)) ORDER BY f.seq`,
      ).all(JSON.stringify(runIds)) as number[];
      unindex(seqs);
      batch = null;
    },
    flush() {
      fresh.write(db);
      rollups.flush();
      batch = null;
    },
    brandsChanged() {
      batch = null;
      set = null;
      retargetRescore(db, keys, 'brands');
    },
    reset() {
      keys.clear();
      rollups.clear();
      fresh.clear();
      set = null;
      judge = null;
      batch = null;
    },
  };
}

/** The Visibility indexer with the positioning index riding along (same calls, same transactions). */
export function withPositioningIndex(
  visibility: VisibilityIndexer,
  positioning: PositioningIndexer,
): VisibilityIndexer {
  return {
    ...visibility,
    indexResult(seq, jobId, fetchedAt, content, job) {
      const cell = visibility.indexResult(seq, jobId, fetchedAt, content, job);
      // Migration 002's fill indexes partial contents (no Markdown): a whole result only.
      if ('markdown' in content)
        positioning.indexResult(seq, jobId, content as NormalizedResult, cell, job?.hl);
      return cell;
    },
    unindexResult(seq) {
      // Before the Visibility index drops vis_result: the rows' cells are read from it.
      positioning.unindexResult(seq);
      visibility.unindexResult(seq);
    },
    unindexRuns(runIds) {
      positioning.unindexRuns(runIds);
      visibility.unindexRuns(runIds);
    },
    flush() {
      visibility.flush();
      positioning.flush();
    },
    reanalyseBrands() {
      visibility.reanalyseBrands();
      positioning.brandsChanged();
    },
    reset() {
      visibility.reset();
      positioning.reset();
    },
  };
}
