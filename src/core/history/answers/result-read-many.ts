import type Database from 'better-sqlite3';
import type { NormalizedAiOverview, NormalizedEntity } from '../../../shared/domain/result';
import { stmt } from '../connection';
import { assembleResultText, type AssembledResult, type ChildRow } from './result-assemble';
import { RESULT_SELECT, type ResultRow } from './result-row';

// A batch of stored results read back with one statement per list for the whole batch (their
// rows, sources, entities, products, offers, ads, questions, AI overviews), not one per list per
// result: the push reads every answer it sends, and nine statements an answer were most of its
// time here. Read in one snapshot; the raw JSON stays the text as stored (not parsed).

const SEQS = 'SELECT value FROM json_each(?)';

/** Rows grouped by their result's seq, in the order the statement returned them. */
function bySeq<T extends ChildRow>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const seq = row.result_seq as number;
    const group = groups.get(seq);
    if (group) group.push(row);
    else groups.set(seq, [row]);
  }
  return groups;
}

const NONE: readonly ChildRow[] = [];

export type ResultsBatchReader = (resultIds: readonly string[]) => AssembledResult[];

export function createResultsBatchReader(db: Database.Database): ResultsBatchReader {
  const lists = (sql: string) => (seqs: string) => bySeq(stmt(db, sql).all(seqs) as ChildRow[]);
  const sources = lists(`SELECT * FROM sources WHERE result_seq IN (${SEQS}) ORDER BY result_seq, id`);
  const entities = lists(
    `SELECT result_seq, type, name FROM entities WHERE result_seq IN (${SEQS}) ORDER BY result_seq, position, id`,
  );
  const products = lists(
    `SELECT * FROM products WHERE result_seq IN (${SEQS}) ORDER BY result_seq, position, id`,
  );
  const offers = lists(
    `SELECT * FROM product_offers WHERE result_seq IN (${SEQS}) ORDER BY result_seq, product_id, position, id`,
  );
  const ads = lists(`SELECT * FROM ads WHERE result_seq IN (${SEQS}) ORDER BY result_seq, position, id`);
  const questions = lists(
    `SELECT * FROM people_also_ask WHERE result_seq IN (${SEQS}) ORDER BY result_seq, position, id`,
  );
  const overviews = lists(
    `SELECT result_seq, text, markdown FROM ai_overviews WHERE result_seq IN (${SEQS})`,
  );

  const read = db.transaction((resultIds: readonly string[]): AssembledResult[] => {
    const rows = stmt(db, `${RESULT_SELECT} WHERE r.id IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(resultIds),
    ) as ResultRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const seqs = JSON.stringify(rows.map((r) => r.seq));
    const kids = {
      sources: sources(seqs),
      entities: entities(seqs),
      products: products(seqs),
      offers: offers(seqs),
      ads: ads(seqs),
      questions: questions(seqs),
      overviews: overviews(seqs),
    };
    const out: AssembledResult[] = [];
    for (const id of resultIds) {
      const row = byId.get(id);
      if (row === undefined) continue;
      const offersHere = kids.offers.get(row.seq) ?? NONE;
      const overview = kids.overviews.get(row.seq)?.[0];
      out.push(
        assembleResultText(row, {
          sources: kids.sources.get(row.seq) ?? NONE,
          entities: (kids.entities.get(row.seq) ?? NONE).map(
            (e) => ({ type: e.type, name: e.name }) as NormalizedEntity,
          ),
          products: kids.products.get(row.seq) ?? NONE,
          offersOf: (productId) => offersHere.filter((o) => o.product_id === productId),
          ads: kids.ads.get(row.seq) ?? NONE,
          peopleAlsoAsk: kids.questions.get(row.seq) ?? NONE,
          aiOverview: overview
            ? ({ text: overview.text, markdown: overview.markdown } as NormalizedAiOverview)
            : null,
        }),
      );
    }
    return out;
  });
  return (resultIds) => (resultIds.length === 0 ? [] : read(resultIds));
}
