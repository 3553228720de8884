// The attribute roll-up by engine alone, so the positioning queries stay within 300 ms at 1M
// answers: the Positioning view split or filtered by engine (not by location) would otherwise sum
// pos_attr_el, whose rows are per engine × location, six times the rows it needs (about 200,000
// rows for 30 days of a million answers: 350 ms). pos_attr_e keeps the same time buckets per
// engine; it is filled here from pos_attr_el (the same sums without the location) and kept by
// the roll-up writer from then on.
export const sql = /* sql */ `
CREATE TABLE pos_attr_e (
  judge INTEGER NOT NULL, span INTEGER NOT NULL, start INTEGER NOT NULL, engine TEXT NOT NULL,
  brand INTEGER NOT NULL, attr INTEGER NOT NULL,
  n INTEGER NOT NULL, positive INTEGER NOT NULL, negative INTEGER NOT NULL,
  PRIMARY KEY (judge, span, start, engine, brand, attr)
) STRICT, WITHOUT ROWID;
INSERT INTO pos_attr_e (judge, span, start, engine, brand, attr, n, positive, negative)
  SELECT judge, span, start, engine, brand, attr, sum(n), sum(positive), sum(negative)
  FROM pos_attr_el GROUP BY judge, span, start, engine, brand, attr;
`;
