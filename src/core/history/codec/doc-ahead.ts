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

/**
 * An answer's raw JSON as a pull hands it to ingest when it stayed with the thread that packed
 * the answer's document (offerDocHoldingRaw): ingest takes it from that document and from
 * nowhere else.
 */
export const RAW_IN_DOC: unique symbol = Symbol('raw JSON in the document packed ahead');

// Keyed by the answer's normalized object, the one ingest is handed (as positioning's verdicts
// made ahead are): a document goes away with its answer.
const offered = new WeakMap<object, PackedAhead>();

/** The parts of an answer's document, as ingest packs them (result-doc.ts's layout). */
export function resultDocParts(n: NormalizedResult, raw: unknown): ResultDoc {
  // Packing it again would store the symbol's absence as the answer's raw JSON.
  if (raw === RAW_IN_DOC) throw new Error("This answer's raw JSON is only in its document packed ahead");
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
 * Hands the ingest of this very answer object a document packed with its raw JSON, which did
 * not come along (a pull's read-ahead thread kept it): ingest then stores this document as it is.
 */
export function offerDocHoldingRaw(answer: NormalizedResult, doc: Uint8Array): void {
  // resultDocParts always gives a text, so a null raw JSON marks a document that holds it.
  offered.set(answer, { parts: { ...resultDocParts(answer, null), rawJson: null }, doc });
}

/**
 * The document packed ahead for this answer and its parts, if it was packed for this very answer
 * object and raw JSON: its parts are then what resultDocParts gives for them (the answer is not
 * changed once pulled), so ingest needs neither to build them again nor to compare them. With
 * RAW_IN_DOC as the raw JSON, the document offered holding it (offerDocHoldingRaw); throws if
 * there is none, since the raw JSON is nowhere else.
 */
export function docAhead(answer: object, raw: unknown): { parts: ResultDoc; doc: Buffer } | null {
  // Kept, not taken: a page applied again (a refused row) finds its documents again.
  const ahead = offered.get(answer);
  if (raw === RAW_IN_DOC) {
    if (ahead?.parts.rawJson !== null)
      throw new Error('An answer came without its raw JSON and without its document');
  } else if (ahead === undefined || typeof raw !== 'string' || ahead.parts.rawJson !== raw) return null;
  const { doc, parts } = ahead;
  return { parts, doc: Buffer.isBuffer(doc) ? doc : Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength) };
}
