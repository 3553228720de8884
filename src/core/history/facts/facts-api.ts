import type Database from 'better-sqlite3';
import type { BrandFactSheet, Fact, FactCheck, NotAddressedCount, NotChecked } from '../../../shared/facts';
import { pluck } from '../connection';
import type { VisFilter } from '../visibility';
import {
  addressedOfResults,
  checksOfJobs,
  factAddressedRows,
  factNotAddressedCounts,
  factNotChecked,
  factSourceRows,
  type FactSourceRow,
  type FactVerdictRow,
  type StoredFactCheck,
} from './facts-read';
import { factsDrill, factsPeriodRows, type FactDrill, type FactsPeriodRows } from './facts-period';
import {
  factJudgeCacheGet,
  factJudgeCachePut,
  factModelWork,
  writeModelChecks,
  type CachedFactVerdict,
  type FactJudgeCacheKey,
  type FactModelBatch,
} from './facts-model';
import { recheckBatch, recheckCursor, type RecheckStep } from './facts-recheck';
import { readFactSheets, readFactsVersion, writeFactSheet } from './facts-sheets';

// The store's facts calls: sheets set and read, the pending re-check run a batch at a time, and
// the checks read back, whole or summed over a period.

export interface FactsApi {
  /** Replaces a tracked brand's sheet; the history is re-checked (recheckFacts). Returns the sheets' version. */
  setBrandFacts(brandId: string, facts: readonly Fact[]): number;
  /** The brand's sheet (empty when it has none). */
  brandFacts(brandId: string): Fact[];
  factSheets(): BrandFactSheet[];
  factsVersion(): number;
  /** A re-check is due (a sheet or the brands changed since the answers were checked). */
  factsRecheckPending(): boolean;
  /** One batch of the pending re-check, null when none is due. */
  recheckFacts(max: number): RecheckStep | null;
  factChecksOfJobs(jobIds: readonly string[]): StoredFactCheck[];
  /** The supported and contradicted checks of these answers, by result id. */
  factChecksOfResults(resultIds: readonly string[]): Array<StoredFactCheck & { resultId: string }>;
  /** The supported and contradicted checks of the answers fetched since a time (all when null). */
  factAddressedRows(sinceMs: number | null): FactVerdictRow[];
  /** The same answers' not-addressed checks, counted per brand, fact, engine and country. */
  factNotAddressedCounts(sinceMs: number | null): NotAddressedCount[];
  /** The same answers that name a brand with a sheet in a language the checker does not read. */
  factNotChecked(sinceMs: number | null): NotChecked;
  factSourceRows(sinceMs: number | null): FactSourceRow[];
  /** A period's checks summed per brand × fact × cell and per brand × cell (what findings compare). */
  factsPeriod(filter: VisFilter): FactsPeriodRows;
  /** The period's answers contradicting a brand's fact, newest first. */
  factsDrill(filter: VisFilter, drill: FactDrill, limit: number): string[];
  /** The next answers with facts the checker left not addressed that `judge` has not judged yet. */
  factModelWork(judge: string, query: { after: number; sinceMs: number | null; max: number }): FactModelBatch;
  /** A model judge's verdicts on one answer, beside the checker's. */
  writeFactModelChecks(seq: number, jobId: string, checks: readonly FactCheck[], version: number): void;
  factJudgeCacheGet(key: FactJudgeCacheKey): CachedFactVerdict | null;
  factJudgeCachePut(
    key: FactJudgeCacheKey,
    value: CachedFactVerdict,
    tokens: { input: number; output: number },
  ): void;
}

export function createFactsApi(db: Database.Database, now: () => number): FactsApi {
  return {
    setBrandFacts(brandId, facts) {
      return db
        .transaction(() => {
          if (pluck(db, 'SELECT 1 FROM brands WHERE id = ?').get(brandId) === undefined)
            throw new Error(`no tracked brand has the id ${brandId}`);
          return writeFactSheet(db, brandId, facts, now());
        })
        .immediate();
    },
    brandFacts: (brandId) =>
      readFactSheets(db)
        .find((s) => s.brandId === brandId)
        ?.facts.slice() ?? [],
    factSheets: () => readFactSheets(db),
    factsVersion: () => readFactsVersion(db),
    factsRecheckPending: () => recheckCursor(db) >= 0,
    recheckFacts: (max) => recheckBatch(db, max),
    factChecksOfJobs: (jobIds) => checksOfJobs(db, jobIds),
    factChecksOfResults: (resultIds) => addressedOfResults(db, resultIds),
    factAddressedRows: (since) => factAddressedRows(db, since),
    factNotAddressedCounts: (since) => factNotAddressedCounts(db, since),
    factNotChecked: (since) => factNotChecked(db, since),
    factSourceRows: (since) => factSourceRows(db, since),
    factsPeriod: (filter) => factsPeriodRows(db, filter),
    factsDrill: (filter, drill, limit) => factsDrill(db, filter, drill, limit),
    factModelWork: (judge, query) => factModelWork(db, judge, query),
    writeFactModelChecks: (seq, jobId, checks, version) => writeModelChecks(db, seq, jobId, checks, version),
    factJudgeCacheGet: (key) => factJudgeCacheGet(db, key),
    factJudgeCachePut: (key, value, tokens) => factJudgeCachePut(db, key, value, tokens, now()),
  };
}
