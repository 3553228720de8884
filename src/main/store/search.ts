import type { EngineName } from '../../shared/api/engines';
import type { SearchHitView } from '../../shared/ipc/channels/history';
import type { StoreContext } from './context';
import { toFtsQuery } from './fts-query';
import { findTagId } from './tags';
import { stmt, pluck } from './statements';

export interface SearchOptions {
  /** What the user typed (see toFtsQuery for the syntax). */
  query: string;
  /** Where to look: answer text and Markdown, source titles, or both (default; one hit per result). */
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
  /**
   * newest (default): most recently stored first — answered from the index order, so a
   * page costs the same however many answers match. relevance: FTS5 bm25, which has to score
   * every match (slower for very common words).
   */
  order?: 'newest' | 'relevance';
  limit?: number;
  offset?: number;
  /** Matches are counted up to this number (default 1000); see totalCapped. */
  countLimit?: number;
  /** Markers around each match in the snippet; default \u0002 … \u0003 (split on them, never parse as HTML). */
  markers?: { open: string; close: string };
  /** Tokens of context in a snippet (1–64, default 16). */
  snippetTokens?: number;
}

export interface SearchHit extends SearchHitView {
  jobId: string;
  repeat: number;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Matching results, counted up to countLimit. */
  total: number;
  /** true when there are more matches than total (show "1,000+"). */
  totalCapped: boolean;
}

export interface SearchApi {
  search(options: SearchOptions): SearchPage;
}

// FTS5 column filters: one table indexes the answer text and the source titles. The
// answer's Markdown is not indexed: it holds the same words as the text, and indexing it
// twice doubled the cost of storing each result.
const ANSWER_COLUMNS = '{answer_text}';
const SOURCE_COLUMNS = '{source_titles}';
const ANSWER_COLUMN_INDEX = 0;
const SOURCE_COLUMN_INDEX = 1;

export function createSearchApi(ctx: StoreContext): SearchApi {
  const { db } = ctx;
  const resultInfo = stmt(
    db,
    `SELECT r.id AS result_id, r.job_id, r.fetched_at, j.run_id, j.engine, j.country,
      j.us_state, j.repeat, p.text AS prompt
    FROM results r JOIN jobs j ON j.id = r.job_id JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
    WHERE r.seq = ?`,
  );
  // Snippets for a whole page in one statement: the MATCH (and any prefix expansion) is
  // evaluated once. The rowid range lets FTS5 seek; the IN list keeps only the page's rows,
  // so snippet() runs for those alone.
  const snippetsOf = stmt(
    db,
    `SELECT rowid AS seq, snippet(answer_fts, @column, @open, @close, '\u2026', @tokens) AS snippet FROM answer_fts
     WHERE answer_fts MATCH @match AND rowid BETWEEN @lo AND @hi AND rowid IN (SELECT value FROM json_each(@seqs))`,
  );
  function snippets(
    seqs: readonly number[],
    match: string,
    column: number,
    style: { open: string; close: string; tokens: number },
  ): Map<number, string> {
    if (seqs.length === 0) return new Map();
    const rows = snippetsOf.all({
      ...style,
      column,
      match,
      lo: Math.min(...seqs),
      hi: Math.max(...seqs),
      seqs: JSON.stringify(seqs),
    }) as Array<{ seq: number; snippet: string }>;
    return new Map(rows.map((r) => [r.seq, r.snippet]));
  }

  return {
    search(options) {
      const query = toFtsQuery(options.query);
      const empty: SearchPage = { hits: [], total: 0, totalCapped: false };
      if (query === null) return empty;
      const scope = options.scope ?? 'all';
      const answersOnly = `${ANSWER_COLUMNS} : (${query})`;
      const sourcesOnly = `${SOURCE_COLUMNS} : (${query})`;
      const match = scope === 'answers' ? answersOnly : scope === 'sources' ? sourcesOnly : query;

      const params: Record<string, unknown> = { match };
      const filters: string[] = [];
      let needsJob = false;
      if (options.engine) {
        filters.push('j.engine = @engine');
        params.engine = options.engine;
        needsJob = true;
      }
      if (options.country) {
        filters.push('j.country = @country');
        params.country = options.country;
        needsJob = true;
      }
      if (options.state) {
        filters.push('j.us_state = @state');
        params.state = options.state;
        needsJob = true;
      }
      if (options.runId) {
        filters.push('j.run_id = @runId');
        params.runId = options.runId;
        needsJob = true;
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
        if (tagId === null) return empty;
        filters.push(`(EXISTS (SELECT 1 FROM run_tags rt WHERE rt.run_id = j.run_id AND rt.tag_id = @tagId)
          OR EXISTS (SELECT 1 FROM run_prompts rp JOIN prompt_tags pt ON pt.prompt_id = rp.prompt_id
                     WHERE rp.run_id = j.run_id AND rp.idx = j.prompt_index AND pt.tag_id = @tagId))`);
        params.tagId = tagId;
        needsJob = true;
      }
      // The FTS table drives the loop; results and jobs are joined only when a filter needs them.
      const joins = filters.length
        ? `JOIN results r ON r.seq = f.rowid ${needsJob ? 'JOIN jobs j ON j.id = r.job_id' : ''}`
        : '';
      const where = `WHERE answer_fts MATCH @match ${filters.length ? `AND ${filters.join(' AND ')}` : ''}`;
      const from = `FROM answer_fts f ${joins} ${where}`;
      const order = options.order === 'relevance' ? 'ORDER BY f.rank, f.rowid DESC' : 'ORDER BY f.rowid DESC';

      const countLimit = Math.max(1, options.countLimit ?? 1000);
      const counted = (
        stmt(db, `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT @cap)`).get({
          ...params,
          cap: countLimit + 1,
        }) as {
          n: number;
        }
      ).n;
      const seqs = pluck(db, `SELECT f.rowid ${from} ${order} LIMIT @limit OFFSET @offset`).all({
        ...params,
        limit: options.limit ?? 50,
        offset: options.offset ?? 0,
      }) as number[];

      // Snippets only for the page (snippet() re-reads and re-tokenizes the text).
      const style = {
        open: options.markers?.open ?? '\u0002',
        close: options.markers?.close ?? '\u0003',
        tokens: Math.min(64, Math.max(1, options.snippetTokens ?? 16)),
      };
      const answerSnippets =
        scope === 'sources'
          ? new Map<number, string>()
          : snippets(seqs, answersOnly, ANSWER_COLUMN_INDEX, style);
      const sourceSnippets = snippets(
        seqs.filter((seq) => !answerSnippets.has(seq)),
        sourcesOnly,
        SOURCE_COLUMN_INDEX,
        style,
      );
      const hits = seqs.map((seq): SearchHit => {
        const info = resultInfo.get(seq) as {
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
        const answerSnippet = answerSnippets.get(seq);
        const matchedIn = answerSnippet !== undefined ? 'answer' : 'source';
        const snippet = answerSnippet ?? sourceSnippets.get(seq);
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
          snippet: snippet ?? '',
          matchedIn,
        };
      });
      return { hits, total: Math.min(counted, countLimit), totalCapped: counted > countLimit };
    },
  };
}
