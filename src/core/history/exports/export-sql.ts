// SQL shared by the export reads (export-read.ts, export-json-lines.ts).

/** The run's jobs in the matrix order (prompt, engine, country, state, repeat). */
export const JOB_ORDER = 'j.prompt_index, j.engine, j.country, j.us_state, j.repeat';

/** A member of a JSON object made in SQL: an SQL value (written by json_quote), or JSON text ('json'). */
export type JsonMember = readonly [key: string, sql: string, kind?: 'json'];

/**
 * The JSON text of an object, made by one concat() of its members: keys are fixed ASCII names,
 * values written by json_quote (the same writer as json_object's: strings escaped, numbers as
 * SQLite prints them, NULL as null), and JSON members put in as they are (never NULL). Text
 * rather than json_object/JSONB: a subquery's value loses its JSON subtype, so nested arrays
 * were aggregated as JSONB blobs and every one of them converted to text again by the object
 * around it; made as text they are written once (a third of a JSON export's time).
 */
export function jsonObjectSql(members: readonly JsonMember[]): string {
  const parts = members.flatMap(([key, sql, kind], i) => [
    `'${i === 0 ? '{' : ','}"${key}":'`,
    kind === 'json' ? sql : `json_quote(${sql})`,
  ]);
  return `concat(${parts.join(', ')}, '}')`;
}

/** A JSON array of the elements' JSON texts, '[]' without any: the body of a subquery. */
const jsonArraySql = (element: string, order?: string): string =>
  `coalesce('[' || group_concat(${element}, ','${order ? ` ORDER BY ${order}` : ''}) || ']', '[]')`;

// A result's child rows as the members of its normalized object, built by SQLite in the row's
// own query, keys in the normalized result's order: one statement step per job instead of
// eleven statements per answer (sources, entities, each product's offers…). Sources and
// products are read from their lists and tuples directly (the rows of the views, in their
// order): a product's offers are those of its own tuple, where the product_offers view
// expanded every offer of the result's products for each product (a product id is an
// expression over the list, migration 011), and a source's position comes with it.
const LISTED_POSITION = 'coalesce(l.positions ->> e.key, e.key + 1)';
const listed = (lists: string, texts: string) =>
  `FROM ${lists} l JOIN json_each(l.text_ids) e JOIN ${texts} t ON t.id = e.value WHERE l.result_seq = r.seq`;

const SOURCE_OBJECT = jsonObjectSql([
  ['position', LISTED_POSITION],
  ['kind', 't.kind'],
  ['url', 't.url'],
  ['domain', 't.domain'],
  ['title', 't.title'],
  ['snippet', 't.snippet'],
  ['redirectLink', 't.redirect_link'],
  ['datePublished', 't.date_published'],
]);
const OFFER_OBJECT = jsonObjectSql([
  ['merchant', 'o.value ->> 0'],
  ['title', 'o.value ->> 1'],
  ['url', 'o.value ->> 2'],
  ['price', 'o.value ->> 3'],
  ['priceValue', 'CAST(o.value ->> 4 AS REAL)'],
  ['currency', 'o.value ->> 5'],
  ['available', `CASE o.value ->> 6 WHEN 1 THEN 'true' WHEN 0 THEN 'false' ELSE 'null' END`, 'json'],
]);
const PRODUCT_OBJECT = jsonObjectSql([
  ['position', 'pr.position'],
  ['origin', 'pr.origin'],
  ['title', 'pr.title'],
  ['url', 'pr.url'],
  ['brand', 'pr.brand'],
  ['merchant', 'pr.merchant'],
  ['price', 'pr.price'],
  ['priceValue', 'pr.price_value'],
  ['currency', 'pr.currency'],
  ['rating', 'pr.rating'],
  ['reviews', 'pr.reviews'],
  ['offers', `(SELECT ${jsonArraySql(OFFER_OBJECT, 'o.key')} FROM json_each(pr.offers_json) o)`, 'json'],
]);
const AD_OBJECT = jsonObjectSql([
  ['position', 'position'],
  ['title', 'title'],
  ['body', 'body'],
  ['url', 'url'],
  ['domain', 'domain'],
  ['advertiser', 'advertiser'],
  ['placement', 'placement'],
]);
const PAA_OBJECT = jsonObjectSql([
  ['position', 'position'],
  ['question', 'question'],
  ['snippet', 'snippet'],
  ['url', 'url'],
  ['type', 'type'],
]);

export const CHILDREN_MEMBERS: readonly JsonMember[] = [
  [
    'sources',
    `(SELECT ${jsonArraySql(SOURCE_OBJECT, 'e.key')} ${listed('source_lists', 'source_texts')})`,
    'json',
  ],
  [
    'entities',
    `(SELECT ${jsonArraySql(
      jsonObjectSql([
        ['type', 'type'],
        ['name', 'name'],
      ]),
    )}
      FROM (SELECT * FROM entities WHERE result_seq = r.seq ORDER BY position, id))`,
    'json',
  ],
  [
    'products',
    `(SELECT ${jsonArraySql(PRODUCT_OBJECT)}
      FROM (SELECT ${LISTED_POSITION} AS position, e.key AS slot, t.* ${listed('product_lists', 'product_texts')}
        ORDER BY position, slot) pr)`,
    'json',
  ],
  [
    'ads',
    `(SELECT ${jsonArraySql(AD_OBJECT)} FROM (SELECT * FROM ads WHERE result_seq = r.seq ORDER BY position, id))`,
    'json',
  ],
  [
    'peopleAlsoAsk',
    `(SELECT ${jsonArraySql(PAA_OBJECT)}
      FROM (SELECT * FROM people_also_ask WHERE result_seq = r.seq ORDER BY position, id))`,
    'json',
  ],
  [
    'aiOverview',
    `coalesce((SELECT ${jsonObjectSql([
      ['text', 'text'],
      ['markdown', 'markdown'],
    ])} FROM ai_overviews WHERE result_seq = r.seq), 'null')`,
    'json',
  ],
];

/** The jobs of a run joined with their prompt and their result (if any). */
export const JOBS_FROM = `FROM jobs j JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
    LEFT JOIN results r ON r.job_id = j.id`;

/**
 * A result's archived pages as a JSON array in the shared PageArchiveStatus shape (no HTML: a
 * page is up to megabytes; `parallax page RESULT_ID` and the HTML report give the copy), in
 * page order, as JSON text. One lookup on page_archive's primary key (result_seq, page_index)
 * per result; a job without a result (r.seq NULL) and a result without page links give an
 * empty array.
 */
export function pagesArray(): string {
  return `(SELECT json_group_array(json_object('index', page_index, 'url', url, 'state', state,
      'reasonCode', reason_code, 'reason', reason, 'attempts', attempts, 'archivedAt', archived_at,
      'pageBytes', page_bytes, 'storedBytes', stored_bytes) ORDER BY page_index)
    FROM page_archive WHERE result_seq = r.seq)`;
}
