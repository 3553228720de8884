import type { BrandDefinition } from '../../shared/analytics';
import type { NormalizedResult } from '../../shared/domain/result';
import {
  analyseAnswersAhead,
  packDoc,
  resultDocParts,
  type AnalysedAhead,
  type AnalysedContent,
  type ResultDoc,
} from '../store';
import { readNormalized } from './normalized';

// A pulled page's answers prepared on another thread from the texts the server sent (each
// answer's document JSON and raw JSON): read there as toResult reads them here, their documents
// packed and their analyses made (brand hits, list leads), in ONE message a page. Strings cross
// threads as a copy of their bytes, where the answers' objects (their sources) were cloned field
// by field, once for packing and once for the analysis; what comes back is the packed bytes in
// one transferred buffer and one JSON string. The thread reads the same text with the same
// reader, so what it prepared is what this thread would make of its own answer object
// (judge-ahead.ts offers it to that object's ingest).

/** The parts of a document made from the answer's lists, worth making on the thread. */
export interface ListDocParts {
  sourceTitles: string;
  searchQueriesJson: string;
}

/** One answer prepared ahead: its analysis and its document's list parts (its bytes travel apart). */
export interface PreparedAnswer extends AnalysedAhead, ListDocParts {}

/** A page prepared ahead, in the order of its answers; null (and no bytes) for one that is not an answer. */
export interface PreparedAnswers {
  prepared: Array<PreparedAnswer | null>;
  docs: Uint8Array[];
}

const wellFormed = (text: string): string => (text.isWellFormed() ? text : text.toWellFormed());

/**
 * The document's parts as resultDocParts makes them for this answer (`n` read from the same
 * text the thread read), with the list parts the thread made: the rest is the answer's own.
 */
export function docPartsFrom(n: NormalizedResult, raw: string, lists: ListDocParts): ResultDoc {
  return {
    text: wellFormed(n.text),
    sourceTitles: lists.sourceTitles,
    markdown: n.markdown,
    rawJson: raw,
    searchQueriesJson: lists.searchQueriesJson,
  };
}

/**
 * On a thread: prepares answers from their pulled texts, given as [document JSON, raw JSON] of
 * each answer one after the other.
 */
export function prepareAnswers(
  brands: readonly BrandDefinition[],
  texts: readonly string[],
): PreparedAnswers {
  const read: Array<{ at: number; content: AnalysedContent; lists: ListDocParts }> = [];
  const docs: Uint8Array[] = [];
  for (let at = 0; at * 2 < texts.length; at++) {
    const normalized = readNormalized(texts[at * 2], '');
    const raw = texts[at * 2 + 1];
    if (normalized === null || typeof raw !== 'string') {
      docs.push(new Uint8Array(0));
      continue;
    }
    const parts = resultDocParts(normalized, raw);
    docs.push(packDoc(parts, { verify: false }));
    const lists = { sourceTitles: parts.sourceTitles, searchQueriesJson: parts.searchQueriesJson };
    read.push({ at, content: normalized, lists });
  }
  const analysed = analyseAnswersAhead(
    brands,
    read.map((r) => r.content),
  );
  const prepared: Array<PreparedAnswer | null> = Array.from({ length: docs.length }, () => null);
  read.forEach(({ at, lists }, i) => {
    prepared[at] = { ...(analysed[i] as AnalysedAhead), ...lists };
  });
  return { prepared, docs };
}
