import { HistoryStateError, multiRowSql, stmt, toJson, type StoreContext } from '../connection';
import { docAhead, headOf, packDoc, rememberDoc, resultDocParts, searchHead } from '../codec';
import { createPageEnqueuer } from '../pages';
import type { CommerceIndexer } from '../commerce';
import type { JobPatcher, IngestItem, IngestOutcome } from '../runs';
import { facetsOf } from '../search';
import { JOB_CELLS_SQL, type JobCellRow, type VisibilityIndexer } from '../visibility';
import { createChildrenWriter, type TextIds } from './result-children';
import { createResultReader, type ResultReader } from './result-read';

export interface ResultsApi extends ResultReader {
  /**
   * Stores results in one transaction. Idempotent per job: a job that already has a result
   * keeps its result id and gets the new content, with every child row (sources, products…)
   * replaced, never duplicated. Cached brand mentions of a replaced result are dropped.
   */
  ingestResults(items: readonly IngestItem[]): IngestOutcome[];
  /**
   * The same ingest inside the caller's open transaction, without a savepoint of its own: a
   * nested savepoint made a pull's ingest 4x slower, growing with the file (57.8 s against
   * 12.9 s for 6,000 answers in batches of 1,000). On an error the batch is half written: the
   * caller MUST roll its transaction back (and call forgetCaches()).
   */
  ingestResultsInTransaction(items: readonly IngestItem[]): IngestOutcome[];
  /** Drops the ids cached for ingest (after a rollback of a transaction that ingested). */
  forgetCaches(): void;
}

export function createResultsApi(
  ctx: StoreContext,
  jobs: JobPatcher,
  visibility: VisibilityIndexer,
  commerce: CommerceIndexer,
): ResultsApi {
  const { db } = ctx;
  const reader = createResultReader(db);
  const children = createChildrenWriter(db);
  // The result's page links, queued for the archiver in the same transaction.
  const enqueuePages = createPageEnqueuer(db);
  // A batch's stored results by job, found by one statement (not one per answer: a first
  // sync's pages have 4,000 answers, nearly all new).
  const findByJobs = stmt(
    db,
    'SELECT job_id, seq, id FROM results WHERE job_id IN (SELECT value FROM json_each(?))',
  );
  // What the search facets of a result are made of (see search-facets.ts), a batch's jobs at
  // once. With the job's prompt: the Visibility index takes the row as it is (not read again).
  const jobFacets = stmt(db, JOB_CELLS_SQL);
  // Positional parameters: binding by name costs a property lookup per column per row.
  // The answer text, source titles, Markdown, raw JSON and search queries go into one compressed
  // document (doc, see migration 010); answer_head keeps the text's first characters for lists'
  // excerpts.
  const insertResult = stmt(
    db,
    `INSERT INTO results (id, job_id, fetched_at, ingested_at, model, shape, search_queries_plain, html_urls_json,
      related_searches_json, answer_head, source_titles_plain, doc, facets)
      VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?, ?, '', ?, ?)`,
  );
  // The update trigger re-indexes a replaced result's search row from its old and new doc.
  const updateResult = stmt(
    db,
    `UPDATE results SET fetched_at = @fetched_at, ingested_at = @now, model = @model,
      shape = @shape, search_queries_plain = '[]', html_urls_json = @html_urls_json,
      related_searches_json = @related_searches_json, answer_head = @head, source_titles_plain = '',
      answer_markdown = NULL, markdown_zstd = NULL, doc = @doc, facets = @facets
    WHERE seq = @seq`,
  );
  // A replaced result from before version 10 may still have its raw JSON there.
  const dropOldRaw = stmt(db, 'DELETE FROM result_docs WHERE result_seq = ?');
  // FTS5 writes its pending terms to disk at the start of every later statement that opens a
  // statement savepoint (any multi-row or foreign-keyed INSERT does): indexed row by row, every
  // result became a segment of its own, plus the merges of those segments, about a quarter of
  // the ingest's CPU. The batch's new results are indexed by one statement, the last of the
  // transaction, into one pending set written once at commit. Their texts are bound as they
  // were packed (not read back from doc): the same strings, without decompressing.
  const SEARCH_ROWS = 200;
  const SEARCH_HEAD = 'INSERT INTO answer_search (rowid, answer_text, source_titles, facets)';
  function indexNewResults(rows: ReadonlyArray<readonly [number, string, string, string]>): void {
    for (let at = 0; at < rows.length; at += SEARCH_ROWS) {
      const chunk = rows.slice(at, at + SEARCH_ROWS);
      stmt(db, multiRowSql(SEARCH_HEAD, '(?, ?, ?, ?)', chunk.length)).run(chunk.flat());
    }
  }
  /** The batch's jobs (`ids`: their ids as a JSON array) that already have a result: its seq and id. */
  function storedByJob(ids: string): Map<string, { seq: number; id: string }> {
    const rows = findByJobs.all(ids) as Array<{
      job_id: string;
      seq: number;
      id: string;
    }>;
    return new Map(rows.map((row) => [row.job_id, { seq: row.seq, id: row.id }]));
  }
  /** Each item's job as ingest and the indexes read it (one statement a batch); throws if missing. */
  function checkedJobs(items: readonly IngestItem[], ids: string): JobCellRow[] {
    const rows = jobFacets.all(ids) as Array<JobCellRow & { job_id: string }>;
    const cells = new Map(rows.map((row) => [row.job_id, row]));
    return items.map((item) => {
      const job = cells.get(item.jobId);
      if (!job) throw new HistoryStateError('not-found', `No job with id ${item.jobId}`);
      return job;
    });
  }
  const ingestBody = (items: readonly IngestItem[]): IngestOutcome[] => {
    const now = ctx.now();
    // Every job is checked before anything of the batch is written.
    const ids = JSON.stringify(items.map((item) => item.jobId));
    const jobsOf = checkedJobs(items, ids);
    // The sources' URLs numbered first: their texts are kept by these ids (source_texts.url_id).
    const contents = items.map((item) => item.normalized);
    const textIds = children.batchTextIds(contents, visibility.urlIdsOf(contents));
    const stored = storedByJob(ids);

    const toIndex: Array<[number, string, string, string]> = [];
    const outcomes = items.map((item, at) => {
      const existing = stored.get(item.jobId);
      const job = jobsOf[at] as JobCellRow;
      const facets = facetsOf({
        engine: job.engine,
        country: job.country,
        state: job.us_state,
        runId: job.run_id,
        fetchedAt: item.fetchedAt,
      });
      const n = item.normalized;
      const htmlUrls = toJson(n.htmlUrls);
      const relatedSearches = toJson(n.relatedSearches);
      // Packed ahead on another thread when a pull offered it (doc-ahead.ts), else here.
      const ahead = docAhead(n, item.raw);
      const parts = ahead?.parts ?? resultDocParts(n, item.raw);
      const { text, sourceTitles } = parts;
      const doc = ahead?.doc ?? packDoc(parts, { verify: false });
      rememberDoc(db, doc, parts);
      let seq: number;
      let resultId: string;
      if (existing) {
        ({ seq, id: resultId } = existing);
        // The same job twice in one batch: its first result must be in the search index before
        // the update trigger takes it out.
        if (toIndex.some(([pending]) => pending === seq)) indexNewResults(toIndex.splice(0));
        updateResult.run({
          fetched_at: item.fetchedAt,
          now,
          model: n.model,
          shape: n.shape,
          html_urls_json: htmlUrls,
          related_searches_json: relatedSearches,
          head: headOf(text),
          doc,
          facets,
          seq,
        });
        dropOldRaw.run(seq);
        // Out of the roll-ups before its old sources go.
        visibility.unindexResult(seq);
        children.clearChildren(seq);
      } else {
        resultId = item.resultId ?? ctx.newId();
        seq = Number(
          insertResult.run(
            resultId,
            item.jobId,
            item.fetchedAt,
            now,
            n.model,
            n.shape,
            htmlUrls,
            relatedSearches,
            headOf(text),
            doc,
            facets,
          ).lastInsertRowid,
        );
        // The same job later in this batch replaces this result.
        stored.set(item.jobId, { seq, id: resultId });
        // At most the first SEARCH_INDEX_CHARS characters of each text (search-head.ts).
        toIndex.push([seq, searchHead(text), searchHead(sourceTitles), facets]);
      }
      children.storeChildren(seq, n, textIds[at] as TextIds);
      // A new result has no page rows yet (they go with a deleted result): nothing to replace.
      if (existing || n.htmlUrls.length > 0) enqueuePages(seq, n.htmlUrls);
      const cell = visibility.indexResult(seq, item.jobId, item.fetchedAt, n, job);
      // After the Visibility's rows: commerce reads which brands the text names.
      commerce.indexResult(seq, item.parsed ?? item.raw, n.products.length > 0 || n.ads.length > 0, cell, {
        jobId: item.jobId,
        country: job.country,
        prompt: job.prompt,
      });
      if (item.jobPatch) jobs.applyJobPatch(item.jobId, item.jobPatch);
      return { jobId: item.jobId, resultId, replaced: existing !== undefined };
    });
    visibility.flush();
    indexNewResults(toIndex);
    return outcomes;
  };
  const ingest = db.transaction(ingestBody);
  function forgetCaches(): void {
    visibility.reset();
    children.resetTexts();
  }

  return {
    ingestResults(items) {
      if (items.length === 0) return [];
      try {
        return ingest.immediate(items);
      } catch (error) {
        forgetCaches();
        throw error;
      }
    },
    ingestResultsInTransaction(items) {
      if (!db.inTransaction) throw new Error('ingestResultsInTransaction needs an open transaction');
      if (items.length === 0) return [];
      try {
        return ingestBody(items);
      } catch (error) {
        forgetCaches();
        throw error;
      }
    },
    forgetCaches,
    ...reader,
  };
}
