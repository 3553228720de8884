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
import type Database from 'better-sqlite3';
import { decompressText, unpackDoc } from '../codec';
import { parseJson, parseStringArray, stmt } from '../connection';
import type { StoredResult } from '../runs';

// A stored result read back: its row, its packed document (or an older row's columns) and its
// child rows, rebuilt into the normalized view and the raw JSON the service sent.

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

export interface ResultReader {
  /** The raw JSON and the normalized view rebuilt from the tables (for the compare view). */
  getResult(resultId: string): StoredResult | null;
  /** Several results, in the order asked (unknown ids are skipped). */
  getResults(resultIds: readonly string[]): StoredResult[];
  getResultByJob(jobId: string): StoredResult | null;
  /** The stored raw JSON text only (cheaper than getResult). */
  getRawJson(resultId: string): string | null;
}

export function createResultReader(db: Database.Database): ResultReader {
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

  function readOne(stmt: typeof selectById, key: string): StoredResult | null {
    const row = stmt.get(key) as ResultRow | undefined;
    return row ? rebuild(row) : null;
  }

  /** A result's row and its lists read in one snapshot. */
  function readResult(stmt: typeof selectById, key: string): StoredResult | null {
    return db.transaction(() => readOne(stmt, key))();
  }

  return {
    getResult(resultId) {
      return readResult(selectById, resultId);
    },
    getResults(resultIds) {
      // One snapshot for the list: one transaction, not one a result (half the time of a push's read).
      return db.transaction(() =>
        resultIds.map((id) => readOne(selectById, id)).filter((r): r is StoredResult => r !== null),
      )();
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
