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
import { decompressText, unpackDoc } from '../codec';
import { parseJson, parseStringArray } from '../connection';
import type { StoredResult } from '../runs';
import type { ResultRow } from './result-row';

// A stored result put back together from its row and its child rows, however they were read:
// one statement per list for one result (result-read.ts), or one per list for a batch of
// results (result-read-many.ts, the push's reader).

export type ChildRow = Record<string, unknown>;

/** A result's child rows, in their stored order. */
export interface ResultChildren {
  sources: readonly ChildRow[];
  entities: readonly NormalizedEntity[];
  products: readonly ChildRow[];
  /** A product's offers by its row id. */
  offersOf(productId: unknown): readonly ChildRow[];
  ads: readonly ChildRow[];
  peopleAlsoAsk: readonly ChildRow[];
  aiOverview: NormalizedAiOverview | null;
}

const toSource = (s: ChildRow): NormalizedSource => ({
  position: s.position as number,
  kind: s.kind as SourceKind,
  url: s.url as string,
  domain: s.domain as string,
  title: s.title as string | null,
  snippet: s.snippet as string | null,
  redirectLink: s.redirect_link as string | null,
  datePublished: s.date_published as string | null,
});

const toOffer = (o: ChildRow): NormalizedOffer => ({
  merchant: o.merchant as string | null,
  title: o.title as string | null,
  url: o.url as string | null,
  price: o.price as string | null,
  priceValue: o.price_value as number | null,
  currency: o.currency as string | null,
  available: o.available === null ? null : o.available === 1,
});

const toProduct = (p: ChildRow, offers: readonly ChildRow[]): NormalizedProduct => ({
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
  offers: offers.map(toOffer),
});

const toAd = (a: ChildRow): NormalizedAd => ({
  position: a.position as number,
  title: a.title as string,
  body: a.body as string | null,
  url: a.url as string | null,
  domain: a.domain as string | null,
  advertiser: a.advertiser as string | null,
  placement: a.placement as string | null,
});

const toQuestion = (q: ChildRow): NormalizedPeopleAlsoAsk => ({
  position: q.position as number,
  question: q.question as string,
  snippet: q.snippet as string | null,
  url: q.url as string | null,
  type: q.type as string | null,
});

/** The result without its parsed raw JSON (the push sends the text as stored). */
export type AssembledResult = Omit<StoredResult, 'raw'>;

export function assembleResultText(row: ResultRow, kids: ResultChildren): AssembledResult {
  const doc = row.doc === null ? null : unpackDoc(row.doc);
  // A result always has its raw JSON; 'null' only if a damaged older file lost it.
  const rawJson = (doc ? doc.rawJson : row.raw_zstd && decompressText(row.raw_zstd)) ?? 'null';
  const normalized: NormalizedResult = {
    engine: row.engine as EngineName,
    text: doc ? doc.text : (row.old_text ?? ''),
    markdown: doc ? doc.markdown : row.old_markdown,
    htmlUrls: parseStringArray(row.html_urls_json),
    model: row.model,
    searchQueries: parseStringArray(doc ? doc.searchQueriesJson : (row.old_search_queries ?? '[]')),
    sources: kids.sources.map(toSource),
    entities: [...kids.entities],
    products: kids.products.map((p) => toProduct(p, kids.offersOf(p.id))),
    ads: kids.ads.map(toAd),
    peopleAlsoAsk: kids.peopleAlsoAsk.map(toQuestion),
    aiOverview: kids.aiOverview,
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
  };
}

export function assembleResult(row: ResultRow, kids: ResultChildren): StoredResult {
  const result = assembleResultText(row, kids);
  return { ...result, raw: parseJson(result.rawJson) };
}
