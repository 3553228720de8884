import type { EngineName } from '../../shared/api/engines';
import type { SearchHitView } from '../../shared/ipc/channels/history';
import type { StoreContext } from './context';
import { toFtsQuery } from './fts-query';
import { findTagId } from './tags';

export interface SearchOptions {
  /** What the user typed (see toFtsQuery for the syntax). */
  query: string;
  /** Where to look: answer text and Markdown, source titles, or both (one hit per result, the answer first). */
  scope?: 'all' | 'answers' | 'sources';
  engine?: EngineName;
  country?: string;
  state?: string;
  runId?: string;
  /** A tag of the run, or of the saved prompt the job asked. */
  tag?: string;
  /** fetched_at bounds, inclusive, ms. */
  from?: number;
  to?: number;
  /** relevance: FTS5 bm25 rank; newest: fetched_at descending. */
  order?: 'relevance' | 'newest';
  limit?: number;
  offset?: number;
  /** Markers around each match in the snippet; default \u0002 … \u0003 (split on them, never parse as HTML). */
  markers?: { open: string; close: string };
  /** Tokens of context in a snippet (1–64). */
  snippetTokens?: number;
}

export interface SearchHit extends SearchHitView {
  jobId: string;
  repeat: number;
}

export interface SearchApi {
  search(options: SearchOptions): { hits: SearchHit[]; total: number };
}

interface HitRow {
  seq: number;
  matched_in: 'answer' | 'source';
  source_id: number | null;
}

export function createSearchApi(ctx: StoreContext): SearchApi {
  const { db } = ctx;
  const resultInfo =
    db.prepare(`SELECT r.id AS result_id, r.job_id, r.fetched_at, j.run_id, j.engine, j.country,
      j.us_state, j.repeat, p.text AS prompt
    FROM results r JOIN jobs j ON j.id = r.job_id JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
    WHERE r.seq = ?`);

  return {
    search(options) {
      const match = toFtsQuery(options.query);
      if (match === null) return { hits: [], total: 0 };
      const scope = options.scope ?? 'all';
      const params: Record<string, unknown> = { match };
      const filters: string[] = [];
      if (options.engine) {
        filters.push('j.engine = @engine');
        params.engine = options.engine;
      }
      if (options.country) {
        filters.push('j.country = @country');
        params.country = options.country;
      }
      if (options.state) {
        filters.push('j.us_state = @state');
        params.state = options.state;
      }
      if (options.runId) {
        filters.push('j.run_id = @runId');
        params.runId = options.runId;
      }
      if (options.from !== undefined) {
        filters.push('r.fetched_at >= @from');
        params.from = options.from;
      }
      if (options.to !== undefined) {
        filters.push('r.fetched_at <= @to');
        params.to = options.to;
      }
      if (options.tag !== undefined) {
        const tagId = findTagId(db, options.tag);
        if (tagId === null) return { hits: [], total: 0 };
        filters.push(`(EXISTS (SELECT 1 FROM run_tags rt WHERE rt.run_id = j.run_id AND rt.tag_id = @tagId)
          OR EXISTS (SELECT 1 FROM run_prompts rp JOIN prompt_tags pt ON pt.prompt_id = rp.prompt_id
                     WHERE rp.run_id = j.run_id AND rp.idx = j.prompt_index AND pt.tag_id = @tagId))`);
        params.tagId = tagId;
      }

      // Candidates: the FTS matches (with their bm25 rank), one row per result. A result whose
      // answer matched is not listed again for its sources.
      const answerHits = `SELECT rowid AS seq, 'answer' AS matched_in, NULL AS source_id, rank AS score
        FROM answer_fts WHERE answer_fts MATCH @match`;
      const sourceHits = `SELECT s.result_seq AS seq, 'source' AS matched_in, s.id AS source_id, min(f.rank) AS score
        FROM source_fts f JOIN sources s ON s.id = f.rowid WHERE source_fts MATCH @match
        ${scope === 'all' ? 'AND s.result_seq NOT IN (SELECT rowid FROM answer_fts WHERE answer_fts MATCH @match)' : ''}
        GROUP BY s.result_seq`;
      const candidates =
        scope === 'answers'
          ? answerHits
          : scope === 'sources'
            ? sourceHits
            : `${answerHits} UNION ALL ${sourceHits}`;
      const from = `FROM (${candidates}) h JOIN results r ON r.seq = h.seq JOIN jobs j ON j.id = r.job_id
        ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''}`;
      const order = options.order === 'newest' ? 'r.fetched_at DESC, r.seq DESC' : 'h.score, r.seq DESC';

      const total = (db.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
      const rows = db
        .prepare(
          `SELECT h.seq, h.matched_in, h.source_id ${from} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
        )
        .all({ ...params, limit: options.limit ?? 50, offset: options.offset ?? 0 }) as HitRow[];

      // Snippets only for the page: snippet() is costly and would otherwise run for every match.
      const open = options.markers?.open ?? '\u0002';
      const close = options.markers?.close ?? '\u0003';
      const tokens = Math.min(64, Math.max(1, options.snippetTokens ?? 16));
      // CAST: better-sqlite3 binds JS numbers as REAL, and FTS5 ignores a REAL rowid constraint
      // combined with MATCH (it would return the first match instead of this row).
      const answerSnippet = db
        .prepare(
          `SELECT snippet(answer_fts, -1, ?, ?, '\u2026', ?) FROM answer_fts WHERE answer_fts MATCH ? AND rowid = CAST(? AS INTEGER)`,
        )
        .pluck();
      const sourceSnippet = db
        .prepare(
          `SELECT snippet(source_fts, 0, ?, ?, '\u2026', ?) FROM source_fts WHERE source_fts MATCH ? AND rowid = CAST(? AS INTEGER)`,
        )
        .pluck();

      const hits = rows.map((row): SearchHit => {
        const info = resultInfo.get(row.seq) as {
          result_id: string;
          job_id: string;
          fetched_at: number;
          run_id: string;
          engine: EngineName;
          country: string;
          us_state: string | null;
          repeat: number;
          prompt: string;
        };
        const snippet =
          row.matched_in === 'answer'
            ? answerSnippet.get(open, close, tokens, match, row.seq)
            : sourceSnippet.get(open, close, tokens, match, row.source_id);
        return {
          resultId: info.result_id,
          jobId: info.job_id,
          runId: info.run_id,
          engine: info.engine,
          country: info.country,
          state: info.us_state,
          repeat: info.repeat,
          prompt: info.prompt,
          fetchedAt: info.fetched_at,
          snippet: (snippet as string | undefined) ?? '',
          matchedIn: row.matched_in,
        };
      });
      return { hits, total };
    },
  };
}
