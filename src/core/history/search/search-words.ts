import type Database from 'better-sqlite3';
import { pluck } from '../connection';

/**
 * The indexed words of answer_search a prefix starts (lower case ASCII, as the index holds its
 * tokens), in order, or null when there are more than `max`: expandPrefixes (fts-query.ts)
 * turns such a prefix into the OR of its words. They are read from an fts5vocab table over
 * answer_search, made in the connection's temporary schema at the first call (a read-only
 * connection may too). The vocabulary counts a word's documents as it lists it, one pass over
 * its doclist without keeping it: on a million answers `runni*` (one word, `running`) took
 * 0.15 s so in a new process, against 0.3-0.45 s as a prefix FTS5 merges in memory.
 */
export function createIndexedWords(db: Database.Database, max: number): (prefix: string) => string[] | null {
  let made = false;
  return (prefix) => {
    if (!made) {
      db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.answer_search_words
        USING fts5vocab(main, answer_search, 'row')`);
      made = true;
    }
    // The first string after every word the prefix starts: its last character's next code.
    const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
    const words = pluck(
      db,
      'SELECT term FROM temp.answer_search_words WHERE term >= ? AND term < ? LIMIT ?',
    ).all(prefix, after, max + 1) as string[];
    return words.length > max ? null : words;
  };
}
