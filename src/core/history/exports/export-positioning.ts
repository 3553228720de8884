import type Database from 'better-sqlite3';
import { keptDocPart } from '../codec';
import { polarityOfCode, sentimentOfCode, statusOfCode } from '../positioning';

// An answer's positioning by one judge (@judge, a judge's name) as JSON text, in the shape of
// `parallax show --json` (brand, brandId, status, sentiment {label, score}, evidence [{text,
// start, end}], attributes [{text, polarity}], judge {id, version}), brands by name: the JSON
// export writes it as it is, the CSV and XLSX read it for their positioning columns. 'null' when
// the judge has not scored the answer, '[]' when it names no tracked brand.
//
// SQL gathers the answer's rows as they are stored (one compact array); positioning_json, a SQL
// function of the reader's connection, writes the object: evidence texts cut from the answer's
// document the row has just read (the codec's kept document: no copy of the answer into SQLite
// and back), attribute texts from a dictionary the reader keeps. Built as JSON objects in SQL
// (a subquery per brand for its attributes, the answer's text passed once per piece of
// evidence), the same member cost about 3 times as much per answer.

/** A stored brand row as gathered: name, id, status, tone, score (thousandths), offsets, attributes. */
type Gathered = [string, string, number, number, number, number[], number[]];

/** The attribute dictionary (pos_attrs) as the reader holds it, read again as it grows. */
export interface AttrDictionary {
  text(id: number): string;
  /** Reads the attributes added since the last read (call inside the read that uses them). */
  refresh(): void;
}

function createAttrDictionary(db: Database.Database): AttrDictionary {
  const texts = new Map<number, string>();
  let after = 0;
  const newer = db.prepare('SELECT id, text FROM pos_attrs WHERE id > ? ORDER BY id');
  return {
    text: (id) => texts.get(id) ?? '',
    refresh() {
      for (const row of newer.all(after) as Array<{ id: number; text: string }>) {
        texts.set(row.id, row.text);
        after = row.id;
      }
    },
  };
}

/**
 * Iterates rows read with the dictionary up to date: inside one read transaction (its own, unless
 * the connection is in one), so the rows reference no attribute the dictionary was read without.
 */
export function* inSnapshot<T>(
  db: Database.Database,
  attrs: AttrDictionary,
  rows: () => Iterable<T>,
): IterableIterator<T> {
  const own = !db.inTransaction;
  if (own) db.exec('BEGIN');
  try {
    attrs.refresh();
    yield* rows();
  } finally {
    if (own && db.inTransaction) db.exec('COMMIT');
  }
}

function brandJson(g: Gathered, source: string, attrs: AttrDictionary, judge: string): string {
  const [name, id, status, sentiment, score, offsets, pairs] = g;
  const evidence: string[] = [];
  for (let i = 0; i + 1 < offsets.length; i += 2) {
    const start = offsets[i] as number;
    const end = offsets[i + 1] as number;
    evidence.push(`{"text":${JSON.stringify(source.slice(start, end))},"start":${start},"end":${end}}`);
  }
  const attributes: string[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2)
    attributes.push(
      `{"text":${JSON.stringify(attrs.text(pairs[i] as number))},"polarity":"${polarityOfCode(pairs[i + 1] as number)}"}`,
    );
  return (
    `{"brand":${JSON.stringify(name)},"brandId":${JSON.stringify(id)},"status":"${statusOfCode(status)}",` +
    `"sentiment":{"label":"${sentimentOfCode(sentiment)}","score":${score / 1000}},` +
    `"evidence":[${evidence.join(',')}],"attributes":[${attributes.join(',')}],${judge}}`
  );
}

const registered = new WeakMap<Database.Database, AttrDictionary>();

/**
 * Registers positioning_json(rows, judge, version, doc, part, text) on a reader's connection,
 * once, and returns the connection's attribute dictionary: `rows` the JSON array SQL gathered
 * (Gathered tuples), `doc` and `part` the answer's document and the part the judge read
 * (2 Markdown, 0 text), `text` that text for a row stored before documents (doc NULL).
 */
export function positioningJsonFor(db: Database.Database): AttrDictionary {
  const known = registered.get(db);
  if (known !== undefined) return known;
  const attrs = createAttrDictionary(db);
  registered.set(db, attrs);
  db.function('positioning_json', { deterministic: true, varargs: true }, (...args: unknown[]) => {
    const [rows, judge, version, doc, part, text] = args;
    const list = JSON.parse(typeof rows === 'string' ? rows : '[]') as Gathered[];
    if (list.length === 0) return '[]';
    const source = typeof text === 'string' ? text : (keptDocPart(db, doc, part) ?? '');
    const judgeMember = `"judge":{"id":${JSON.stringify(judge)},"version":${JSON.stringify(version)}}`;
    return `[${list.map((g) => brandJson(g, source, attrs, judgeMember)).join(',')}]`;
  });
  return attrs;
}

const GATHERED = `SELECT json_group_array(json_array(coalesce(br.name, pb.brand_id), pb.brand_id, b.status,
    b.sentiment, b.score, json(coalesce(b.evidence, '[]')), json(coalesce(b.attrs, '[]')))
    ORDER BY coalesce(br.name, pb.brand_id), pb.brand_id)
  FROM pos_brand b JOIN pos_brands pb ON pb.id = b.brand LEFT JOIN brands br ON br.id = pb.brand_id
  WHERE b.seq = a.seq AND b.judge = a.judge`;

/** The positioning of the results row aliased r, as JSON text (binds @judge). */
export const POSITIONING_SQL = `coalesce((SELECT positioning_json((${GATHERED}), jd.name, s.version, r.doc,
    CASE a.markdown WHEN 1 THEN 2 ELSE 0 END,
    CASE WHEN r.doc IS NULL THEN CASE a.markdown WHEN 1 THEN r.markdown_text ELSE r.answer_text END END)
  FROM pos_answer a JOIN pos_scorings s ON s.id = a.scoring JOIN pos_judges jd ON jd.id = a.judge
  WHERE a.seq = r.seq AND a.judge = (SELECT id FROM pos_judges WHERE name = @judge)), 'null')`;
