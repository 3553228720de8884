// Schema version 11: a result's sources, entities and shopping products as ONE row per result
// and kind, holding its tuples' ids (migration 009's dictionaries) as a JSON array, instead of a
// row and an index entry per source. On a 20,000-answer history the rows of 009 and
// their indexes by result took 764 bytes an answer (11.5 sources, 10 entities and 4.6 products
// each, every one a row of rowid, result, position and text id, and the same again in the
// index), and ingest made 26 row and 26 index inserts per answer; now it is 3 inserts, and the
// lists (with result_seq as their rowid, so no index) take ~190 bytes.
//
// - source_lists, entity_lists, product_lists: text_ids is the result's tuple ids in its order
//   ('[12,7,4051]'); positions is the matching JSON array of positions, or NULL when they are
//   1, 2, 3… (every entity list ingest writes: an entity's position is its place in the list).
//   A result without sources (or entities, or products) has no row. The arrays are read by
//   SQLite's json_each, so every reader keeps reading plain rows through the views.
// - sources, entities, products, product_offers: views with the same columns as before. A row's
//   id is result_seq × 65536 + its index in the list (no reader keeps an id: they order a
//   result's rows by it, join a product's offers by it, or delete by it), so it is unique, keeps
//   the result's order, and needs no storage. An offer's id is its product's id × 65536 + its
//   index, as in 009. product_offers has one more column, result_seq: a product id cannot be
//   looked up without it (it is an expression), so readers of one result's offers name it.
// - A row deleted through a view (INSTEAD OF DELETE, as before) leaves a JSON null in text_ids,
//   so the ids of the rows after it do not move while a multi-row DELETE walks them; the views
//   skip nulls (no tuple has a NULL id), and a list left with nothing but nulls is deleted.
//   Inserting through sources or entities (as before) appends to the result's list; the view
//   gives the row its own id (an id given in the INSERT cannot be kept).
//
// Existing rows move in this one transaction: one grouped pass per kind over 009's rows, read
// in result order from their index and each result's rows in id order.

/** Slots per list in a view's id: a result never lists 65,536 sources. */
const SLOTS = 65536;

/** A list table: the result, its tuples' ids and (unless 1, 2, 3…) their positions. */
const LIST_TABLE = (name: string) => /* sql */ `
CREATE TABLE ${name} (
  result_seq INTEGER PRIMARY KEY REFERENCES results (seq) ON DELETE CASCADE,
  text_ids   TEXT NOT NULL,
  positions  TEXT
) STRICT;`;

/** 009's rows of one kind, one list per result: ids and positions in id order, NULL for 1, 2, 3…. */
const MOVE_ROWS = (rows: string, lists: string) => /* sql */ `
INSERT INTO ${lists} (result_seq, text_ids, positions)
  SELECT result_seq, text_ids,
    CASE WHEN positions = (SELECT json_group_array(key + 1) FROM json_each(positions)) THEN NULL
      ELSE positions END
  FROM (SELECT result_seq, json_group_array(text_id ORDER BY id) AS text_ids,
      json_group_array(position ORDER BY id) AS positions
    FROM ${rows} GROUP BY result_seq)
  ORDER BY result_seq;
DROP TABLE ${rows};`;

/** What a view reads: each listed tuple (nulls of deleted rows skipped) with its id and position. */
const LISTED = (lists: string, texts: string) => /* sql */ `
  FROM ${lists} l JOIN json_each(l.text_ids) e JOIN ${texts} t ON t.id = e.value`;
const ROW_ID = `l.result_seq * ${SLOTS} + e.key`;
const POSITION = 'coalesce(l.positions ->> e.key, e.key + 1)';

/** Deleting from the view nulls the row's slot (the tuple stays until `db compact`). */
const DELETE_TRIGGER = (view: string, lists: string) => /* sql */ `
CREATE TRIGGER ${view}_delete INSTEAD OF DELETE ON ${view} BEGIN
  UPDATE ${lists}
    SET text_ids = json_replace(text_ids, '$[' || (old.id - old.result_seq * ${SLOTS}) || ']', NULL)
    WHERE result_seq = old.result_seq;
  DELETE FROM ${lists} WHERE result_seq = old.result_seq
    AND NOT EXISTS (SELECT 1 FROM json_each(text_ids) WHERE value IS NOT NULL);
END;`;

/**
 * Inserting into the view appends the tuple (`textId`, found or added by the trigger's first
 * statements) to the result's list; positions stay NULL while they are 1, 2, 3….
 */
const APPEND = (lists: string, textId: string) => /* sql */ `
  INSERT INTO ${lists} (result_seq, text_ids) VALUES (new.result_seq, '[]') ON CONFLICT DO NOTHING;
  UPDATE ${lists} SET
    positions = CASE WHEN positions IS NULL AND new.position = json_array_length(text_ids) + 1 THEN NULL
      ELSE json_insert(coalesce(positions, (SELECT json_group_array(key + 1) FROM json_each(text_ids))),
        '$[#]', new.position) END,
    text_ids = json_insert(text_ids, '$[#]', ${textId})
  WHERE result_seq = new.result_seq;`;

const SAME_SOURCE = `t.url = new.url AND t.kind = new.kind AND t.domain = new.domain AND t.title IS new.title
    AND t.snippet IS new.snippet AND t.redirect_link IS new.redirect_link
    AND t.date_published IS new.date_published`;

const SAME_ENTITY = 't.name = new.name AND t.type = new.type';

export const sql = /* sql */ `
DROP VIEW sources;
DROP VIEW entities;
DROP VIEW products;
DROP VIEW product_offers;

${LIST_TABLE('source_lists')}
${MOVE_ROWS('source_rows', 'source_lists')}

CREATE VIEW sources (id, result_seq, kind, position, url, domain, title, snippet, redirect_link,
    date_published) AS
  SELECT ${ROW_ID}, l.result_seq, t.kind, ${POSITION}, t.url, t.domain, t.title, t.snippet, t.redirect_link,
    t.date_published
  ${LISTED('source_lists', 'source_texts')};

CREATE TRIGGER sources_insert INSTEAD OF INSERT ON sources BEGIN
  INSERT INTO source_texts (kind, url, domain, title, snippet, redirect_link, date_published)
    SELECT new.kind, new.url, new.domain, new.title, new.snippet, new.redirect_link, new.date_published
    WHERE NOT EXISTS (SELECT 1 FROM source_texts t WHERE ${SAME_SOURCE});
  ${APPEND('source_lists', `(SELECT min(id) FROM source_texts t WHERE ${SAME_SOURCE})`)}
END;
${DELETE_TRIGGER('sources', 'source_lists')}

${LIST_TABLE('entity_lists')}
${MOVE_ROWS('entity_rows', 'entity_lists')}

CREATE VIEW entities (id, result_seq, position, type, name) AS
  SELECT ${ROW_ID}, l.result_seq, ${POSITION}, t.type, t.name
  ${LISTED('entity_lists', 'entity_texts')};

CREATE TRIGGER entities_insert INSTEAD OF INSERT ON entities BEGIN
  INSERT INTO entity_texts (name, type)
    SELECT new.name, new.type
    WHERE NOT EXISTS (SELECT 1 FROM entity_texts t WHERE ${SAME_ENTITY});
  ${APPEND('entity_lists', `(SELECT min(id) FROM entity_texts t WHERE ${SAME_ENTITY})`)}
END;
${DELETE_TRIGGER('entities', 'entity_lists')}

${LIST_TABLE('product_lists')}
${MOVE_ROWS('product_rows', 'product_lists')}

CREATE VIEW products (id, result_seq, position, origin, title, url, brand, merchant, price, price_value,
    currency, rating, reviews) AS
  SELECT ${ROW_ID}, l.result_seq, ${POSITION}, t.origin, t.title, t.url, t.brand, t.merchant, t.price,
    t.price_value, t.currency, t.rating, t.reviews
  ${LISTED('product_lists', 'product_texts')};

CREATE VIEW product_offers (id, product_id, position, merchant, title, url, price, price_value, currency,
    available, result_seq) AS
  SELECT (${ROW_ID}) * ${SLOTS} + o.key, ${ROW_ID}, o.key + 1, o.value ->> 0, o.value ->> 1, o.value ->> 2,
    o.value ->> 3, CAST(o.value ->> 4 AS REAL), o.value ->> 5, o.value ->> 6, l.result_seq
  ${LISTED('product_lists', 'product_texts')} JOIN json_each(t.offers_json) o;

${DELETE_TRIGGER('products', 'product_lists')}
`;
