import type Database from 'better-sqlite3';
import type { ResultPositioning, StoredPositioning } from '../../../shared/positioning/view-types';
import { pluck, stmt } from '../connection';
import { attrPairs, parsePairs, polarityOfCode, sentimentOfCode, statusOfCode } from './positioning-codes';

// Answers' positioning read back for one judge: for `parallax show --json`, Compare and the
// MCP server. Evidence texts are cut from the text the judge read (the answer's Markdown or
// plain text, pos_answer.markdown), which is decompressed only for answers naming a brand.

interface AnswerRow {
  resultId: string;
  seq: number;
  markdown: number;
  note: string | null;
  judge: string;
  version: string;
  /** JSON [[brandId, name, status, sentiment, score, evidence, attrs], …] in brand name order. */
  brands: string;
  text: string | null;
}

const SELECT = `SELECT r.id AS resultId, r.seq, a.markdown, a.note, jd.name AS judge, s.version,
    coalesce((SELECT json_group_array(json_array(pb.brand_id, coalesce(br.name, pb.brand_id), b.status,
        b.sentiment, b.score, b.evidence, b.attrs) ORDER BY coalesce(br.name, pb.brand_id), pb.brand_id)
      FROM pos_brand b JOIN pos_brands pb ON pb.id = b.brand LEFT JOIN brands br ON br.id = pb.brand_id
      WHERE b.seq = r.seq AND b.judge = a.judge), '[]') AS brands,
    CASE WHEN EXISTS (SELECT 1 FROM pos_brand WHERE seq = r.seq AND judge = a.judge AND evidence IS NOT NULL)
      THEN CASE a.markdown WHEN 1 THEN r.markdown_text ELSE r.answer_text END END AS text
  FROM results r
  JOIN pos_answer a ON a.seq = r.seq AND a.judge = (SELECT id FROM pos_judges WHERE name = @judge)
  JOIN pos_scorings s ON s.id = a.scoring JOIN pos_judges jd ON jd.id = a.judge`;

type BrandTuple = [string, string, number, number, number, string | null, string | null];

export interface PositioningResultsApi {
  /**
   * The positioning of these answers by a judge, in order: judge null for an answer it has not
   * scored, null for an id that is no stored answer.
   */
  posResults(resultIds: readonly string[], judge: string): Array<ResultPositioning | null>;
  /** The positioning of every answer of a run by a judge, by result id. */
  posRunResults(runId: string, judge: string): Map<string, ResultPositioning>;
}

export function createPositioningResultsApi(db: Database.Database): PositioningResultsApi {
  const attrTexts = new Map<number, string>();

  function attrText(id: number): string {
    let text = attrTexts.get(id);
    if (text === undefined) {
      text =
        (stmt(db, 'SELECT text FROM pos_attrs WHERE id = ?').get(id) as { text: string } | undefined)?.text ??
        '';
      if (attrTexts.size > 50_000) attrTexts.clear();
      attrTexts.set(id, text);
    }
    return text;
  }

  function brandOf(
    t: BrandTuple,
    text: string | null,
    judge: { id: string; version: string },
  ): StoredPositioning {
    const offsets = parsePairs(t[5]);
    const evidence = [];
    for (let i = 0; i + 1 < offsets.length; i += 2) {
      const start = offsets[i] as number;
      const end = offsets[i + 1] as number;
      evidence.push({ text: text === null ? '' : text.slice(start, end), start, end });
    }
    return {
      brand: t[1],
      brandId: t[0],
      status: statusOfCode(t[2]),
      sentiment: { label: sentimentOfCode(t[3]), score: t[4] / 1000 },
      evidence,
      attributes: attrPairs(t[6]).map(([id, polarity]) => ({
        text: attrText(id),
        polarity: polarityOfCode(polarity),
      })),
      judge,
    };
  }

  function answerOf(row: AnswerRow): ResultPositioning {
    const judge = { id: row.judge, version: row.version };
    return {
      resultId: row.resultId,
      format: row.markdown === 1 ? 'markdown' : 'text',
      judge,
      notScored: row.note,
      brands: (JSON.parse(row.brands) as BrandTuple[]).map((t) => brandOf(t, row.text, judge)),
    };
  }

  const unscored = (resultId: string): ResultPositioning => ({
    resultId,
    format: null,
    judge: null,
    notScored: null,
    brands: [],
  });

  return {
    posResults(resultIds, judge) {
      const rows = stmt(db, `${SELECT} WHERE r.id IN (SELECT value FROM json_each(@ids))`).all({
        ids: JSON.stringify(resultIds),
        judge,
      }) as AnswerRow[];
      const byId = new Map(rows.map((r) => [r.resultId, answerOf(r)]));
      const stored = new Set(
        pluck(db, 'SELECT id FROM results WHERE id IN (SELECT value FROM json_each(?))').all(
          JSON.stringify(resultIds.filter((id) => !byId.has(id))),
        ) as string[],
      );
      return resultIds.map((id) => byId.get(id) ?? (stored.has(id) ? unscored(id) : null));
    },
    posRunResults(runId, judge) {
      const rows = stmt(db, `${SELECT} WHERE r.job_id IN (SELECT id FROM jobs WHERE run_id = @runId)`).all({
        runId,
        judge,
      }) as AnswerRow[];
      const out = new Map<string, ResultPositioning>();
      for (const row of rows) out.set(row.resultId, answerOf(row));
      return out;
    },
  };
}
