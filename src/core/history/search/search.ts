import type { EngineName } from '../../../shared/api/engines';
import type { SearchHitView } from '../../../shared/ipc/channels/history';
import { stmt, pluck, type StoreContext } from '../connection';
import { expandPrefixes, mergesPrefix, toFtsQuery } from './fts-query';
import {
  ANSWER_COLUMN_INDEX,
  CLOSE,
  newestWithCount,
  OPEN,
  rowsWithSnippets,
  snippetSql,
  SOURCE_COLUMN_INDEX,
  type SearchScope,
  type SnippetPage,
  type SnippetStyle,
} from './search-rows';
import { registerSnippetFunctions, snippetTerms } from './search-snippet';
import { createIndexedWords } from './search-words';
import { countryFacet, dateRangeFacets, engineFacet, runFacet, stateFacet } from './search-facets';
import { findTagId } from '../library';

export interface SearchOptions {
  /** What the user typed (see toFtsQuery for the syntax). */
  query: string;
  /** Where to look: answer text and Markdown, source titles, or both (default; one hit per result). */
  scope?: SearchScope;
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

// FTS5 column filters: one table (answer_search) indexes the answer text, the source titles
// and the result's filter values (facets, see search-facets.ts). What the user typed is looked
// up in the first two only; the filters are terms of the facets column, so FTS5 intersects them
// with the words inside the index and a page stops after its last row, filtered or not. The
// answer's Markdown is not indexed: it holds the same words as the text.
const TEXT_COLUMNS = '{answer_text source_titles}';
const ANSWER_COLUMNS = '{answer_text}';
const SOURCE_COLUMNS = '{source_titles}';
const DAY_MS = 86_400_000;
/** The longest prefix answer_search indexes (prefix = '2 3', migration 009). */
const INDEXED_PREFIX_CHARS = 3;
/** A longer prefix starting more indexed words than this stays a prefix (see expandPrefixes). */
const MAX_PREFIX_WORDS = 32;

const quoted = (token: string): string => `"${token}"`;

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
  registerSnippetFunctions(db);
  const snippetsOf = stmt(
    db,
    `SELECT rowid AS seq, ${snippetSql({
      column: '@column',
      text: 'CASE @column WHEN 0 THEN answer_text ELSE source_titles END',
      open: '@open',
      close: '@close',
    })} AS snippet
     FROM answer_search
     WHERE answer_search MATCH @match AND rowid BETWEEN @lo AND @hi AND rowid IN (SELECT value FROM json_each(@seqs))`,
  );
  /**
   * Newest first inside a date window in the older part of the history, read oldest first.
   * FTS5 walks a long doclist backwards one entry at a time, but seeks forwards to the window's
   * day terms: for a window far below the newest answer, `ORDER BY rowid DESC` stepped back
   * through every newer match of a common word (a quarter of a second on a million answers), and
   * so did a rowid bound. The first pass counts (up to the cap) and says how dense the matches
   * are; the page then comes from the window's last days alone (their day terms, snippets
   * included), widened until it is full and no answer of the earlier days was stored after its
   * oldest row (storage order and dates may differ: `max(seq)` of those days on
   * results_by_fetched says).
   */
  function newestInWindow(
    from: string,
    params: Record<string, unknown>,
    window: { lo: number; hi: number },
    dates: { from: number; to: number; match: (from: number) => string },
    page: { limit: number; offset: number; cap: number },
    scope: SearchScope,
    style: SnippetStyle,
  ): SnippetPage & { counted: number } {
    // No rowid bound here: the date terms alone let FTS5 seek to the window.
    const first = pluck(db, `SELECT f.rowid ${from} LIMIT @cap`).all({
      ...params,
      cap: page.cap + 1,
    }) as number[];
    const need = page.offset + page.limit;
    const empty: SnippetPage = { seqs: [], answerSnippets: new Map(), sourceSnippets: new Map() };
    if (first.length === 0) return { ...empty, counted: 0 };
    const lastDay = Math.floor(dates.to / DAY_MS);
    const windowDays = lastDay - Math.floor(dates.from / DAY_MS) + 1;
    // Matches per day: all of them over the window, or the first pass's share of the window.
    const share =
      first.length <= page.cap ? 1 : (Math.max(...first) - window.lo + 1) / (window.hi - window.lo + 1);
    const perDay = first.length / Math.max(share * windowDays, 1);
    let days = Math.min(windowDays, Math.max(1, Math.ceil((need * 1.5) / perDay)));
    for (;;) {
      const chunkFrom = Math.max(dates.from, (lastDay - days + 1) * DAY_MS);
      const chunkParams = { ...params, match: dates.match(chunkFrom) };
      const seqs = (pluck(db, `SELECT f.rowid ${from}`).all(chunkParams) as number[]).sort((a, b) => b - a);
      const whole = chunkFrom <= dates.from;
      const oldest = seqs[need - 1];
      const later =
        oldest === undefined || whole
          ? null
          : (storedAfter.get({ from: dates.from, to: chunkFrom - 1 }) as number | null);
      if (whole || (oldest !== undefined && (later === null || later < oldest))) {
        const pageSeqs = seqs.slice(page.offset, need);
        if (pageSeqs.length === 0) return { ...empty, counted: first.length };
        // `+ 0`: a bound SQLite checks on each row the index hands over (FTS5 would walk its
        // doclists to it), so snippets are made for the page's rows alone.
        const rows = rowsWithSnippets(
          db,
          from,
          'AND f.rowid + 0 BETWEEN @pageLo AND @pageHi',
          { ...chunkParams, pageLo: pageSeqs.at(-1), pageHi: pageSeqs[0] },
          scope,
          style,
        );
        return { ...rows, seqs: pageSeqs, counted: first.length };
      }
      days = Math.min(windowDays, days * 2);
    }
  }

  const indexedWords = createIndexedWords(db, MAX_PREFIX_WORDS);

  const firstFetched = pluck(db, 'SELECT min(fetched_at) FROM results');
  const lastFetched = pluck(db, 'SELECT max(fetched_at) FROM results');
  // Two subqueries: SQLite reads min() or max() of the rowid from the b-tree's edge only when
  // a query asks for one of them (both at once scanned a million rows).
  // The newest answer stored among those fetched in a date range (on results_by_fetched).
  const storedAfter = pluck(db, 'SELECT max(seq) FROM results WHERE fetched_at BETWEEN @from AND @to');
  const seqBounds = stmt(
    db,
    'SELECT (SELECT min(seq) FROM results) AS lo, (SELECT max(seq) FROM results) AS hi',
  );
  // On results_by_fetched: the rowids of the answers fetched in a date range.
  const seqWindow = stmt(
    db,
    'SELECT min(seq) AS lo, max(seq) AS hi FROM results WHERE fetched_at BETWEEN @from AND @to',
  );

  /**
   * The rowids a date filter can match, when they sit closer to the oldest answer than to the
   * newest (read forwards, see newestInWindow); null otherwise or without a date filter.
   */
  function olderDateWindow(options: SearchOptions): { lo: number; hi: number } | null {
    if (options.from === undefined && options.to === undefined) return null;
    const window = seqWindow.get({
      from: options.from ?? Number.MIN_SAFE_INTEGER,
      to: options.to ?? Number.MAX_SAFE_INTEGER,
    }) as { lo: number | null; hi: number | null };
    const all = seqBounds.get() as { lo: number | null; hi: number | null };
    if (window.lo === null || window.hi === null || all.lo === null || all.hi === null) return null;
    return window.lo - all.lo < all.hi - window.hi ? { lo: window.lo, hi: window.hi } : null;
  }

  /** The FTS5 facet terms of the filters, and the checks the index cannot do exactly. */
  function facetFilter(options: SearchOptions): {
    terms: string[];
    exactDates: boolean;
    /** The terms other than the dates, and the date range (ms, inclusive) when there is one. */
    others: string[];
    dates: { from: number; to: number } | null;
  } | null {
    const terms: string[] = [];
    if (options.engine) terms.push(quoted(engineFacet(options.engine)));
    if (options.country) terms.push(quoted(countryFacet(options.country)));
    if (options.state) terms.push(quoted(stateFacet(options.state)));
    if (options.runId) terms.push(quoted(runFacet(options.runId)));
    let exactDates = true;
    const others = [...terms];
    let dates: { from: number; to: number } | null = null;
    if (options.from !== undefined || options.to !== undefined) {
      const from = options.from ?? (firstFetched.get() as number | null);
      const to = options.to ?? (lastFetched.get() as number | null);
      if (from === null || to === null) return null;
      const days = dateRangeFacets(from, to);
      if (days.length === 0) return null;
      terms.push(`(${days.map(quoted).join(' OR ')})`);
      // Whole UTC days are exact in the index; a bound inside a day is checked on the row.
      exactDates = from % DAY_MS === 0 && (to + 1) % DAY_MS === 0;
      dates = { from, to };
    }
    return { terms, exactDates, others, dates };
  }

  function snippets(
    seqs: readonly number[],
    match: string,
    column: number,
    style: { open: string; close: string; tokens: number },
    terms: string,
  ): Map<number, string> {
    if (seqs.length === 0) return new Map();
    const rows = snippetsOf.all({
      ...style,
      column,
      match,
      terms,
      lo: Math.min(...seqs),
      hi: Math.max(...seqs),
      seqs: JSON.stringify(seqs),
    }) as Array<{ seq: number; snippet: string }>;
    return new Map(rows.map((r) => [r.seq, r.snippet]));
  }

  return {
    search(options) {
      const typedQuery = toFtsQuery(options.query);
      const empty: SearchPage = { hits: [], total: 0, totalCapped: false };
      if (typedQuery === null) return empty;
      const query = expandPrefixes(typedQuery, INDEXED_PREFIX_CHARS, indexedWords);
      const scope = options.scope ?? 'all';
      const answersOnly = `${ANSWER_COLUMNS} : (${query})`;
      const sourcesOnly = `${SOURCE_COLUMNS} : (${query})`;
      const typed =
        scope === 'answers'
          ? answersOnly
          : scope === 'sources'
            ? sourcesOnly
            : `${TEXT_COLUMNS} : (${query})`;
      const facets = facetFilter(options);
      if (facets === null) return empty;
      const match = facets.terms.length ? `${typed} AND {facets} : (${facets.terms.join(' AND ')})` : typed;

      const params: Record<string, unknown> = { match, terms: JSON.stringify(snippetTerms(options.query)) };
      // Checked on the candidate rows the index gives: a date bound inside a day, and tags
      // (which change after the answer is stored, so they are not facets).
      const checks: string[] = [];
      if (!facets.exactDates) {
        checks.push('r.fetched_at BETWEEN @from AND @to');
        params.from = options.from ?? Number.MIN_SAFE_INTEGER;
        params.to = options.to ?? Number.MAX_SAFE_INTEGER;
      }
      if (options.tag !== undefined) {
        const tagId = findTagId(db, options.tag);
        if (tagId === null) return empty;
        checks.push(`EXISTS (SELECT 1 FROM jobs j WHERE j.id = r.job_id AND (
          EXISTS (SELECT 1 FROM run_tags rt WHERE rt.run_id = j.run_id AND rt.tag_id = @tagId)
          OR EXISTS (SELECT 1 FROM run_prompts rp JOIN prompt_tags pt ON pt.prompt_id = rp.prompt_id
                     WHERE rp.run_id = j.run_id AND rp.idx = j.prompt_index AND pt.tag_id = @tagId)))`);
        params.tagId = tagId;
      }
      const joins = checks.length ? 'CROSS JOIN results r ON r.seq = f.rowid' : '';
      const where = `WHERE answer_search MATCH @match ${checks.length ? `AND ${checks.join(' AND ')}` : ''}`;
      const from = `FROM answer_search f ${joins} ${where}`;
      const order = options.order === 'relevance' ? 'ORDER BY f.rank, f.rowid DESC' : 'ORDER BY f.rowid DESC';

      const countLimit = Math.max(1, options.countLimit ?? 1000);
      const countMatches = (): number =>
        (
          stmt(db, `SELECT count(*) AS n FROM (SELECT 1 ${from} LIMIT @cap)`).get({
            ...params,
            cap: countLimit + 1,
          }) as { n: number }
        ).n;
      const page = { ...params, limit: options.limit ?? 50, offset: options.offset ?? 0 };
      const style = {
        open: options.markers?.open ?? OPEN,
        close: options.markers?.close ?? CLOSE,
        tokens: Math.min(64, Math.max(1, options.snippetTokens ?? 16)),
      };
      let seqs: number[];
      let answerSnippets: Map<number, string>;
      let sourceSnippets: Map<number, string>;
      let counted: number;
      const window = options.order === 'relevance' ? null : olderDateWindow(options);
      if (options.order === 'relevance') {
        // Ranked: every match is scored and sorted, so snippets are made after, for the page only.
        counted = countMatches();
        seqs = pluck(db, `SELECT f.rowid ${from} ${order} LIMIT @limit OFFSET @offset`).all(page) as number[];
        answerSnippets =
          scope === 'sources'
            ? new Map()
            : snippets(seqs, answersOnly, ANSWER_COLUMN_INDEX, style, params.terms as string);
        sourceSnippets = snippets(
          seqs.filter((seq) => !answerSnippets.has(seq)),
          sourcesOnly,
          SOURCE_COLUMN_INDEX,
          style,
          params.terms as string,
        );
      } else if (window && facets.dates) {
        const { others } = facets;
        const dayTerms = (dayFrom: number): string =>
          `(${dateRangeFacets(dayFrom, facets.dates!.to).map(quoted).join(' OR ')})`;
        ({ seqs, answerSnippets, sourceSnippets, counted } = newestInWindow(
          from,
          params,
          window,
          {
            ...facets.dates,
            match: (dayFrom) => `${typed} AND {facets} : (${[...others, dayTerms(dayFrom)].join(' AND ')})`,
          },
          { limit: page.limit, offset: page.offset, cap: countLimit },
          scope,
          style,
        ));
      } else if (mergesPrefix(query, INDEXED_PREFIX_CHARS)) {
        // Newest first, the MATCH evaluated once: the index hands rows over in order and stops
        // at the count's cap.
        ({ seqs, answerSnippets, sourceSnippets, counted } = newestWithCount(
          db,
          from,
          params,
          { limit: page.limit, offset: page.offset, cap: countLimit },
          scope,
          style,
        ));
      } else {
        // Newest first: the index hands rows over in order and stops at the page's end, so the
        // snippets are computed in the same statement for those rows alone.
        ({ seqs, answerSnippets, sourceSnippets } = rowsWithSnippets(
          db,
          from,
          `${order} LIMIT @limit OFFSET @offset`,
          page,
          scope,
          style,
        ));
        // A page that ends short holds every match from the offset on: no count to run. The
        // count reads forwards (no ORDER BY), where FTS5 can seek through long doclists: a rare
        // phrase of common words is counted faster than in the page's order.
        counted = seqs.length > 0 && seqs.length < page.limit ? page.offset + seqs.length : countMatches();
      }
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
