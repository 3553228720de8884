import type Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';

// The copied answers' brand rows (positioning-history.ts). A copy names the brands its template
// names, so its per-answer mention rows (vis_result_brand) are its template's, and the brand and
// gap roll-ups are then counted from those rows in SQL, as ingest would have summed them. Without
// them a copy named no brand: a drill for "answers naming X" found almost nothing and walked the
// whole history, which a real history never does. The templates are the answers stored through
// ingest (their facets are filled; a copy's are empty); a copy finds its template by its
// document (a copy's doc is its template's, byte for byte).

/** The meta key marking a history whose copies have their mention rows. */
export const MENTIONS_KEY = 'bench-mentions';

const TEMPLATE = "r.facets <> ''";

const STEPS: ReadonlyArray<[label: string, sql: string]> = [
  [
    'templates by document',
    `CREATE TEMP TABLE template_docs (doc BLOB PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
     INSERT OR IGNORE INTO temp.template_docs (doc, seq)
       SELECT r.doc, r.seq FROM results r WHERE ${TEMPLATE} ORDER BY r.seq`,
  ],
  [
    'vis_result_brand',
    `DELETE FROM vis_result_brand WHERE seq IN (SELECT r.seq FROM results r WHERE NOT (${TEMPLATE}));
     INSERT INTO vis_result_brand (seq, brand, mentioned, cited, rank, count)
       SELECT r.seq, b.brand, b.mentioned, b.cited, b.rank, b.count
       FROM results r JOIN temp.template_docs t ON t.doc = r.doc JOIN vis_result_brand b ON b.seq = t.seq
       WHERE NOT (${TEMPLATE}) ORDER BY r.seq, b.brand`,
  ],
  [
    'vis_brand_day',
    `DELETE FROM vis_brand_day;
     INSERT INTO vis_brand_day (day, run, engine, loc, brand, mentioned, cited, ranked, rank_sum, rank_sq, mentions, present)
       SELECT f.day, f.run, f.engine, f.loc, b.brand, sum(b.mentioned), sum(b.cited), sum(b.rank IS NOT NULL),
         sum(coalesce(b.rank, 0)), sum(coalesce(b.rank * b.rank, 0)), sum(b.count), count(*)
       FROM vis_result f JOIN vis_result_brand b ON b.seq = f.seq GROUP BY 1, 2, 3, 4, 5`,
  ],
  [
    'vis_brand_el',
    `DELETE FROM vis_brand_el;
     INSERT INTO vis_brand_el (day, engine, loc, brand, mentioned, cited, ranked, rank_sum, rank_sq, mentions, present)
       SELECT day, engine, loc, brand, sum(mentioned), sum(cited), sum(ranked), sum(rank_sum), sum(rank_sq),
         sum(mentions), sum(present) FROM vis_brand_day GROUP BY 1, 2, 3, 4`,
  ],
  [
    'vis_brand_d',
    `DELETE FROM vis_brand_d;
     INSERT INTO vis_brand_d (day, brand, mentioned, cited, ranked, rank_sum, rank_sq, mentions, present)
       SELECT day, brand, sum(mentioned), sum(cited), sum(ranked), sum(rank_sum), sum(rank_sq), sum(mentions),
         sum(present) FROM vis_brand_day GROUP BY 1, 2`,
  ],
  [
    // Answers naming a competitor but not the focus (every competitor counts as a rival).
    'vis_gap_cell',
    `DELETE FROM vis_gap_cell;
     INSERT INTO vis_gap_cell (focus, day, run, engine, loc, answers)
       SELECT fo.id, f.day, f.run, f.engine, f.loc, count(*)
       FROM (SELECT vb.id FROM vis_brands vb JOIN brands b ON b.id = vb.brand_id WHERE b.kind = 'brand') fo
       JOIN vis_result f
       WHERE NOT EXISTS (SELECT 1 FROM vis_result_brand x WHERE x.seq = f.seq AND x.brand = fo.id AND x.mentioned = 1)
         AND EXISTS (SELECT 1 FROM vis_result_brand x JOIN vis_brands vb ON vb.id = x.brand
           JOIN brands b ON b.id = vb.brand_id
           WHERE x.seq = f.seq AND x.mentioned = 1 AND b.kind = 'competitor' AND x.brand <> fo.id)
       GROUP BY 1, 2, 3, 4, 5`,
  ],
  [
    'statistics',
    'ANALYZE vis_result_brand; ANALYZE vis_brand_day; ANALYZE vis_brand_el; ANALYZE vis_brand_d',
  ],
];

/** Gives every copied answer its template's brand rows and recounts the brand roll-ups. */
export function fillCopiedMentions(db: Database.Database): void {
  for (const [label, sql] of STEPS) {
    const t = performance.now();
    db.transaction(() => db.exec(sql))();
    console.log(`   ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  db.exec('DROP TABLE IF EXISTS temp.template_docs');
  db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(MENTIONS_KEY);
}
