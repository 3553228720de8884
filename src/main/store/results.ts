import type { EngineName } from '../../shared/api/engines';
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
} from '../../shared/domain/result';
import type { StoreContext } from './context';
import { HistoryStateError } from './errors';
import { parseJson, parseStringArray, toJson } from './json';
import type { JobPatcher } from './runs';
import type { IngestItem, IngestOutcome, StoredResult } from './types';

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
  search_queries_json: string;
  html_urls_json: string;
  related_searches_json: string;
  answer_text: string;
  answer_markdown: string | null;
  raw_json: string;
  run_id: string;
  prompt: string;
  engine: string;
  country: string;
  us_state: string | null;
  repeat: number;
  sandbox: number;
}

const bool = (v: boolean | null): number | null => (v === null ? null : v ? 1 : 0);

export function createResultsApi(ctx: StoreContext, jobs: JobPatcher): ResultsApi {
  const { db } = ctx;
  const findByJob = db.prepare('SELECT seq, id FROM results WHERE job_id = ?');
  const jobExists = db.prepare('SELECT 1 FROM jobs WHERE id = ?').pluck();
  const insertResult = db.prepare(`INSERT INTO results (id, job_id, fetched_at, ingested_at, model, shape,
      search_queries_json, html_urls_json, related_searches_json, answer_text, answer_markdown, source_titles)
    VALUES (@id, @job_id, @fetched_at, @now, @model, @shape, @search_queries_json, @html_urls_json,
      @related_searches_json, @answer_text, @answer_markdown, @source_titles)`);
  const updateResult =
    db.prepare(`UPDATE results SET fetched_at = @fetched_at, ingested_at = @now, model = @model,
      shape = @shape, search_queries_json = @search_queries_json, html_urls_json = @html_urls_json,
      related_searches_json = @related_searches_json, answer_text = @answer_text, answer_markdown = @answer_markdown,
      source_titles = @source_titles
    WHERE seq = @seq`);
  const upsertRaw = db.prepare(
    'INSERT INTO result_raw (result_seq, raw_json) VALUES (?, ?) ON CONFLICT (result_seq) DO UPDATE SET raw_json = excluded.raw_json',
  );
  const clearChildren = [
    'sources',
    'entities',
    'products',
    'ads',
    'people_also_ask',
    'ai_overviews',
    'brand_mentions',
  ].map((t) => db.prepare(`DELETE FROM ${t} WHERE result_seq = ?`));
  const insertSource =
    db.prepare(`INSERT INTO sources (result_seq, kind, position, url, domain, title, snippet,
      redirect_link, date_published) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertEntity = db.prepare(
    'INSERT INTO entities (result_seq, position, type, name) VALUES (?, ?, ?, ?)',
  );
  const insertProduct =
    db.prepare(`INSERT INTO products (result_seq, position, origin, title, url, brand, merchant,
      price, price_value, currency, rating, reviews) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertOffer =
    db.prepare(`INSERT INTO product_offers (product_id, position, merchant, title, url, price,
      price_value, currency, available) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertAd =
    db.prepare(`INSERT INTO ads (result_seq, position, title, body, url, domain, advertiser, placement)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertPaa = db.prepare(
    'INSERT INTO people_also_ask (result_seq, position, question, snippet, url, type) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertAio = db.prepare('INSERT INTO ai_overviews (result_seq, text, markdown) VALUES (?, ?, ?)');

  const RESULT_SELECT = `SELECT r.*, w.raw_json, j.run_id, p.text AS prompt, j.engine, j.country, j.us_state, j.repeat,
      ru.sandbox
    FROM results r JOIN result_raw w ON w.result_seq = r.seq JOIN jobs j ON j.id = r.job_id
    JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index JOIN runs ru ON ru.id = j.run_id`;
  const selectById = db.prepare(`${RESULT_SELECT} WHERE r.id = ?`);
  const selectByJob = db.prepare(`${RESULT_SELECT} WHERE r.job_id = ?`);
  const selectSources = db.prepare('SELECT * FROM sources WHERE result_seq = ? ORDER BY id');
  const selectEntities = db.prepare(
    'SELECT type, name FROM entities WHERE result_seq = ? ORDER BY position, id',
  );
  const selectProducts = db.prepare('SELECT * FROM products WHERE result_seq = ? ORDER BY position, id');
  const selectOffers = db.prepare('SELECT * FROM product_offers WHERE product_id = ? ORDER BY position, id');
  const selectAds = db.prepare('SELECT * FROM ads WHERE result_seq = ? ORDER BY position, id');
  const selectPaa = db.prepare('SELECT * FROM people_also_ask WHERE result_seq = ? ORDER BY position, id');
  const selectAio = db.prepare('SELECT text, markdown FROM ai_overviews WHERE result_seq = ?');
  const selectRaw = db
    .prepare('SELECT w.raw_json FROM results r JOIN result_raw w ON w.result_seq = r.seq WHERE r.id = ?')
    .pluck();

  function storeChildren(seq: number, n: NormalizedResult): void {
    for (const s of n.sources) {
      insertSource.run(
        seq,
        s.kind,
        s.position,
        s.url,
        s.domain,
        s.title,
        s.snippet,
        s.redirectLink,
        s.datePublished,
      );
    }
    n.entities.forEach((e, i) => insertEntity.run(seq, i + 1, e.type, e.name));
    for (const p of n.products) {
      const productId = insertProduct.run(
        seq,
        p.position,
        p.origin,
        p.title,
        p.url,
        p.brand,
        p.merchant,
        p.price,
        p.priceValue,
        p.currency,
        p.rating,
        p.reviews,
      ).lastInsertRowid;
      p.offers.forEach((o, i) =>
        insertOffer.run(
          productId,
          i + 1,
          o.merchant,
          o.title,
          o.url,
          o.price,
          o.priceValue,
          o.currency,
          bool(o.available),
        ),
      );
    }
    for (const a of n.ads)
      insertAd.run(seq, a.position, a.title, a.body, a.url, a.domain, a.advertiser, a.placement);
    for (const q of n.peopleAlsoAsk) insertPaa.run(seq, q.position, q.question, q.snippet, q.url, q.type);
    if (n.aiOverview) insertAio.run(seq, n.aiOverview.text, n.aiOverview.markdown);
  }

  const ingest = db.transaction((items: readonly IngestItem[]): IngestOutcome[] => {
    const now = ctx.now();
    return items.map((item) => {
      if (!jobExists.get(item.jobId))
        throw new HistoryStateError('not-found', `No job with id ${item.jobId}`);
      const n = item.normalized;
      const columns = {
        fetched_at: item.fetchedAt,
        now,
        model: n.model,
        shape: n.shape,
        search_queries_json: toJson(n.searchQueries),
        html_urls_json: toJson(n.htmlUrls),
        related_searches_json: toJson(n.relatedSearches),
        answer_text: n.text,
        answer_markdown: n.markdown,
        source_titles: n.sources
          .map((src) => src.title?.replace(/\s+/g, ' ').trim() ?? '')
          .filter(Boolean)
          .join('\n'),
      };
      const existing = findByJob.get(item.jobId) as { seq: number; id: string } | undefined;
      let seq: number;
      let resultId: string;
      if (existing) {
        ({ seq, id: resultId } = existing);
        updateResult.run({ ...columns, seq });
        for (const stmt of clearChildren) stmt.run(seq);
      } else {
        resultId = ctx.newId();
        seq = Number(insertResult.run({ ...columns, id: resultId, job_id: item.jobId }).lastInsertRowid);
      }
      upsertRaw.run(seq, typeof item.raw === 'string' ? item.raw : JSON.stringify(item.raw ?? null));
      storeChildren(seq, n);
      if (item.jobPatch) jobs.applyJobPatch(item.jobId, item.jobPatch);
      return { jobId: item.jobId, resultId, replaced: existing !== undefined };
    });
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
        offers: (selectOffers.all(p.id) as Array<Record<string, unknown>>).map((o): NormalizedOffer => ({
          merchant: o.merchant as string | null,
          title: o.title as string | null,
          url: o.url as string | null,
          price: o.price as string | null,
          priceValue: o.price_value as number | null,
          currency: o.currency as string | null,
          available: o.available === null ? null : o.available === 1,
        })),
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
    const aiOverview = (selectAio.get(row.seq) as NormalizedAiOverview | undefined) ?? null;
    const normalized: NormalizedResult = {
      engine: row.engine as EngineName,
      text: row.answer_text,
      markdown: row.answer_markdown,
      htmlUrls: parseStringArray(row.html_urls_json),
      model: row.model,
      searchQueries: parseStringArray(row.search_queries_json),
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
      rawJson: row.raw_json,
      raw: parseJson(row.raw_json),
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
      return items.length === 0 ? [] : ingest.immediate(items);
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
      return (selectRaw.get(resultId) as string | undefined) ?? null;
    },
  };
}
