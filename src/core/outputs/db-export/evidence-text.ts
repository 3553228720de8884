import type Database from 'better-sqlite3';
import { keptDocPart } from '../../history';

// The positioning table's evidence text: the history keeps a piece of evidence as UTF-16
// offsets into the text the judge read (the answer's Markdown or its plain text), not the text
// itself, so the export cuts it from the answer's document. A JS function, as the run exports
// do (store/exports/export-positioning.ts): SQLite's substr counts code points, not UTF-16 units,
// and the connection's kept document (doc_text's) decompresses each answer once for all its
// brands' rows, which come in answer order.

/** The SQL function's name on the export's reading connection. */
export const EVIDENCE_TEXT_FN = 'export_evidence_text';

/**
 * Registers export_evidence_text(doc, part, text, start, end) on a reader's connection: the text
 * from `start` to `end` of part `part` of the answer's document `doc`, or of `text` for an
 * answer stored before documents (doc NULL); NULL without offsets.
 */
export function registerEvidenceText(db: Database.Database): void {
  db.function(EVIDENCE_TEXT_FN, { deterministic: true }, (doc, part, text, start, end) => {
    if (typeof start !== 'number' || typeof end !== 'number') return null;
    const source = typeof text === 'string' ? text : keptDocPart(db, doc, part);
    return source === null ? null : source.slice(start, end);
  });
}
