// Schema version 9: a result's sources, entities and shopping products as small rows pointing
// into tables of distinct texts. Answers of a monitoring program cite the same pages, name the
// same brands and list the same products again and again (the same prompt across countries,
// repeats and days): on a 20,000-answer history, 227,670 source rows held 47,707
// distinct (kind, url, domain, title, snippet, redirect link, date) tuples, 91,050 products
// with their offers 4,649 distinct ones, and 203,362 entities 576 (name, type) pairs;
// sources, entities and shopping were 40 % of the file (4.3 KB an answer).
//
// - source_texts, entity_texts, product_texts: one row per distinct tuple, found by its URL,
//   name or title (a few variants each). No unique constraint: SQLite's UNIQUE treats NULLs as
//   distinct, and a unique index over every column would store the texts a second time. Ingest
//   finds or adds tuples through text-dictionary.ts; tuples no row uses any more (their run was
//   deleted) are removed by `parallax db compact`. A product's offers are part of its tuple
//   (offers_json: [merchant, title, url, price, price value, currency, available] per offer,
//   in order).
// - source_rows, entity_rows, product_rows: the result's source, entity or product in its order
//   (id), its position and its tuple (text_id). No foreign key to the texts: removing unused
//   tuples would then need an index on text_id to check each one; the compact pass checks them
//   with one anti-join.
// - sources, entities, products, product_offers: views with the old tables' columns, so every
//   reader reads them as before (an offer's id orders it within its product, as before).
//   Inserting into sources and entities and deleting from sources, entities or products go
//   through INSTEAD OF triggers with the old meaning (tests, benchmarks, tools).
//
// Existing rows move in this one transaction: the distinct tuples in the order they first
// appeared, then every row with its old id, so rows keep their order and ids.
const SAME_TEXT = (a: string, b: string) =>
  `${a}.url = ${b}.url AND ${a}.kind = ${b}.kind AND ${a}.domain = ${b}.domain AND ${a}.title IS ${b}.title
    AND ${a}.snippet IS ${b}.snippet AND ${a}.redirect_link IS ${b}.redirect_link
    AND ${a}.date_published IS ${b}.date_published`;

/** A result's rows of one kind: its place (id order, position) and the id of its tuple. */
const ROWS_TABLE = (name: string) => /* sql */ `
CREATE TABLE ${name} (
  id         INTEGER PRIMARY KEY,
  result_seq INTEGER NOT NULL REFERENCES results (seq) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  text_id    INTEGER NOT NULL
) STRICT;`;

/** Deleting from the view deletes the row (the tuple stays until `db compact`). */
const DELETE_TRIGGER = (view: string, rows: string) => /* sql */ `
CREATE TRIGGER ${view}_delete INSTEAD OF DELETE ON ${view} BEGIN
  DELETE FROM ${rows} WHERE id = old.id;
END;`;

export const sql = /* sql */ `
CREATE TABLE source_texts (
  id             INTEGER PRIMARY KEY,
  kind           TEXT NOT NULL,
  url            TEXT NOT NULL,
  domain         TEXT NOT NULL,
  title          TEXT,
  snippet        TEXT,
  redirect_link  TEXT,
  date_published TEXT
) STRICT;

${ROWS_TABLE('source_rows')}

INSERT INTO source_texts (kind, url, domain, title, snippet, redirect_link, date_published)
  SELECT kind, url, domain, title, snippet, redirect_link, date_published FROM sources
  GROUP BY url, kind, domain, title, snippet, redirect_link, date_published
  ORDER BY min(id);
CREATE INDEX source_texts_by_url ON source_texts (url);

INSERT INTO source_rows (id, result_seq, position, text_id)
  SELECT s.id, s.result_seq, s.position, t.id FROM sources s JOIN source_texts t ON ${SAME_TEXT('t', 's')}
  ORDER BY s.id;
DROP TABLE sources;
CREATE INDEX source_rows_by_result ON source_rows (result_seq);

CREATE VIEW sources (id, result_seq, kind, position, url, domain, title, snippet, redirect_link, date_published) AS
  SELECT r.id, r.result_seq, t.kind, r.position, t.url, t.domain, t.title, t.snippet, t.redirect_link,
    t.date_published
  FROM source_rows r JOIN source_texts t ON t.id = r.text_id;

CREATE TRIGGER sources_insert INSTEAD OF INSERT ON sources BEGIN
  INSERT INTO source_texts (kind, url, domain, title, snippet, redirect_link, date_published)
    SELECT new.kind, new.url, new.domain, new.title, new.snippet, new.redirect_link, new.date_published
    WHERE NOT EXISTS (SELECT 1 FROM source_texts t WHERE ${SAME_TEXT('t', 'new')});
  INSERT INTO source_rows (id, result_seq, position, text_id)
    VALUES (new.id, new.result_seq, new.position,
      (SELECT min(id) FROM source_texts t WHERE ${SAME_TEXT('t', 'new')}));
END;
${DELETE_TRIGGER('sources', 'source_rows')}

CREATE TABLE entity_texts (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL
) STRICT;

${ROWS_TABLE('entity_rows')}

INSERT INTO entity_texts (name, type)
  SELECT name, type FROM entities GROUP BY name, type ORDER BY min(id);
CREATE INDEX entity_texts_by_name ON entity_texts (name);
INSERT INTO entity_rows (id, result_seq, position, text_id)
  SELECT e.id, e.result_seq, e.position, t.id FROM entities e
  JOIN entity_texts t ON t.name = e.name AND t.type = e.type
  ORDER BY e.id;
DROP TABLE entities;
CREATE INDEX entity_rows_by_result ON entity_rows (result_seq, position);

CREATE VIEW entities (id, result_seq, position, type, name) AS
  SELECT r.id, r.result_seq, r.position, t.type, t.name
  FROM entity_rows r JOIN entity_texts t ON t.id = r.text_id;

CREATE TRIGGER entities_insert INSTEAD OF INSERT ON entities BEGIN
  INSERT INTO entity_texts (name, type)
    SELECT new.name, new.type
    WHERE NOT EXISTS (SELECT 1 FROM entity_texts t WHERE t.name = new.name AND t.type = new.type);
  INSERT INTO entity_rows (id, result_seq, position, text_id)
    VALUES (new.id, new.result_seq, new.position,
      (SELECT min(id) FROM entity_texts t WHERE t.name = new.name AND t.type = new.type));
END;
${DELETE_TRIGGER('entities', 'entity_rows')}

CREATE TABLE product_texts (
  id          INTEGER PRIMARY KEY,
  title       TEXT NOT NULL,
  origin      TEXT NOT NULL,
  url         TEXT,
  brand       TEXT,
  merchant    TEXT,
  price       TEXT,
  price_value REAL,
  currency    TEXT,
  rating      REAL,
  reviews     INTEGER,
  offers_json TEXT NOT NULL CHECK (json_valid(offers_json))
) STRICT;

${ROWS_TABLE('product_rows')}

CREATE TEMP TABLE product_tuples AS
  SELECT p.id, p.result_seq, p.position, p.title, p.origin, p.url, p.brand, p.merchant, p.price, p.price_value,
    p.currency, p.rating, p.reviews,
    -- A whole price as 12, not 12.0: the form ingest writes (JSON.stringify), so tuples match.
    (SELECT json_group_array(json_array(merchant, title, url, price,
        CASE WHEN price_value = CAST(price_value AS INTEGER) THEN CAST(price_value AS INTEGER) ELSE price_value END,
        currency, available))
      FROM (SELECT * FROM product_offers o WHERE o.product_id = p.id ORDER BY position, id)) AS offers_json
  FROM products p;
INSERT INTO product_texts (title, origin, url, brand, merchant, price, price_value, currency, rating, reviews,
    offers_json)
  SELECT title, origin, url, brand, merchant, price, price_value, currency, rating, reviews, offers_json
  FROM temp.product_tuples
  GROUP BY title, origin, url, brand, merchant, price, price_value, currency, rating, reviews, offers_json
  ORDER BY min(id);
CREATE INDEX product_texts_by_title ON product_texts (title);
INSERT INTO product_rows (id, result_seq, position, text_id)
  SELECT p.id, p.result_seq, p.position, t.id FROM temp.product_tuples p JOIN product_texts t
    ON t.title = p.title AND t.origin = p.origin AND t.url IS p.url AND t.brand IS p.brand
    AND t.merchant IS p.merchant AND t.price IS p.price AND t.price_value IS p.price_value
    AND t.currency IS p.currency AND t.rating IS p.rating AND t.reviews IS p.reviews
    AND t.offers_json = p.offers_json
  ORDER BY p.id;
DROP TABLE temp.product_tuples;
DROP TABLE product_offers;
DROP TABLE products;
CREATE INDEX product_rows_by_result ON product_rows (result_seq);

CREATE VIEW products (id, result_seq, position, origin, title, url, brand, merchant, price, price_value,
    currency, rating, reviews) AS
  SELECT r.id, r.result_seq, r.position, t.origin, t.title, t.url, t.brand, t.merchant, t.price,
    t.price_value, t.currency, t.rating, t.reviews
  FROM product_rows r JOIN product_texts t ON t.id = r.text_id;

CREATE VIEW product_offers (id, product_id, position, merchant, title, url, price, price_value, currency,
    available) AS
  SELECT r.id * 65536 + o.key, r.id, o.key + 1, o.value ->> 0, o.value ->> 1, o.value ->> 2, o.value ->> 3,
    CAST(o.value ->> 4 AS REAL), o.value ->> 5, o.value ->> 6
  FROM product_rows r JOIN product_texts t ON t.id = r.text_id JOIN json_each(t.offers_json) o;

${DELETE_TRIGGER('products', 'product_rows')}

-- Search: prefix indexes of 2 and 3 characters (were 2 to 6). Each prefix length indexed stores
-- every token again, the facet tokens too: on the 20,000-answer run the index was 1.68 KB an
-- answer, 1.01 KB with '2 3' and 0.39 KB with none. A query of a longer prefix ('runni*')
-- merges the doclists of the few words it starts, as FTS5 does without a prefix index; the
-- short prefixes, which start thousands of words, keep theirs. The index is rebuilt from the
-- rows the triggers index (facets <> ''; see migration 007).
DROP TABLE answer_search;
CREATE VIRTUAL TABLE answer_search USING fts5 (
  answer_text, source_titles, facets,
  content = 'results', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
INSERT INTO answer_search (rowid, answer_text, source_titles, facets)
  SELECT seq, answer_text, source_titles, facets FROM results WHERE facets <> '' ORDER BY seq;

-- Bumped when unused tuples are removed: a connection's cache of tuple ids is then stale.
INSERT INTO meta (key, value) VALUES ('text_dictionary_generation', '0');
`;
