import type Database from 'better-sqlite3';
import { CompressionError, compressBytes, decompressBytes } from './compress';

// A result's document (results.doc, schema version 10): its answer text, source titles,
// Markdown, raw JSON and search queries in ONE zstd frame. The texts are copies of parts of
// the raw JSON, so compressed together they cost almost nothing beside it: on the issue's
// 20,000-answer run the raw JSON alone compressed to 1.96 KB an answer and the parts together
// to 2.08 KB, where the texts had taken 1.66 KB more (answer text and titles as plain text, the
// Markdown in a frame of its own).
//
// Layout of the decompressed bytes: a header line of five UTF-8 byte lengths ("-" for a NULL
// Markdown or raw JSON), then the five parts one after the other:
//   "<text> <titles> <markdown|-> <raw|-> <queries>\n" text titles markdown raw queries
// Lengths rather than separators: an answer may hold any character, NUL included.
//
// SQL reads part n (0 to 4, in the layout's order) through doc_text(doc, n), which the
// generated columns answer_text, source_titles, markdown_text and search_queries_json of
// results call, so every reader and the search index (its external content) read them as
// before. Every connection the app opens registers it (registerStoreFunctions); a tool
// without it cannot read those columns or check the file.

export interface ResultDoc {
  text: string;
  sourceTitles: string;
  markdown: string | null;
  rawJson: string | null;
  /** The search queries the engine ran, as a JSON array of strings. */
  searchQueriesJson: string;
}

/** The characters of an answer's text kept plain beside its document (results.answer_head). */
export const HEAD_CHARS = 100;

/**
 * The first HEAD_CHARS characters of a text, counted as SQLite's substr() counts them (code
 * points), so substr(answer_head, 1, n) is substr(answer_text, 1, n) for every n <= HEAD_CHARS.
 */
export function headOf(text: string): string {
  let end = 0;
  for (let chars = 0; chars < HEAD_CHARS && end < text.length; chars++) {
    end += (text.codePointAt(end) as number) > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

/**
 * SQL for the first `chars` characters (a parameter or a number) of the answer text of the
 * results row aliased `alias`: from its plain head when that holds them, else from its text.
 */
export const excerptSql = (alias: string, chars: string): string =>
  `CASE WHEN ${alias}.doc IS NULL OR ${chars} <= ${HEAD_CHARS} THEN substr(${alias}.answer_head, 1, ${chars})
    ELSE substr(${alias}.answer_text, 1, ${chars}) END`;

const NEWLINE = 0x0a;

/**
 * The text as SQLite and the search index will hold it: a lone surrogate (invalid in UTF-8)
 * becomes U+FFFD, as Buffer and better-sqlite3 would each do on their own. Done once, here, so
 * the document and the text given to the search index are the same string.
 */
export const wellFormed = (text: string): string => (text.isWellFormed() ? text : text.toWellFormed());

/** doc_text's part number of the raw JSON. */
const RAW_PART = 3;

/** The document's parts in the layout's order (doc_text's part numbers). */
const partsOf = (doc: ResultDoc): Array<string | null> => [
  doc.text,
  doc.sourceTitles,
  doc.markdown,
  doc.rawJson,
  doc.searchQueriesJson,
];

/** The document's bytes (see the layout above), written into one buffer. */
function encodeDoc(doc: ResultDoc): Buffer {
  const parts = partsOf(doc);
  const lengths = parts.map((p) => (p === null ? -1 : Buffer.byteLength(p, 'utf8')));
  const header = `${lengths.map((n) => (n < 0 ? '-' : String(n))).join(' ')}\n`;
  const bytes = Buffer.allocUnsafe(lengths.reduce((sum, n) => sum + Math.max(n, 0), header.length));
  let at = bytes.write(header, 0, 'latin1');
  for (const part of parts) if (part !== null) at += bytes.write(part, at, 'utf8');
  return bytes;
}

/**
 * The zstd frame of a result's document. With verify (an upgrade replacing stored text) it is
 * decompressed and compared first; ingest skips that (see compress.ts).
 */
export function packDoc(doc: ResultDoc, { verify }: { verify: boolean }): Buffer {
  const bytes = encodeDoc(doc);
  return compressBytes(bytes, { verify });
}

/** Where each part lies in a decompressed document: [from, to) byte offsets, null for NULL. */
function partRanges(bytes: Buffer): Array<readonly [number, number] | null> {
  const end = bytes.indexOf(NEWLINE);
  const lengths = end < 0 ? [] : bytes.toString('latin1', 0, end).split(' ');
  if (lengths.length !== 5) throw new CompressionError('A stored answer document has no valid header');
  let at = end + 1;
  const ranges = lengths.map((length) => {
    if (length === '-') return null;
    const from = at;
    at += Number(length);
    return [from, at] as const;
  });
  if (at !== bytes.length)
    throw new CompressionError('A stored answer document is not the length its header says');
  return ranges;
}

const partText = (bytes: Buffer, range: readonly [number, number] | null): string | null =>
  range === null ? null : bytes.toString('utf8', range[0], range[1]);

export function unpackDoc(packed: Uint8Array): ResultDoc {
  const bytes = decompressBytes(packed);
  const [text, sourceTitles, markdown, rawJson, searchQueriesJson] = partRanges(bytes).map((r) =>
    partText(bytes, r),
  );
  return {
    text: text ?? '',
    sourceTitles: sourceTitles ?? '',
    markdown: markdown ?? null,
    rawJson: rawJson ?? null,
    searchQueriesJson: searchQueriesJson ?? '[]',
  };
}

/**
 * A connection's last document read by doc_text: its bytes, and each part decoded once asked
 * for (a list reading the text does not decode the 10 KB of raw JSON beside it).
 */
interface LastDoc {
  packed: Buffer | null;
  bytes: Buffer | null;
  ranges: Array<readonly [number, number] | null>;
  parts: Array<string | null | undefined>;
}
const lastDocs = new WeakMap<Database.Database, LastDoc>();

/**
 * Registers doc_text(doc, part) on a connection. A row's generated columns each call it, often
 * one after the other for the same document (an export reads the text, its excerpt and the
 * Markdown): the last document is kept, found again by comparing the bytes.
 */
export function registerDocText(db: Database.Database): void {
  const last: LastDoc = lastDocs.get(db) ?? { packed: null, bytes: null, ranges: [], parts: [] };
  lastDocs.set(db, last);
  db.function('doc_text', { deterministic: true }, (packed: unknown, part: unknown) =>
    docPart(last, packed, part),
  );
}

/**
 * Part `part` of a document through the connection's kept document (doc_text's): for SQL
 * functions of the store that need an answer's text the same row has just read, without it
 * being copied into SQLite and back (the JSON export's positioning, export-positioning.ts).
 */
export function keptDocPart(db: Database.Database, packed: unknown, part: unknown): string | null {
  const last = lastDocs.get(db);
  return last === undefined ? null : docPart(last, packed, part);
}

/** Part `part` of a document, from the connection's last document when it is the same one. */
function docPart(last: LastDoc, packed: unknown, part: unknown): string | null {
  // better-sqlite3 hands each call a Buffer of its own, so keeping it needs no copy.
  if (!Buffer.isBuffer(packed) || typeof part !== 'number') return null;
  if (last.packed === null || !last.packed.equals(packed)) {
    const bytes = decompressBytes(packed);
    last.ranges = partRanges(bytes);
    last.bytes = bytes;
    last.parts = [];
    last.packed = packed;
  }
  let text = last.parts[part];
  if (text === undefined) {
    // A document remembered without one of its parts (rememberDoc): decompressed once asked for.
    if (last.bytes === null && last.packed !== null) {
      last.bytes = decompressBytes(last.packed);
      last.ranges = partRanges(last.bytes);
    }
    if (last.bytes !== null) {
      text = partText(last.bytes, last.ranges[part] ?? null);
      last.parts[part] = text;
    }
  }
  return text ?? null;
}

/**
 * Tells the connection's doc_text the parts of a document about to be written. SQLite computes
 * a row's generated columns at every INSERT and UPDATE of it (even unread VIRTUAL ones), so
 * without this each stored answer would be decompressed again right after it was packed.
 */
export function rememberDoc(db: Database.Database, packed: Buffer, doc: ResultDoc): void {
  const last = lastDocs.get(db);
  if (last === undefined) return;
  last.packed = packed;
  last.bytes = null;
  last.parts = partsOf(doc);
  // Not the raw JSON: no generated column reads it, and a document packed ahead may hold one
  // this thread never had (doc-ahead.ts's RAW_IN_DOC). Read from the bytes if asked for.
  last.parts[RAW_PART] = undefined;
}

/**
 * A document's parts as UTF-8 bytes (views into one decompressed buffer; null for a NULL part),
 * for readers that pass text on as bytes (the analysis export writes them to SQLite and Parquet
 * without turning them into JS strings and back). `into`: space to decompress into (see
 * decompressBytes), so a caller that hands the bytes on at once allocates nothing per document.
 */
export function docPartBytes(packed: Uint8Array, into?: Buffer): Array<Buffer | null> {
  const bytes = decompressBytes(packed, into);
  return partRanges(bytes).map((r) => (r === null ? null : bytes.subarray(r[0], r[1])));
}
