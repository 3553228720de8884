// SQL shared by the export reads (export-read.ts, export-json-lines.ts).

/** The run's jobs in the matrix order (prompt, engine, country, state, repeat). */
export const JOB_ORDER = 'j.prompt_index, j.engine, j.country, j.us_state, j.repeat';

// A result's child rows as the members of its normalized object, built by SQLite in the row's
// own query, keys in the normalized result's order: one statement step per job instead of
// eleven statements per answer (sources, entities, each product's offers…). Each array is
// aggregated as JSONB: a subquery's value loses its JSON subtype, and a JSONB blob is still
// taken as JSON by the json_object around it, where a text array would need json() to parse
// it again (a fifth of the time of a JSON export). Sources keep their stored order through the
// aggregate's own ORDER BY (their index is by kind and position, not id), cheaper than a
// sorted subquery per result. Products are read from their list and tuples directly (the
// products view's rows, in its order), each with the offers of its own tuple: through the
// product_offers view, a product's offers were found by expanding every offer of the result's
// products and keeping its own (a product id is an expression over the list, migration 011),
// a third of a JSON export's time.
export const CHILDREN_MEMBERS = `
  'sources', (SELECT jsonb_group_array(jsonb_object('position', position, 'kind', kind, 'url', url,
      'domain', domain, 'title', title, 'snippet', snippet, 'redirectLink', redirect_link,
      'datePublished', date_published) ORDER BY id) FROM sources WHERE result_seq = r.seq),
  'entities', (SELECT jsonb_group_array(jsonb_object('type', type, 'name', name))
      FROM (SELECT * FROM entities WHERE result_seq = r.seq ORDER BY position, id)),
  'products', (SELECT jsonb_group_array(jsonb_object('position', pr.position, 'origin', pr.origin,
      'title', pr.title, 'url', pr.url, 'brand', pr.brand, 'merchant', pr.merchant, 'price', pr.price,
      'priceValue', pr.price_value, 'currency', pr.currency, 'rating', pr.rating, 'reviews', pr.reviews,
      'offers', (SELECT jsonb_group_array(jsonb_object('merchant', o.value ->> 0, 'title', o.value ->> 1,
          'url', o.value ->> 2, 'price', o.value ->> 3, 'priceValue', CAST(o.value ->> 4 AS REAL),
          'currency', o.value ->> 5,
          'available', CASE o.value ->> 6 WHEN 1 THEN jsonb('true') WHEN 0 THEN jsonb('false') END)
          ORDER BY o.key)
        FROM json_each(pr.offers_json) o)))
      FROM (SELECT coalesce(l.positions ->> e.key, e.key + 1) AS position, e.key AS slot, t.*
        FROM product_lists l JOIN json_each(l.text_ids) e JOIN product_texts t ON t.id = e.value
        WHERE l.result_seq = r.seq ORDER BY position, slot) pr),
  'ads', (SELECT jsonb_group_array(jsonb_object('position', position, 'title', title, 'body', body,
      'url', url, 'domain', domain, 'advertiser', advertiser, 'placement', placement))
      FROM (SELECT * FROM ads WHERE result_seq = r.seq ORDER BY position, id)),
  'peopleAlsoAsk', (SELECT jsonb_group_array(jsonb_object('position', position, 'question', question,
      'snippet', snippet, 'url', url, 'type', type))
      FROM (SELECT * FROM people_also_ask WHERE result_seq = r.seq ORDER BY position, id)),
  'aiOverview', (SELECT jsonb_object('text', text, 'markdown', markdown) FROM ai_overviews WHERE result_seq = r.seq)`;

/** The jobs of a run joined with their prompt and their result (if any). */
export const JOBS_FROM = `FROM jobs j JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index
    LEFT JOIN results r ON r.job_id = j.id`;

/**
 * A result's archived pages as a JSON array in the shared PageArchiveStatus shape (no HTML: a
 * page is up to megabytes; `parallax page RESULT_ID` and the HTML report give the copy), in
 * page order. `jsonb` inside a json_object (no reparse), `json` (text) where it is read as a
 * column. One lookup on page_archive's primary key (result_seq, page_index) per result; a job
 * without a result (r.seq NULL) and a result without page links give an empty array.
 */
export function pagesArray(kind: 'json' | 'jsonb'): string {
  return `(SELECT ${kind}_group_array(${kind}_object('index', page_index, 'url', url, 'state', state,
      'reasonCode', reason_code, 'reason', reason, 'attempts', attempts, 'archivedAt', archived_at,
      'pageBytes', page_bytes, 'storedBytes', stored_bytes) ORDER BY page_index)
    FROM page_archive WHERE result_seq = r.seq)`;
}
