import Database from 'better-sqlite3';
import { compressText, unpackDoc, registerStoreFunctions } from '../../src/core/history/codec';

/**
 * A copy of a history with every answer unpacked from its document (results.doc) back into the
 * columns rows from before version 10 keep until the upgrade packs them: text and titles as
 * plain text, Markdown as text (as files kept it before they were compacted), raw JSON in
 * result_docs. Returns how many answers it moved that have a Markdown.
 */
export async function copyWithTextMarkdown(source: string, copy: string): Promise<number> {
  const from = new Database(source, { readonly: true });
  await from.backup(copy);
  from.close();
  const db = new Database(copy);
  registerStoreFunctions(db);
  try {
    const packed = db.prepare('SELECT seq, doc FROM results WHERE doc IS NOT NULL').all() as Array<{
      seq: number;
      doc: Buffer;
    }>;
    // The texts stay the same, so the search index's update trigger leaves the index alone.
    const unpack = db.prepare(
      `UPDATE results SET doc = NULL, answer_head = ?, source_titles_plain = ?, search_queries_plain = ?, answer_markdown = ?,
         markdown_zstd = NULL WHERE seq = ?`,
    );
    const raw = db.prepare('INSERT INTO result_docs (result_seq, raw_zstd) VALUES (?, ?)');
    let withMarkdown = 0;
    db.transaction(() => {
      for (const row of packed) {
        const doc = unpackDoc(row.doc);
        unpack.run(doc.text, doc.sourceTitles, doc.searchQueriesJson, doc.markdown, row.seq);
        if (doc.rawJson !== null) raw.run(row.seq, compressText(doc.rawJson));
        if (doc.markdown !== null) withMarkdown += 1;
      }
    })();
    return withMarkdown;
  } finally {
    db.close();
  }
}
