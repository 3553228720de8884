import { jsonObjectSql } from './export-sql';

// An answer's positioning by one judge (@judge, a judge's name) as JSON text made in SQL, in the
// shape of `parallax show --json` (brand, brandId, status, sentiment {label, score}, evidence
// [{text, start, end}], attributes [{text, polarity}], judge {id, version}), brands by name:
// the JSON export writes it as it is, the CSV and XLSX read it for their positioning columns.
// 'null' when the judge has not scored the answer, '[]' when it names no tracked brand.

const JUDGE_KEY = '(SELECT id FROM pos_judges WHERE name = @judge)';
const STATUS = `CASE b.status WHEN 0 THEN 'top' WHEN 1 THEN 'recommended' WHEN 2 THEN 'mentioned' ELSE 'cautioned' END`;
const TONE = (code: string) =>
  `CASE ${code} WHEN 1 THEN 'positive' WHEN -1 THEN 'negative' ELSE 'neutral' END`;
/** The text the judge read, which evidence offsets point into (decompressed once per answer). */
const JUDGED_TEXT = 'CASE a.markdown WHEN 1 THEN r.markdown_text ELSE r.answer_text END';

const array = (element: string, order: string): string =>
  `coalesce('[' || group_concat(${element}, ',' ORDER BY ${order}) || ']', '[]')`;

const EVIDENCE = `(SELECT ${array(
  jsonObjectSql([
    ['text', `utf16_slice(${JUDGED_TEXT}, e.value, b.evidence ->> (e.key + 1))`],
    ['start', 'e.value'],
    ['end', 'b.evidence ->> (e.key + 1)'],
  ]),
  'e.key',
)} FROM json_each(b.evidence) e WHERE e.key % 2 = 0)`;

const ATTRIBUTES = `(SELECT ${array(
  jsonObjectSql([
    ['text', 't.text'],
    ['polarity', TONE('b.attrs ->> (e.key + 1)')],
  ]),
  'e.key',
)} FROM json_each(b.attrs) e JOIN pos_attrs t ON t.id = e.value WHERE e.key % 2 = 0)`;

const BRAND_OBJECT = jsonObjectSql([
  ['brand', 'coalesce(br.name, pb.brand_id)'],
  ['brandId', 'pb.brand_id'],
  ['status', STATUS],
  [
    'sentiment',
    jsonObjectSql([
      ['label', TONE('b.sentiment')],
      ['score', 'b.score / 1000.0'],
    ]),
    'json',
  ],
  ['evidence', EVIDENCE, 'json'],
  ['attributes', ATTRIBUTES, 'json'],
  [
    'judge',
    jsonObjectSql([
      ['id', 'jd.name'],
      ['version', 's.version'],
    ]),
    'json',
  ],
]);

/** The positioning of the results row aliased r, as JSON text (binds @judge). */
export const POSITIONING_SQL = `coalesce((SELECT '[' || group_concat(${BRAND_OBJECT}, ',' ORDER BY coalesce(br.name, pb.brand_id), pb.brand_id) || ']'
    FROM pos_answer a JOIN pos_scorings s ON s.id = a.scoring JOIN pos_judges jd ON jd.id = a.judge
    JOIN pos_brand b ON b.seq = a.seq AND b.judge = a.judge
    JOIN pos_brands pb ON pb.id = b.brand LEFT JOIN brands br ON br.id = pb.brand_id
    WHERE a.seq = r.seq AND a.judge = ${JUDGE_KEY}), CASE WHEN EXISTS
      (SELECT 1 FROM pos_answer a WHERE a.seq = r.seq AND a.judge = ${JUDGE_KEY}) THEN '[]' ELSE 'null' END)`;
