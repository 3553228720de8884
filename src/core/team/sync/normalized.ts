import { ENGINE_NAMES, type EngineName } from '../../../shared/api/engines';
import type { NormalizedResult } from '../../../shared/domain/result';

// A result's normalised document as a teammate's desktop stored it on the team server. It goes
// to the same ingest as a fresh answer, so it is read as defensively as the service's JSON:
// every list is a list, every text a text, and what a newer Parallax added is ignored.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const list = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value) ? value.filter(isObject) : [];

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A text that holds JSON as its value; anything else (a JSON string that is not JSON) as it is. */
function parsedOrSelf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** Why the value is not a document a pull can store, or null when it is one. */
export function normalizedFault(value: unknown): string | null {
  const doc = parsedOrSelf(value);
  if (!isObject(doc))
    return `its normalized_json is ${Array.isArray(doc) ? 'an array' : `a JSON ${doc === null ? 'null' : typeof doc}`}, not an object`;
  if (typeof doc['text'] !== 'string') return 'its normalized_json has no "text" string';
  return null;
}

/** The document, or null when it is not one (the row is then skipped and named: normalizedFault). */
export function readNormalized(value: unknown, engine: string): NormalizedResult | null {
  const doc = parsedOrSelf(value);
  if (!isObject(doc) || typeof doc['text'] !== 'string') return null;
  const sources = list(doc['sources']).filter(
    (s) => typeof s['url'] === 'string' && typeof s['kind'] === 'string',
  );
  const docEngine = typeof doc['engine'] === 'string' ? doc['engine'] : engine;
  const aiOverview =
    isObject(doc['aiOverview']) && typeof doc['aiOverview']['text'] === 'string' ? doc['aiOverview'] : null;
  return {
    engine: ((ENGINE_NAMES as readonly string[]).includes(docEngine) ? docEngine : engine) as EngineName,
    text: doc['text'],
    markdown: text(doc['markdown']),
    htmlUrls: texts(doc['htmlUrls']),
    model: text(doc['model']),
    searchQueries: texts(doc['searchQueries']),
    sources: sources.map((s, i) => ({
      position: typeof s['position'] === 'number' ? s['position'] : i + 1,
      kind: s['kind'] as NormalizedResult['sources'][number]['kind'],
      url: s['url'] as string,
      domain: text(s['domain']) ?? '',
      title: text(s['title']),
      snippet: text(s['snippet']),
      redirectLink: text(s['redirectLink']),
      datePublished: text(s['datePublished']),
    })),
    entities: list(doc['entities'])
      .filter((e) => typeof e['name'] === 'string')
      .map((e) => ({ type: text(e['type']) ?? '', name: e['name'] as string })),
    products: list(doc['products'])
      .filter((p) => typeof p['title'] === 'string')
      .map((p) => ({ ...p, offers: list(p['offers']) })) as unknown as NormalizedResult['products'],
    ads: list(doc['ads']).filter((a) => typeof a['title'] === 'string') as unknown as NormalizedResult['ads'],
    peopleAlsoAsk: list(doc['peopleAlsoAsk']).filter(
      (q) => typeof q['question'] === 'string',
    ) as unknown as NormalizedResult['peopleAlsoAsk'],
    aiOverview: aiOverview
      ? { text: aiOverview['text'] as string, markdown: text(aiOverview['markdown']) }
      : null,
    relatedSearches: texts(doc['relatedSearches']),
    shape: doc['shape'] === 'legacy' || doc['shape'] === 'mobile-web' ? doc['shape'] : null,
  };
}
