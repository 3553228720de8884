import { sentimentOfCode, STATUS_CODES } from '../../../history';
import { EVIDENCE_TEXT_FN } from '../evidence-text';
import type { ExportTable } from '../types';
import { answerBrandColumns, col } from './column';

// One row per answer, judge and brand the judge found in it (the Positioning view's rows: how
// the answer presents the brand), from pos_answer and pos_brand (migration 014): the codes as
// the app names them, the score from thousandths, the first piece of evidence (the one the
// app's badge scrolls to) cut from the answer's text. An answer a judge could not score (a
// model's refusal) is one row with its reason and no brand, as the app shows "not scored".
// Every judge's rows: a history judged twice (the built-in judge and a model) has both.

/** A stored code as the app's label: CASE code WHEN 0 THEN 'top' … END. */
const labelSql = (code: string, labels: ReadonlyArray<readonly [number, string]>): string =>
  `CASE ${code} ${labels.map(([c, l]) => `WHEN ${c} THEN '${l}'`).join(' ')} END`;

export const STATUS_SQL = labelSql(
  'b.status',
  STATUS_CODES.map((s, i) => [i, s] as const),
);
const SENTIMENT_SQL = labelSql(
  'b.sentiment',
  [-1, 0, 1].map((c) => [c, sentimentOfCode(c)] as const),
);

/** The first evidence's offsets (pos_brand.evidence is [start, end, start, end…]). */
const START = `json_extract(b.evidence, '$[0]')`;
const END = `json_extract(b.evidence, '$[1]')`;

/**
 * The evidence text, read from the answer's row only for a row that has evidence (the bench's
 * million answers without brands read none): the judged part of its document (2 Markdown,
 * 0 text), or that text itself for an answer stored before documents.
 */
const EVIDENCE_TEXT = `CASE WHEN b.evidence IS NOT NULL THEN (SELECT ${EVIDENCE_TEXT_FN}(x.doc,
    CASE a.markdown WHEN 1 THEN 2 ELSE 0 END,
    CASE WHEN x.doc IS NULL THEN CASE a.markdown WHEN 1 THEN x.markdown_text ELSE x.answer_text END END,
    ${START}, ${END}) FROM results x WHERE x.seq = s.k) END`;

export const positioningTable: ExportTable = {
  name: 'positioning',
  description: 'One row per brand a judge found in an answer: status, sentiment, evidence, judge.',
  columns: [
    ...answerBrandColumns(false),
    col('brand_kind', 'text', 'br.kind'),
    col('status', 'text', STATUS_SQL),
    col('sentiment', 'text', SENTIMENT_SQL),
    col('sentiment_score', 'real', 'b.score / 1000.0'),
    col('evidence_text', 'text', EVIDENCE_TEXT),
    col('evidence_start', 'integer', START),
    col('evidence_end', 'integer', END),
    col(
      'evidence_count',
      'integer',
      `CASE WHEN b.seq IS NOT NULL THEN coalesce(json_array_length(b.evidence), 0) / 2 END`,
    ),
    col('evidence_in', 'text', `CASE a.markdown WHEN 1 THEN 'answer_markdown' ELSE 'answer_text' END`, {
      required: true,
    }),
    col(
      'attribute_count',
      'integer',
      `CASE WHEN b.seq IS NOT NULL THEN coalesce(json_array_length(b.attrs), 0) / 2 END`,
    ),
    col('judge', 'text', 'jd.name', { required: true }),
    col('judge_version', 'text', 'sc.version', { required: true }),
    col('not_scored', 'text', 'a.note'),
  ],
  indexes: [['result_id'], ['brand_id']],
  scope: 'scope_results',
  from: `temp.scope_results s
    JOIN temp.answer_ids r ON r.k = s.k
    JOIN pos_answer a ON a.seq = s.k
    JOIN pos_judges jd ON jd.id = a.judge
    JOIN pos_scorings sc ON sc.id = a.scoring
    LEFT JOIN pos_brand b ON b.seq = a.seq AND b.judge = a.judge
    LEFT JOIN pos_brands pb ON pb.id = b.brand
    LEFT JOIN brands br ON br.id = pb.brand_id`,
  // A brand deleted since (its rows stay until the re-score) is left out, as in mentions; an
  // answer scored as naming no brand has no row, one not scored has its reason's row.
  where: '(br.id IS NOT NULL OR (b.seq IS NULL AND a.note IS NOT NULL))',
  batchKey: 's.k',
  orderBy: 's.k, jd.name, br.name',
  rowGroupRows: 25_000,
};
