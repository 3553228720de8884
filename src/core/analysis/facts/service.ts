import {
  factsFigures,
  parseFactSheet,
  type Fact,
  type FactEvidence,
  type FactsBy,
  type FactSheetError,
  type FactSheetFormat,
  type FactsFigures,
  type FactVerdict,
  type ResultFacts,
} from '../../../shared/facts';
import type { HistoryStore } from '../../history';
import { AppError } from '../../platform';

// Brand facts over the stored answers: a brand's sheet set and read, the history re-checked
// after a change, and the figures (discrepancy rate with n and interval, per fact, by engine,
// country or fact, the sources of contradicting answers): the one place every front end takes
// them from.

/** Answers re-checked per transaction: short enough that ingest never waits long for one. */
const RECHECK_BATCH = 500;

export interface SetSheetResult {
  brandId: string;
  brand: string;
  facts: Fact[];
  errors: FactSheetError[];
  /** Null when nothing was stored (the file had no good fact). */
  version: number | null;
}

export interface JobFactCheck {
  jobId: string;
  brand: string;
  brandId: string;
  key: string;
  verdict: FactVerdict;
  evidence: FactEvidence | null;
  /** 'builtin', or the model judge's id when it judged a fact the checker left not addressed. */
  checker: string;
  /** The answer's language when the checker does not read it. */
  unread: string | null;
}

export interface FactsService {
  /** Reads a sheet file and stores its good facts as the brand's sheet (a bad fact is named, not stored). */
  setSheet(brand: string, text: string, format: FactSheetFormat): SetSheetResult;
  sheet(brand: string): { brandId: string; brand: string; facts: Fact[] };
  /** Re-checks what a sheet or brand change left to check; returns the answers checked again. */
  recheck(onProgress?: (done: number, total: number) => void): number;
  figures(query: { sinceMs: number | null; by?: FactsBy | null }): FactsFigures;
  checksOfJobs(jobIds: readonly string[]): JobFactCheck[];
  /** Each answer's supported and contradicted facts with their quotes (what Compare marks). */
  ofResults(resultIds: readonly string[]): ResultFacts[];
}

export function createFactsService(deps: { store: HistoryStore }): FactsService {
  const { store } = deps;
  const names = (): Map<string, string> => new Map(store.listBrands().map((b) => [b.id, b.name]));
  function brandOf(nameOrId: string): { id: string; name: string } {
    const brands = store.listBrands();
    const key = nameOrId.trim().toLowerCase();
    const found =
      brands.find((b) => b.id === nameOrId.trim()) ?? brands.find((b) => b.name.toLowerCase() === key);
    if (!found) throw new AppError('BRAND_NOT_FOUND', `No tracked brand "${nameOrId}"`);
    return { id: found.id, name: found.name };
  }
  return {
    setSheet(brand, text, format) {
      const b = brandOf(brand);
      const { facts, errors } = parseFactSheet(text, format);
      const version = facts.length === 0 ? null : store.setBrandFacts(b.id, facts);
      return { brandId: b.id, brand: b.name, facts, errors, version };
    },
    sheet(brand) {
      const b = brandOf(brand);
      return { brandId: b.id, brand: b.name, facts: store.brandFacts(b.id) };
    },
    recheck(onProgress) {
      let checked = 0;
      for (
        let step = store.recheckFacts(RECHECK_BATCH);
        step !== null;
        step = store.recheckFacts(RECHECK_BATCH)
      ) {
        checked = step.done;
        onProgress?.(step.done, step.total);
        if (step.finished) break;
      }
      return checked;
    },
    figures({ sinceMs, by = null }) {
      return factsFigures(
        store.factAddressedRows(sinceMs),
        store.factSourceRows(sinceMs),
        names(),
        by,
        store.factNotAddressedCounts(sinceMs),
        store.factNotChecked(sinceMs),
      );
    },
    ofResults(resultIds) {
      const brands = names();
      const rows = store.factChecksOfResults(resultIds);
      return resultIds.map((resultId) => ({
        resultId,
        checks: rows
          .filter((r) => r.resultId === resultId)
          .map((r) => ({
            brand: brands.get(r.brandId) ?? r.brandId,
            brandId: r.brandId,
            key: r.key,
            verdict: r.verdict === 'contradicted' ? ('contradicted' as const) : ('supported' as const),
            evidence: r.evidence,
          })),
      }));
    },
    checksOfJobs(jobIds) {
      const brands = names();
      return store.factChecksOfJobs(jobIds).map((c) => ({
        jobId: c.jobId,
        brand: brands.get(c.brandId) ?? c.brandId,
        brandId: c.brandId,
        key: c.key,
        verdict: c.verdict,
        evidence: c.evidence,
        checker: c.checker,
        unread: c.unread,
      }));
    },
  };
}
