import type { NormalizedResult } from '../../../shared/domain/result';
import { toJson } from '../connection';
import { wellFormed, type ResultDoc } from './result-doc';

// Answer documents packed before they are stored. Packing (the document's bytes, then zstd) is
// pure and costs about a tenth of an answer's ingest, so a bulk writer (a sync's pull) can pack a
// page's documents on another thread while this one writes the page before, and offer each one
// to the ingest of its answer. Ingest takes a document only when it was packed from exactly the
// parts ingest itself would pack (the same answer object and raw JSON, from which the parts are
// made by resultDocParts); otherwise it packs the answer itself, as always. zstd gives the same frame for the same bytes and level, so the stored bytes are the
// same either way.

/** A document packed ahead, with the parts it was packed from. */
export interface PackedAhead {
  parts: ResultDoc;
  doc: Uint8Array;
}

// Keyed by the answer's normalized object, the one ingest is handed (as positioning's verdicts
// made ahead are): a document goes away with its answer.
const offered = new WeakMap<object, PackedAhead>();

/** The parts of an answer's document, as ingest packs them (result-doc.ts's layout). */
export function resultDocParts(n: NormalizedResult, raw: unknown): ResultDoc {
  return {
    text: wellFormed(n.text),
    sourceTitles: wellFormed(
      n.sources
        .map((src) => src.title?.replace(/\s+/g, ' ').trim() ?? '')
        .filter(Boolean)
        .join('\n'),
    ),
    markdown: n.markdown,
    rawJson: typeof raw === 'string' ? raw : JSON.stringify(raw ?? null),
    searchQueriesJson: wellFormed(toJson(n.searchQueries)),
  };
}

/** Hands a packed document to the ingest of this very answer object. */
export function offerDoc(answer: NormalizedResult, packed: PackedAhead): void {
  offered.set(answer, packed);
}

/**
 * The document packed ahead for this answer and its parts, if it was packed for this very answer
 * object and raw JSON: its parts are then what resultDocParts gives for them (the answer is not
 * changed once pulled), so ingest needs neither to build them again nor to compare them.
 */
export function docAhead(answer: object, raw: unknown): { parts: ResultDoc; doc: Buffer } | null {
  // Kept, not taken: a page applied again (a refused row) finds its documents again.
  const ahead = offered.get(answer);
  if (ahead === undefined || typeof raw !== 'string' || ahead.parts.rawJson !== raw) return null;
  const { doc, parts } = ahead;
  return { parts, doc: Buffer.isBuffer(doc) ? doc : Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength) };
}
