import type Database from 'better-sqlite3';
import type { NormalizedResult } from '../../../shared/domain/result';
import type { JudgeInput } from '../../../shared/positioning/types';
import { stmt } from '../connection';
import { loadBrandSet, readBrandsVersion, type BrandSet } from './positioning-keys';
import type { CompactVerdict } from './positioning-compact';

// Answers judged before they are stored. The built-in judge is pure and costs about as much as
// the rest of an answer's ingest, so a bulk writer (a sync's pull) can judge a page of answers on
// other threads while this one writes the page before, then hand the verdicts over with the
// answers. Ingest uses a verdict only when it was made from exactly what ingest itself would
// judge (the same text and format, the same language hint, the same brand set by fingerprint);
// otherwise it judges the answer itself, as always. Nothing else about ingest changes: the rows
// and roll-ups are written in the transaction that stores the answer.

/** A verdict made ahead, with what it was made from. */
export interface Prejudged {
  input: Omit<JudgeInput, 'brands'>;
  fingerprint: string;
  /** In the judge threads' compact form (positioning-compact.ts). */
  verdict: CompactVerdict;
}

// Keyed by the answer's normalized object, the one ingest is handed: no signature changes along
// the ingest path, and a verdict goes away with its answer.
const offered = new WeakMap<object, Prejudged>();

/** Hands a verdict made ahead to the ingest of this very answer object. */
export function offerVerdict(answer: NormalizedResult, prejudged: Prejudged): void {
  offered.set(answer, prejudged);
}

/** The verdict made ahead for this answer, if it was made from `input` and this brand set. */
export function verdictAhead(
  answer: object,
  input: Omit<JudgeInput, 'brands'>,
  fingerprint: string,
): CompactVerdict | null {
  // Kept, not taken: a page applied again (a refused row) finds its verdicts again.
  const ahead = offered.get(answer);
  if (ahead === undefined) return null;
  const same =
    ahead.fingerprint === fingerprint &&
    ahead.input.text === input.text &&
    ahead.input.format === input.format &&
    (ahead.input.language ?? null) === (input.language ?? null);
  return same ? ahead.verdict : null;
}

/** What the built-in judge is given for a stored answer: its Markdown when it has some, else its text. */
export function judgedContent(content: Pick<NormalizedResult, 'text' | 'markdown'>): {
  text: string;
  format: JudgeInput['format'];
} {
  const markdown = content.markdown !== null && content.markdown.trim() !== '';
  return markdown
    ? { text: content.markdown as string, format: 'markdown' }
    : { text: content.text, format: 'text' };
}

/** The judge's inputs for answers about to be stored, with the brand set they are judged against. */
export interface PrejudgeInputs {
  brands: BrandSet['brands'];
  fingerprint: string;
  /** One per answer, in order; null where it cannot be made ahead (its job is not here yet). */
  inputs: Array<Omit<JudgeInput, 'brands'> | null>;
}

export interface PrejudgeApi {
  /**
   * Null when no brand is tracked (ingest judges nothing then). `arriving`: the request's language
   * of jobs not here yet that will be stored before these answers (a pull fetched them with them).
   */
  prejudgeInputs(
    answers: ReadonlyArray<{ jobId: string; normalized: NormalizedResult }>,
    arriving?: ReadonlyMap<string, string | null>,
  ): PrejudgeInputs | null;
}

export function createPrejudgeApi(db: Database.Database): PrejudgeApi {
  let cached: BrandSet | null = null;
  return {
    prejudgeInputs(answers, arriving) {
      const version = readBrandsVersion(db);
      if (cached === null || cached.version !== version) cached = loadBrandSet(db);
      if (cached.brands.length === 0) return null;
      // The request's language, as the index reads it (positioning-index.ts).
      const language = stmt(db, "SELECT request_json ->> '$.hl' AS hl FROM jobs WHERE id = ?");
      const inputs = answers.map(({ jobId, normalized }) => {
        const row = language.get(jobId) as { hl: string | null } | undefined;
        const hl = row === undefined ? arriving?.get(jobId) : row.hl;
        if (hl === undefined) return null;
        return { ...judgedContent(normalized), language: hl ?? null };
      });
      return { brands: cached.brands, fingerprint: cached.fingerprint, inputs };
    },
  };
}
