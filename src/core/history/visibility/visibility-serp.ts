import type Database from 'better-sqlite3';
import { mentionSource, type MentionText } from '../../../shared/analytics';
import type { NormalizedSource, SourceKind } from '../../../shared/domain/result';
import { pluck, stmt } from '../connection';
import { addBrandRollups, storedBrandHits, type BrandState } from './visibility-brands';
import {
  readReanalysisJob,
  recordFullReanalysis,
  TEXTLESS_SQL,
  writeReanalysisJob,
  type DomainRef,
} from './visibility-reanalysis';
import type { RollupKey, RollupWriter } from './visibility-rollups';

// Search results without text (web search without an AI overview, news search) are read by
// their result lists' titles and snippets (shared/analytics/mention-text.ts). Stored answers
// are read back here for the re-analysis, and histories indexed before that rule get a
// re-analysis of those answers only (recordTextlessReanalysis, run by the upgrade).

/** A stored answer's mention text: its own, or its organic and news results' titles and snippets. */
export function storedMentionSource(db: Database.Database, seq: number, text: string): MentionText {
  if (/\S/u.test(text)) return { text, lines: null };
  const rows = stmt(
    db,
    `SELECT kind, position, title, snippet FROM sources
     WHERE result_seq = ? AND kind IN ('organic', 'news')`,
  ).all(seq) as Array<{ kind: SourceKind; position: number; title: string | null; snippet: string | null }>;
  const sources: NormalizedSource[] = rows.map((r) => ({
    ...r,
    url: '',
    domain: '',
    redirectLink: null,
    datePublished: null,
  }));
  return mentionSource({ text, sources });
}

/** Takes an answer's brand rows out of the roll-ups and drops them, before it is analysed again. */
export function replaceBrandRows(
  db: Database.Database,
  rollups: RollupWriter,
  state: BrandState,
  row: RollupKey & { seq: number },
  domains: readonly DomainRef[],
): void {
  const hits = storedBrandHits(db, state, row.seq);
  if (hits.length === 0) return;
  const domainKeys = domains.map((d) => d.domain);
  addBrandRollups(rollups, state, row, hits, domainKeys, -1);
  stmt(db, 'DELETE FROM vis_result_brand WHERE seq = ?').run(row.seq);
}

/**
 * Records the re-analysis of the stored answers without text, so their brands are found in
 * their result lists (the app runs it in the background, `parallax visibility` finishes it;
 * the numbers say "partial" meanwhile). A brand change's job already under way has analysed
 * some of them the old way: it starts again from the first answer instead.
 */
export function recordTextlessReanalysis(db: Database.Database): void {
  if ((pluck(db, 'SELECT count(*) FROM brands').get() as number) === 0) return;
  const pending = readReanalysisJob(db);
  if (pending !== null && pending.textless !== true) return recordFullReanalysis(db);
  const found = stmt(
    db,
    `SELECT count(*) AS n, max(v.seq) AS upTo FROM vis_result v JOIN results r ON r.seq = v.seq
     WHERE ${TEXTLESS_SQL}`,
  ).get() as { n: number; upTo: number | null };
  if (found.n === 0 || found.upTo === null) return;
  writeReanalysisJob(db, { after: 0, upTo: found.upTo, done: 0, total: found.n, textless: true });
}
