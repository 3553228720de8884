import { runTitle } from '../../../shared/domain/run-title';
import { pluck, stmt, type StoreContext } from '../connection';
import { dimColumn, familyOf, familyRows, pickLevel, type VisDim, type VisFilter } from './visibility-levels';
import { createDrillReads } from './visibility-read-drill';
import { createFindingsReads } from './visibility-read-findings';
import { createGapReads } from './visibility-read-gaps';
import { createSourceReads } from './visibility-read-sources';
import { json, queryAll } from './visibility-read-sql';
import type { VisBrandRow, VisCellRow, VisSeriesKeyRow, VisibilityReadApi } from './visibility-read-types';

// Reads over the Visibility tables (migration 002): raw sums only; src/core/analysis/visibility turns
// them into rates, intervals and changes. Each query is written once over the rows of a
// roll-up family; visibility-levels.ts picks the level (day, day × engine × location, run,
// cell, or the per-result rows for prompt scopes) that answers it with the fewest rows. This file
// composes the reads: sources and queries, citation gaps and drill-downs have their own files.

export type { VisDim, VisFilter } from './visibility-levels';
export type * from './visibility-read-types';

/** Select and group-by lists for the dimensions asked (run ids shown as the runs' own ids). */
function dimSelect(by: readonly VisDim[], alias: string): { select: string; group: string } {
  const cols = [...new Set(by)].map((d) => dimColumn(d, alias));
  return {
    select: cols.map((c) => `${c.column}, `).join(''),
    group: cols.map((c) => c.key).join(', '),
  };
}

/**
 * The brand sums per brand (and per bucket of `by`) at the roll-up level that answers them:
 * by engine over every run, the day × engine × location level (its plan is checked by a test).
 */
export function visBrandsQuery(
  filter: VisFilter,
  by: readonly VisDim[],
): { sql: string; params: Record<string, unknown> } {
  const family = familyOf('brand', filter, by);
  const rows = familyRows(family, pickLevel(family, filter, by), filter);
  const d = dimSelect(by, 'b');
  return {
    sql: `SELECT ${d.select}vb.brand_id AS brandId, sum(b.mentioned) AS mentioned, sum(b.cited) AS cited,
       sum(b.ranked) AS ranked, sum(b.rank_sum) AS rankSum, sum(b.rank_sq) AS rankSq, sum(b.mentions) AS mentions
     FROM (${rows.sql}) b JOIN vis_brands vb ON vb.id = b.brand
     GROUP BY ${d.group ? `${d.group}, ` : ''}b.brand`,
    params: rows.params,
  };
}

export function createVisibilityReadApi(ctx: StoreContext): VisibilityReadApi {
  const { db } = ctx;
  const all = queryAll(db);
  const sources = createSourceReads(db);

  return {
    ...sources,
    ...createGapReads(db),
    ...createDrillReads(db, sources),
    ...createFindingsReads(db),
    visCells(filter, by) {
      const family = familyOf('cell', filter, by);
      const rows = familyRows(family, pickLevel(family, filter, by), filter);
      const d = dimSelect(by, 'c');
      return all<VisCellRow>(
        `SELECT ${d.select}sum(c.answers) AS answers FROM (${rows.sql}) c
         ${d.group ? `GROUP BY ${d.group}` : ''}`,
        rows.params,
      ).filter((r) => r.answers > 0);
    },
    visBrands(filter, by) {
      const q = visBrandsQuery(filter, by);
      return all<VisBrandRow>(q.sql, q.params);
    },
    visSeriesKeys(text, limit) {
      const params: Record<string, unknown> = { limit };
      let where = '';
      if (text !== undefined && text.trim() !== '') {
        where = "WHERE p.text LIKE @text ESCAPE '\\'";
        params.text = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      }
      return all<VisSeriesKeyRow>(
        `SELECT p.text AS prompt, j.engine, j.country, j.us_state AS state, count(*) AS answers,
           min(r.fetched_at) AS firstAt, max(r.fetched_at) AS lastAt
         FROM vis_result f JOIN results r ON r.seq = f.seq JOIN run_prompts p ON p.id = f.prompt
         JOIN jobs j ON j.id = r.job_id ${where}
         GROUP BY p.text, j.engine, j.country, j.us_state HAVING count(*) > 1
         ORDER BY answers DESC, p.text, j.engine, j.country LIMIT @limit`,
        params,
      );
    },
    visRunLabels(runIds) {
      const rows = all<{
        id: string;
        name: string | null;
        prompt_count: number;
        first_prompt: string | null;
      }>(
        `SELECT r.id, r.name, r.prompt_count,
          (SELECT p.text FROM run_prompts p WHERE p.run_id = r.id AND p.idx = 0) AS first_prompt
        FROM runs r WHERE r.id IN (SELECT value FROM json_each(@ids))`,
        { ids: json(runIds) },
      );
      // Named as every run list names it (its day is the bucket's, written next to it).
      return Object.fromEntries(
        rows.map((r) => [
          r.id,
          runTitle({ name: r.name, firstPrompt: r.first_prompt, promptCount: r.prompt_count }),
        ]),
      );
    },
    visMonitorRuns(monitorId) {
      if (!pluck(db, 'SELECT 1 FROM monitors WHERE id = ?').get(monitorId)) return null;
      return pluck(db, 'SELECT id FROM runs WHERE monitor_id = ?').all(monitorId) as string[];
    },
    visTagged(tag) {
      const tagId = pluck(db, 'SELECT id FROM tags WHERE name = ?').get(tag) as number | undefined;
      if (tagId === undefined) return null;
      return {
        runIds: pluck(db, 'SELECT run_id FROM run_tags WHERE tag_id = ?').all(tagId) as string[],
        promptIds: pluck(db, 'SELECT prompt_id FROM prompt_tags WHERE tag_id = ?').all(tagId) as string[],
      };
    },
    visPromptTexts() {
      // The text index alone answers this: no answer is read.
      return pluck(db, 'SELECT DISTINCT text FROM run_prompts ORDER BY text').all() as string[];
    },
    visDayRange() {
      const row = stmt(db, 'SELECT min(day) AS first, max(day) AS last FROM vis_result').get() as {
        first: number | null;
        last: number | null;
      };
      return row.first === null || row.last === null ? null : { first: row.first, last: row.last };
    },
  };
}
