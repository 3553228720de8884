import type { EngineName } from '../../../shared/api/engines';
import type {
  NormalizedAd,
  NormalizedAiOverview,
  NormalizedEntity,
  NormalizedOffer,
  NormalizedPeopleAlsoAsk,
  NormalizedProduct,
  NormalizedResult,
  NormalizedSource,
  SourceKind,
} from '../../../shared/domain/result';
import {
  HistoryStateError,
  parseJson,
  parseStringArray,
  toJson,
  multiRowSql,
  stmt,
  type StoreContext,
} from '../connection';
import {
  decompressText,
  headOf,
  packDoc,
  rememberDoc,
  unpackDoc,
  wellFormed,
  createTextDictionary,
  ENTITY_TEXTS,
  PRODUCT_TEXTS,
  SOURCE_TEXTS,
  type TextDictionary,
  type TextValue,
} from '../codec';
import { createPageEnqueuer } from '../pages';
import type { JobPatcher, IngestItem, IngestOutcome, StoredResult } from '../runs';
import { facetsOf } from '../search';
import type { VisibilityIndexer } from '../visibility';

export interface ResultsApi {
  /**
   * Stores results in one transaction. Idempotent per job: a job that already has a result
   * keeps its result id and gets the new content, with every child row (sources, products…)
   * replaced, never duplicated. Cached brand mentions of a replaced result are dropped.
   */
  ingestResults(items: readonly IngestItem[]): IngestOutcome[];
  /** The raw JSON and the normalized view rebuilt from the tables (for the compare view). */
  getResult(resultId: string): StoredResult | null;
  /** Several results, in the order asked (unknown ids are skipped). */
  getResults(resultIds: readonly string[]): StoredResult[];
  getResultByJob(jobId: string): StoredResult | null;
  /** The stored raw JSON text only (cheaper than getResult). */
  getRawJson(resultId: string): string | null;
}

interface ResultRow {
  seq: number;
  id: string;
  job_id: string;
  fetched_at: number;
  model: string | null;
  shape: 'legacy' | 'mobile-web' | null;
  old_search_queries: string | null;
  html_urls_json: string;
  related_searches_json: string;
  /** The packed document (result-doc.ts); NULL on a row from before version 10 not moved yet. */
  doc: Uint8Array | null;
  /** Such a row's text, Markdown and raw JSON (NULL when doc is set). */
  old_text: string | null;
  old_markdown: string | null;
  raw_zstd: Uint8Array | null;
  run_id: string;
  prompt: string;
  engine: string;
  country: string;
  us_state: string | null;
  repeat: number;
  sandbox: number;
}

/** A source's tuple in SOURCE_TEXTS' column order. */
const sourceTuple = (s: NormalizedSource): TextValue[] => [
  s.url,
  s.kind,
  s.domain,
  s.title,
  s.snippet,
  s.redirectLink,
  s.datePublished,
];

/** A product's tuple in PRODUCT_TEXTS' column order, its offers included. */
const productTuple = (p: NormalizedProduct): TextValue[] => [
  p.title,
  p.origin,
  p.url,
  p.brand,
  p.merchant,
  p.price,
  p.priceValue,
  p.currency,
  p.rating,
  p.reviews,
  JSON.stringify(
    p.offers.map((o) => [o.merchant, o.title, o.url, o.price, o.priceValue, o.currency, bool(o.available)]),
  ),
];

/** The ids of a result's sources' and products' tuples (text-dictionary.ts), in their order. */
interface TextIds {
  sources: readonly number[];
  entities: readonly number[];
  products: readonly number[];
}

interface JobFacetsRow {
  run_id: string;
  engine: string;
  country: string;
  us_state: string | null;
}

const bool = (v: boolean | null): number | null => (v === null ? null : v ? 1 : 0);

export function createResultsApi(
  ctx: StoreContext,
  jobs: JobPatcher,
  visibility: VisibilityIndexer,
): ResultsApi {
  const { db } = ctx;
  // The result's page links, queued for the archiver in the same transaction.
  const enqueuePages = createPageEnqueuer(db);
  const findByJob = stmt(db, 'SELECT seq, id FROM results WHERE job_id = ?');
  // What the search facets of a result are made of (see search-facets.ts).
  const jobFacets = stmt(db, 'SELECT run_id, engine, country, us_state FROM jobs WHERE id = ?');
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
  const clearChildren = [
    'source_lists',
    'entity_lists',
    'product_lists',
    'ads',
    'people_also_ask',
    'ai_overviews',
    'brand_mentions',
  ].map((t) => stmt(db, `DELETE FROM ${t} WHERE result_seq = ?`));
  const insertAd = stmt(
    db,
    `INSERT INTO ads (result_seq, position, title, body, url, domain, advertiser, placement)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPaa = stmt(
    db,
    'INSERT INTO people_also_ask (result_seq, position, question, snippet, url, type) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertAio = stmt(db, 'INSERT INTO ai_overviews (result_seq, text, markdown) VALUES (?, ?, ?)');

  // A row moved to doc is unpacked once in JavaScript; only an older row reads its texts
  // through the generated columns (CASE evaluates just the branch taken).
  const RESULT_SELECT = `SELECT r.seq, r.id, r.job_id, r.fetched_at, r.model, r.shape,
      CASE WHEN r.doc IS NULL THEN r.search_queries_plain END AS old_search_queries,
      r.html_urls_json, r.related_searches_json, r.doc,
      CASE WHEN r.doc IS NULL THEN r.answer_text END AS old_text,
      CASE WHEN r.doc IS NULL THEN r.markdown_text END AS old_markdown,
      w.raw_zstd, j.run_id, p.text AS prompt, j.engine, j.country, j.us_state, j.repeat, ru.sandbox
    FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq JOIN jobs j ON j.id = r.job_id
    JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index JOIN runs ru ON ru.id = j.run_id`;
  const selectById = stmt(db, `${RESULT_SELECT} WHERE r.id = ?`);
  const selectByJob = stmt(db, `${RESULT_SELECT} WHERE r.job_id = ?`);
  const selectSources = stmt(db, 'SELECT * FROM sources WHERE result_seq = ? ORDER BY id');
  const selectEntities = stmt(
    db,
    'SELECT type, name FROM entities WHERE result_seq = ? ORDER BY position, id',
  );
  const selectProducts = stmt(db, 'SELECT * FROM products WHERE result_seq = ? ORDER BY position, id');
  // A product's id is an expression (migration 011): its result's seq finds its list.
  const selectOffers = stmt(
    db,
    'SELECT * FROM product_offers WHERE result_seq = ? AND product_id = ? ORDER BY position, id',
  );
  const selectAds = stmt(db, 'SELECT * FROM ads WHERE result_seq = ? ORDER BY position, id');
  const selectPaa = stmt(db, 'SELECT * FROM people_also_ask WHERE result_seq = ? ORDER BY position, id');
  const selectAio = stmt(db, 'SELECT text, markdown FROM ai_overviews WHERE result_seq = ?');
  const selectRaw = stmt(
    db,
    'SELECT r.doc, w.raw_zstd FROM results r LEFT JOIN result_docs w ON w.result_seq = r.seq WHERE r.id = ?',
  );

  // A result's sources, entities and products are one row per kind: its tuples' ids in order
  // and their positions, as JSON arrays (migration 011); the texts are kept once
  // (text-dictionary.ts).
  const sourceTexts = createTextDictionary(db, SOURCE_TEXTS);
  const entityTexts = createTextDictionary(db, ENTITY_TEXTS);
  const productTexts = createTextDictionary(db, PRODUCT_TEXTS);
  type ListTable = 'source_lists' | 'entity_lists' | 'product_lists';
  const insertList = (table: ListTable) =>
    stmt(db, `INSERT INTO ${table} (result_seq, text_ids, positions) VALUES (?, ?, ?)`);

  /** A result's list of one kind; positions are stored only when they are not 1, 2, 3…. */
  function storeList(
    table: ListTable,
    seq: number,
    positions: readonly number[],
    textIds: readonly number[],
  ): void {
    // No row for an empty list: the views then give no row, as for a result without sources.
    if (textIds.length === 0) return;
    const counting = positions.every((p, i) => p === i + 1);
    insertList(table).run(seq, JSON.stringify(textIds), counting ? null : JSON.stringify(positions));
  }

  function storeChildren(seq: number, n: NormalizedResult, textIds: TextIds): void {
    storeList(
      'source_lists',
      seq,
      n.sources.map((s) => s.position),
      textIds.sources,
    );
    // An entity's position is its place in the answer's list (so never stored).
    storeList(
      'entity_lists',
      seq,
      n.entities.map((_, i) => i + 1),
      textIds.entities,
    );
    storeList(
      'product_lists',
      seq,
      n.products.map((p) => p.position),
      textIds.products,
    );
    for (const a of n.ads)
      insertAd.run(seq, a.position, a.title, a.body, a.url, a.domain, a.advertiser, a.placement);
    for (const q of n.peopleAlsoAsk) insertPaa.run(seq, q.position, q.question, q.snippet, q.url, q.type);
    if (n.aiOverview) insertAio.run(seq, n.aiOverview.text, n.aiOverview.markdown);
  }

  /** Each result's source, entity and product tuple ids, looked up (and added) for the batch at once. */
  function batchTextIds(results: readonly NormalizedResult[]): TextIds[] {
    const idsOf = <T>(
      texts: TextDictionary,
      tuple: (x: T) => TextValue[],
      list: (n: NormalizedResult) => T[],
    ) => {
      texts.checkGeneration();
      const ids = texts.idsOf(results.flatMap((n) => list(n).map(tuple)));
      let at = 0;
      return results.map((n) => ids.slice(at, (at += list(n).length)));
    };
    const sources = idsOf(sourceTexts, sourceTuple, (n) => n.sources);
    const entities = idsOf(
      entityTexts,
      (e: NormalizedEntity) => [e.name, e.type],
      (n) => n.entities,
    );
    const products = idsOf(productTexts, productTuple, (n) => n.products);
    return results.map((_, i) => ({
      sources: sources[i] as number[],
      entities: entities[i] as number[],
      products: products[i] as number[],
    }));
  }

  const ingest = db.transaction((items: readonly IngestItem[]): IngestOutcome[] => {
    const now = ctx.now();
    // Every job is checked before anything of the batch is written.
    const jobsOf = items.map((item) => {
      const job = jobFacets.get(item.jobId) as JobFacetsRow | undefined;
      if (!job) throw new HistoryStateError('not-found', `No job with id ${item.jobId}`);
      return job;
    });
    const textIds = batchTextIds(items.map((item) => item.normalized));

    const toIndex: Array<[number, string, string, string]> = [];
    const outcomes = items.map((item, at) => {
      const existing = findByJob.get(item.jobId) as { seq: number; id: string } | undefined;
      const job = jobsOf[at] as JobFacetsRow;
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
      const text = wellFormed(n.text);
      const sourceTitles = wellFormed(
        n.sources
          .map((src) => src.title?.replace(/\s+/g, ' ').trim() ?? '')
          .filter(Boolean)
          .join('\n'),
      );
      const parts = {
        text,
        sourceTitles,
        markdown: n.markdown,
        rawJson: typeof item.raw === 'string' ? item.raw : JSON.stringify(item.raw ?? null),
        searchQueriesJson: wellFormed(toJson(n.searchQueries)),
      };
      const doc = packDoc(parts, { verify: false });
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
        for (const clear of clearChildren) clear.run(seq);
      } else {
        resultId = ctx.newId();
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
        toIndex.push([seq, text, sourceTitles, facets]);
      }
      storeChildren(seq, n, textIds[at] as TextIds);
      // A new result has no page rows yet (they go with a deleted result): nothing to replace.
      if (existing || n.htmlUrls.length > 0) enqueuePages(seq, n.htmlUrls);
      visibility.indexResult(seq, item.jobId, item.fetchedAt, n);
      if (item.jobPatch) jobs.applyJobPatch(item.jobId, item.jobPatch);
      return { jobId: item.jobId, resultId, replaced: existing !== undefined };
    });
    visibility.flush();
    indexNewResults(toIndex);
    return outcomes;
  });

  function rebuild(row: ResultRow): StoredResult {
    const sources = (selectSources.all(row.seq) as Array<Record<string, unknown>>).map(
      (s): NormalizedSource => ({
        position: s.position as number,
        kind: s.kind as SourceKind,
        url: s.url as string,
        domain: s.domain as string,
        title: s.title as string | null,
        snippet: s.snippet as string | null,
        redirectLink: s.redirect_link as string | null,
        datePublished: s.date_published as string | null,
      }),
    );
    const products = (selectProducts.all(row.seq) as Array<Record<string, unknown>>).map(
      (p): NormalizedProduct => ({
        position: p.position as number,
        origin: p.origin as NormalizedProduct['origin'],
        title: p.title as string,
        url: p.url as string | null,
        brand: p.brand as string | null,
        merchant: p.merchant as string | null,
        price: p.price as string | null,
        priceValue: p.price_value as number | null,
        currency: p.currency as string | null,
        rating: p.rating as number | null,
        reviews: p.reviews as number | null,
        offers: (selectOffers.all(row.seq, p.id) as Array<Record<string, unknown>>).map(
          (o): NormalizedOffer => ({
            merchant: o.merchant as string | null,
            title: o.title as string | null,
            url: o.url as string | null,
            price: o.price as string | null,
            priceValue: o.price_value as number | null,
            currency: o.currency as string | null,
            available: o.available === null ? null : o.available === 1,
          }),
        ),
      }),
    );
    const ads = (selectAds.all(row.seq) as Array<Record<string, unknown>>).map((a): NormalizedAd => ({
      position: a.position as number,
      title: a.title as string,
      body: a.body as string | null,
      url: a.url as string | null,
      domain: a.domain as string | null,
      advertiser: a.advertiser as string | null,
      placement: a.placement as string | null,
    }));
    const peopleAlsoAsk = (selectPaa.all(row.seq) as Array<Record<string, unknown>>).map(
      (q): NormalizedPeopleAlsoAsk => ({
        position: q.position as number,
        question: q.question as string,
        snippet: q.snippet as string | null,
        url: q.url as string | null,
        type: q.type as string | null,
      }),
    );
    const doc = row.doc === null ? null : unpackDoc(row.doc);
    // A result always has its raw JSON; 'null' only if a damaged older file lost it.
    const rawJson = (doc ? doc.rawJson : row.raw_zstd && decompressText(row.raw_zstd)) ?? 'null';
    const aiOverview = (selectAio.get(row.seq) as NormalizedAiOverview | undefined) ?? null;
    const normalized: NormalizedResult = {
      engine: row.engine as EngineName,
      text: doc ? doc.text : (row.old_text ?? ''),
      markdown: doc ? doc.markdown : row.old_markdown,
      htmlUrls: parseStringArray(row.html_urls_json),
      model: row.model,
      searchQueries: parseStringArray(doc ? doc.searchQueriesJson : (row.old_search_queries ?? '[]')),
      sources,
      entities: selectEntities.all(row.seq) as NormalizedEntity[],
      products,
      ads,
      peopleAlsoAsk,
      aiOverview,
      relatedSearches: parseStringArray(row.related_searches_json),
      shape: row.shape,
    };
    return {
      resultId: row.id,
      jobId: row.job_id,
      runId: row.run_id,
      prompt: row.prompt,
      engine: row.engine as EngineName,
      country: row.country,
      state: row.us_state,
      repeat: row.repeat,
      fetchedAt: row.fetched_at,
      sandbox: row.sandbox === 1,
      normalized,
      rawJson,
      raw: parseJson(rawJson),
    };
  }

  function readResult(stmt: typeof selectById, key: string): StoredResult | null {
    return db.transaction(() => {
      const row = stmt.get(key) as ResultRow | undefined;
      return row ? rebuild(row) : null;
    })();
  }

  return {
    ingestResults(items) {
      if (items.length === 0) return [];
      try {
        return ingest.immediate(items);
      } catch (error) {
        visibility.reset();
        for (const texts of [sourceTexts, entityTexts, productTexts]) texts.reset();
        throw error;
      }
    },
    getResult(resultId) {
      return readResult(selectById, resultId);
    },
    getResults(resultIds) {
      return resultIds.map((id) => readResult(selectById, id)).filter((r): r is StoredResult => r !== null);
    },
    getResultByJob(jobId) {
      return readResult(selectByJob, jobId);
    },
    getRawJson(resultId) {
      const row = selectRaw.get(resultId) as Pick<ResultRow, 'doc' | 'raw_zstd'> | undefined;
      if (row === undefined) return null;
      if (row.doc !== null) return unpackDoc(row.doc).rawJson;
      return row.raw_zstd === null ? null : decompressText(row.raw_zstd);
    },
  };
}
