import Database from 'better-sqlite3';
import { zstdDecompressSync } from 'node:zlib';

/**
 * A copy of a history with every answer's Markdown moved back from its zstd column to the text
 * column, as files kept it before they were compacted; `dropColumn` also removes the compressed
 * column, as files from before schema version 7 have none. Returns how many answers it moved.
 */
export async function copyWithTextMarkdown(
  source: string,
  copy: string,
  { dropColumn = false }: { dropColumn?: boolean } = {},
): Promise<number> {
  const from = new Database(source, { readonly: true });
  await from.backup(copy);
  from.close();
  const db = new Database(copy);
  try {
    const packed = db
      .prepare('SELECT seq, markdown_zstd FROM results WHERE markdown_zstd IS NOT NULL')
      .all() as Array<{ seq: number; markdown_zstd: Buffer }>;
    const unpack = db.prepare('UPDATE results SET answer_markdown = ?, markdown_zstd = NULL WHERE seq = ?');
    db.transaction(() => {
      for (const row of packed) unpack.run(zstdDecompressSync(row.markdown_zstd).toString('utf8'), row.seq);
    })();
    if (dropColumn) db.exec('ALTER TABLE results DROP COLUMN markdown_zstd');
    return packed.length;
  } finally {
    db.close();
  }
}
