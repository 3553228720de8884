import type Database from 'better-sqlite3';
import { mentionSource } from '../../../shared/analytics';
import type { NormalizedResult, NormalizedSource, SourceKind } from '../../../shared/domain/result';
import { parseStringArray, multiRowSql, pluck, stmt } from '../connection';
import {
  addBrandRollups,
  analyseBrands,
  brandsVersion,
  loadBrandState,
  storedBrandHits,
  writeBrandRows,
  type BrandHit,
  type BrandState,
} from './visibility-brands';
import { brandHitsAhead } from './visibility-ahead';
import { createReanalysisJob, type ReanalysisJob } from './visibility-reanalysis';
import {
  boundedSet,
  JOB_CELL_SQL,
  keysOf,
  MAX_ROWS,
  type JobCellRow,
  type KeyTable,
} from './visibility-keys';
import { replaceBrandRows, storedMentionSource } from './visibility-serp';
import { citedOf, sourceSummary, type CitedUrl, type SourceSummary } from './source-summary';
import { keyIdSql, keyLevelsOf, QUERY_KEYS, URL_KEYS } from './key-levels';

export { hostKey, SOURCE_KIND_BITS } from './source-summary';
import { clearTables, RollupWriter, rollupTables, type RollupKey } from './visibility-rollups';

// Keeps the Visibility tables (migration 002) in step with the results: per-result rows and
// the roll-ups at every level. Called inside the store's own transactions (ingest, run and
// brand changes, the migration), never on its own. Roll-up changes are summed in memory per
// call and written once per touched row (RollupWriter).

export const DAY_MS = 86_400_000;

/** The part of a result the index reads. */
export type IndexedContent = Pick<NormalizedResult, 'text' | 'sources' | 'searchQueries'>;

/**
 * The indexer serves batches: the calls of one of the store's transactions, ended by flush()
 * (or reset() after a rollback). Within a batch it reads the brands version and whether a
 * re-analysis is pending once, not per result: only the store's own transactions change them,
 * and a brand change ends the batch (reanalyseBrands).
 */
export interface VisibilityIndexer {
  /**
   * Adds the rows of a freshly stored result (a replaced result is unindexed first); returns
   * the cell it counts in (as written to vis_result).
   */
  indexResult(
    seq: number,
    jobId: string,
    fetchedAt: number,
    content: IndexedContent,
    job?: JobCellRow,
  ): RollupKey;
  /**
   * The ids of the batch's cited URLs (vis_urls), stored first when new, by URL: ingest numbers
   * them before the sources' texts, which are kept by these ids (source_texts.url_id).
   * indexResult then finds them in the connection's cache.
   */
  urlIdsOf(contents: readonly IndexedContent[]): Map<string, number>;
  /** Takes a stored result out of the roll-ups and drops its rows (before its sources are replaced). */
  unindexResult(seq: number): void;
  /** Takes every result of these runs out of the roll-ups: required before deleting runs. */
  unindexRuns(runIds: readonly string[]): void;
  /** Writes the summed roll-up changes; the store calls it before its transaction commits. */
  flush(): void;
  /**
   * Brands changed: clears every brand-derived row and roll-up and records a re-analysis of
   * the stored answers (see visibility-reanalysis.ts), whose first batch runs at once.
   */
  reanalyseBrands(): void;
  /** The recorded re-analysis: its progress, and one more batch of it. */
  readonly reanalysis: ReanalysisJob;
  /** Every table from scratch, for every stored result, brands included (the migration). */
  rebuildAll(): void;
  /** Forgets pending changes and cached keys after a rolled-back transaction. */
  reset(): void;
}

function answerHits(state: BrandState, content: IndexedContent): BrandHit[] {
  const mention = mentionSource(content);
  return analyseBrands(state, mention.text, content.sources, mention.lines);
}

export function locationKey(country: string, state: string | null): string {
  return state ? `US-${state}` : country;
}

const PAGE = 2000;

export function createVisibilityIndexer(db: Database.Database): VisibilityIndexer {
  const jobCell = stmt(db, JOB_CELL_SQL);
  const insertResult = stmt(
    db,
    'INSERT INTO vis_result (seq, day, run, engine, loc, prompt) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // A result's cited domains and new URLs are written with one multi-row statement each (a
  // statement run has a fixed cost; an answer cites about ten of each).
  const insertDomains = (rows: number) =>
    stmt(db, multiRowSql('INSERT OR FAIL INTO vis_result_domain (seq, domain, best)', '(?, ?, ?)', rows));
  // Without RETURNING: a RETURNING clause buffers its rows and cost about a third of this
  // statement (11.7 against 8.3 µs a URL, batches of 264 in a transaction). Only values found in
  // neither level of keys are inserted (key-levels.ts); any broken row fails the batch (OR FAIL).
  const insertUrls = (rows: number) =>
    stmt(db, multiRowSql('INSERT OR FAIL INTO vis_urls (domain, url, title)', '(?, ?, ?)', rows));
  // Search queries as URLs: the new ones numbered by one statement, a result's rows in one.
  const insertQueries = (rows: number) =>
    stmt(db, multiRowSql('INSERT OR FAIL INTO vis_queries (query)', '(?)', rows));
  const insertResultQueries = (rows: number) =>
    stmt(db, multiRowSql('INSERT OR FAIL INTO vis_result_query (seq, query)', '(?, ?)', rows));

  const runIds = new Map<string, number>();
  const domainIds = new Map<string, { id: number; kinds: number }>();
  const urlIds = new Map<string, number>();
  const queryIds = new Map<string, number>();
  let brands: BrandState | null = null;
  const rollups = new RollupWriter(db);

  const reanalysis = createReanalysisJob(db, {
    brandState,
    forgetBrands: () => (brands = null),
    analyse(state, row, domains, replace) {
      if (replace) replaceBrandRows(db, rollups, state, row, domains);
      // One source per cited domain is all citation matching needs.
      const sources: NormalizedSource[] = domains.map((d, i) => ({
        position: i + 1,
        kind: 'cited',
        url: `https://${d.host}/`,
        domain: d.host,
        title: null,
        snippet: null,
        redirectLink: null,
        datePublished: null,
      }));
      const mention = storedMentionSource(db, row.seq, row.text);
      const hits = analyseBrands(state, mention.text, sources, mention.lines);
      writeBrandRows(db, row.seq, state, hits);
      addBrandRollups(
        rollups,
        state,
        row,
        hits,
        domains.map((d) => d.domain),
        1,
      );
    },
    flush: () => rollups.flush(),
  });

  function runKey(runId: string): number {
    let id = runIds.get(runId);
    if (id === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO vis_runs (run_id) VALUES (?)').run(runId);
      id = pluck(db, 'SELECT id FROM vis_runs WHERE run_id = ?').get(runId) as number;
      boundedSet(runIds, runId, id);
    }
    return id;
  }

  function domainKey(domain: string, kinds: number): number {
    let entry = domainIds.get(domain);
    if (entry === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO vis_domains (domain, kinds) VALUES (?, 0)').run(domain);
      const row = stmt(db, 'SELECT id, kinds FROM vis_domains WHERE domain = ?').get(domain) as {
        id: number;
        kinds: number;
      };
      entry = { id: row.id, kinds: row.kinds };
      boundedSet(domainIds, domain, entry);
    }
    if ((entry.kinds | kinds) !== entry.kinds) {
      entry.kinds |= kinds;
      stmt(db, 'UPDATE vis_domains SET kinds = kinds | ? WHERE id = ?').run(kinds, entry.id);
    }
    return entry.id;
  }

  const urlTable: KeyTable<{ url: string; domain: number; title: string | null }> = {
    cache: urlIds,
    value: (w) => w.url,
    insert: insertUrls,
    params: (w) => [w.domain, w.url, w.title],
    levels: keyLevelsOf(db, URL_KEYS),
  };
  const queryTable: KeyTable<string> = {
    cache: queryIds,
    value: (q) => q,
    insert: insertQueries,
    params: (q) => [q],
    levels: keyLevelsOf(db, QUERY_KEYS),
  };

  /** The compiled matcher, rebuilt only when the brands changed (meta brands_version). */
  function brandState(): BrandState {
    const version = brandsVersion(db);
    if (!brands || brands.version !== version) brands = loadBrandState(db, version);
    return brands;
  }

  /**
   * The brands and whether a re-analysis is recorded, read at the batch's first result: two
   * meta reads per transaction instead of two per result (see VisibilityIndexer).
   */
  let batch: { state: BrandState; reanalysing: boolean } | null = null;
  function batchState(): { state: BrandState; reanalysing: boolean } {
    batch ??= { state: brandState(), reanalysing: reanalysis.progress() !== null };
    return batch;
  }
  const endBatch = (): void => {
    batch = null;
  };

  function cellOf(
    jobId: string,
    fetchedAt: number,
    given: JobCellRow | undefined,
  ): { cell: RollupKey; prompt: number | null } {
    const job = given ?? (jobCell.get(jobId) as JobCellRow | undefined);
    if (!job) throw new Error(`No job with id ${jobId}`);
    return {
      cell: {
        day: Math.floor(fetchedAt / DAY_MS),
        run: runKey(job.run_id),
        engine: job.engine,
        loc: locationKey(job.country, job.us_state),
        prompt: job.prompt,
      },
      prompt: job.prompt,
    };
  }

  /** The ids of a result's cited domains, by host (with the kinds it cites them as). */
  function domainKeysOf(domains: SourceSummary['domains']): Map<string, number> {
    const ids = new Map<string, number>();
    for (const [host, d] of domains) ids.set(host, domainKey(host, d.kinds));
    return ids;
  }

  function urlIdsOf(contents: readonly IndexedContent[]): Map<string, number> {
    const cited = new Map<string, CitedUrl>();
    for (const content of contents) {
      const { domains, urls } = sourceSummary(content.sources);
      // The first answer citing a URL gives its title, as indexResult would in this order.
      for (const c of citedOf(urls, domainKeysOf(domains))) if (!cited.has(c.url)) cited.set(c.url, c);
    }
    const wanted = [...cited.values()];
    const ids = keysOf(wanted, urlTable);
    return new Map(wanted.map((c, i) => [c.url, ids[i] as number]));
  }

  function indexResult(
    seq: number,
    jobId: string,
    fetchedAt: number,
    content: IndexedContent,
    job?: JobCellRow,
  ): RollupKey {
    const { state, reanalysing } = batchState();
    const { cell, prompt } = cellOf(jobId, fetchedAt, job);
    insertResult.run(seq, cell.day, cell.run, cell.engine, cell.loc, prompt);
    rollups.add('cell', cell, [1]);
    if (prompt !== null) rollups.add('promptCell', cell, [1], prompt);

    const { domains, urls } = sourceSummary(content.sources);
    const domainKeys: number[] = [];
    const domainRows: number[] = [];
    const domainByHost = domainKeysOf(domains);
    for (const [host, d] of domains) {
      const domain = domainByHost.get(host) as number;
      domainKeys.push(domain);
      domainRows.push(seq, domain, d.best);
      rollups.add('domain', cell, [1], domain);
    }
    for (let at = 0; at < domainRows.length; at += MAX_ROWS * 3) {
      const chunk = domainRows.slice(at, at + MAX_ROWS * 3);
      insertDomains(chunk.length / 3).run(chunk);
    }
    const cited = citedOf(urls, domainByHost);
    keysOf(cited, urlTable).forEach((url, i) =>
      rollups.add('url', cell, [1, (cited[i] as (typeof cited)[number]).best], url),
    );
    const queries = [...new Set(content.searchQueries.map((q) => q.trim()).filter((q) => q !== ''))];
    const queryRows: number[] = [];
    for (const query of keysOf(queries, queryTable)) {
      queryRows.push(seq, query);
      rollups.add('query', cell, [1], query);
    }
    for (let at = 0; at < queryRows.length; at += MAX_ROWS * 2) {
      const chunk = queryRows.slice(at, at + MAX_ROWS * 2);
      insertResultQueries(chunk.length / 2).run(chunk);
    }

    // A result the re-analysis has yet to reach is analysed by it, with everything before it.
    if (reanalysing && reanalysis.pendingFor(seq)) return cell;
    // Matched ahead on another thread when a pull offered it (visibility-ahead.ts), else here.
    const hits = brandHitsAhead(content, state.key) ?? answerHits(state, content);
    writeBrandRows(db, seq, state, hits);
    addBrandRollups(rollups, state, cell, hits, domainKeys, 1);
    return cell;
  }

  /** URL roll-up rows a replaced result left: their best position is a minimum, re-read at flush. */
  const staleBest: Array<RollupKey & { url: number }> = [];

  /** After the batch is written, the best of each such row is taken again from the rows it sums. */
  function recheckBestPositions(): void {
    const recheck = stmt(
      db,
      `UPDATE vis_url_day SET best = coalesce((
         SELECT min(s.position) FROM vis_result f
         JOIN sources s ON s.result_seq = f.seq AND s.url = (SELECT url FROM vis_urls WHERE id = @url)
         WHERE f.day = @day AND f.run = @run AND f.engine = @engine AND f.loc = @loc
       ), best)
       WHERE url = @url AND day = @day AND run = @run AND engine = @engine AND loc = @loc`,
    );
    for (const { url, day, run, engine, loc } of staleBest.splice(0))
      recheck.run({ url, day, run, engine, loc });
  }

  /** The batch's new keys: merged into the settled level when due (key-levels.ts). */
  function mergeKeysIfDue(): void {
    urlTable.levels.mergeIfDue();
    queryTable.levels.mergeIfDue();
  }

  function flush(): void {
    rollups.flush();
    recheckBestPositions();
    mergeKeysIfDue();
    endBatch();
  }

  /** A replaced result: the best positions it held are re-read once its new rows are in. */
  const unindexResult = (seq: number): void => unindex(seq, true);

  function unindex(seq: number, recheckBest: boolean): void {
    const cell = stmt(db, 'SELECT day, run, engine, loc, prompt FROM vis_result WHERE seq = ?').get(seq) as
      RollupKey | undefined;
    if (!cell) return;
    const { state } = batchState();
    rollups.add('cell', cell, [-1]);
    if (cell.prompt != null) rollups.add('promptCell', cell, [-1], cell.prompt);
    const domains = pluck(db, 'SELECT domain FROM vis_result_domain WHERE seq = ?').all(seq) as number[];
    for (const domain of domains) rollups.add('domain', cell, [-1], domain);
    const urls = pluck(
      db,
      `SELECT DISTINCT id FROM (SELECT ${keyIdSql(URL_KEYS, 's.url')} AS id FROM sources s WHERE s.result_seq = ?)
       WHERE id IS NOT NULL`,
    ).all(seq) as number[];
    // A minimum cannot be subtracted: the batch leaves best as it was, and flush re-reads it.
    for (const url of urls) {
      rollups.add('url', cell, [-1, Number.MAX_SAFE_INTEGER], url);
      if (recheckBest) staleBest.push({ ...cell, url });
    }
    const queries = pluck(db, 'SELECT query FROM vis_result_query WHERE seq = ?').all(seq) as number[];
    for (const query of queries) rollups.add('query', cell, [-1], query);
    addBrandRollups(rollups, state, cell, storedBrandHits(db, state, seq), domains, -1);
    for (const table of ['vis_result', 'vis_result_brand', 'vis_result_domain', 'vis_result_query'])
      stmt(db, `DELETE FROM ${table} WHERE seq = ?`).run(seq);
  }

  function unindexRuns(ids: readonly string[]): void {
    const seqs = pluck(
      db,
      `SELECT f.seq FROM vis_result f JOIN vis_runs r ON r.id = f.run
       WHERE r.run_id IN (SELECT value FROM json_each(?)) ORDER BY f.seq`,
    ).all(JSON.stringify(ids)) as number[];
    for (let at = 0; at < seqs.length; at += PAGE) {
      // Whole runs go: their rows sum to nothing, so no best position needs re-reading.
      for (const seq of seqs.slice(at, at + PAGE)) unindex(seq, false);
      rollups.flush();
    }
    // The caller deletes the runs and commits without a flush(): the batch ends here.
    endBatch();
  }

  function rebuildAll(): void {
    for (const table of ['vis_result', 'vis_result_brand', 'vis_result_domain', 'vis_result_query'])
      db.exec(`DELETE FROM ${table}`);
    clearTables(
      db,
      rollupTables().map((t) => t.table),
    );
    reanalysis.cancel();
    endBatch();
    const page = stmt(
      db,
      `SELECT seq, job_id, fetched_at, answer_text, search_queries_json FROM results
       WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`,
    );
    const pageSources = stmt(
      db,
      `SELECT result_seq, kind, position, url, domain, title, snippet FROM sources
       WHERE result_seq BETWEEN ? AND ? ORDER BY result_seq, id`,
    );
    let after = 0;
    for (;;) {
      const rows = page.all(after) as Array<{
        seq: number;
        job_id: string;
        fetched_at: number;
        answer_text: string;
        search_queries_json: string;
      }>;
      if (rows.length === 0) break;
      const first = (rows[0] as { seq: number }).seq;
      after = (rows[rows.length - 1] as { seq: number }).seq;
      const sourcesOf = new Map<number, NormalizedSource[]>();
      for (const s of pageSources.all(first, after) as Array<{
        result_seq: number;
        kind: SourceKind;
        position: number;
        url: string;
        domain: string;
        title: string | null;
        snippet: string | null;
      }>) {
        const list = sourcesOf.get(s.result_seq) ?? [];
        // Titles and snippets are what a search result without text is read by (mentionSource).
        list.push({ ...s, redirectLink: null, datePublished: null });
        sourcesOf.set(s.result_seq, list);
      }
      for (const r of rows) {
        indexResult(r.seq, r.job_id, r.fetched_at, {
          text: r.answer_text,
          sources: sourcesOf.get(r.seq) ?? [],
          searchQueries: parseStringArray(r.search_queries_json),
        });
      }
      rollups.flush();
      mergeKeysIfDue();
    }
    endBatch();
  }

  function reset(): void {
    runIds.clear();
    domainIds.clear();
    urlIds.clear();
    queryIds.clear();
    brands = null;
    endBatch();
    rollups.clear();
    staleBest.length = 0;
  }

  return {
    indexResult,
    urlIdsOf,
    unindexResult,
    unindexRuns,
    flush,
    reanalyseBrands() {
      // The brands changed in this transaction: the batch's matcher and cursor are stale.
      endBatch();
      reanalysis.start();
    },
    reanalysis,
    rebuildAll,
    reset,
  };
}
