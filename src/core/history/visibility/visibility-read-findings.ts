import type { StoreContext } from '../connection';
import { familyRows, pickLevel, type KeyCondition } from './visibility-levels';
import { json, queryAll } from './visibility-read-sql';
import type { VisibilityReadApi } from './visibility-read-types';

// The findings engine's reads the other Visibility reads lack: how many answers of each
// engine × location cell cite each of some domains (from the day × engine × location roll-up,
// or the answers' own rows for a scope of runs or prompts), and what each cell's answers cover
// (its days, and its prompts through the runs that asked it), to tell whether two periods
// compare like with like.

export type FindingsReads = Pick<VisibilityReadApi, 'visDomainCells' | 'visCoverage'>;

export function createFindingsReads(db: StoreContext['db']): FindingsReads {
  const all = queryAll(db);
  return {
    visDomainCells(filter, domainIds) {
      if (domainIds.length === 0) return [];
      const only: KeyCondition[] = [['domain', 'IN (SELECT value FROM json_each(@domainIds))']];
      const rows = familyRows('domain', pickLevel('domain', filter, ['engine', 'loc']), filter, only);
      return all<{ engine: string; loc: string; domain: string; answers: number }>(
        `SELECT x.engine, x.loc, d.domain, x.answers
         FROM (SELECT engine, loc, domain, sum(answers) AS answers FROM (${rows.sql})
               GROUP BY engine, loc, domain HAVING sum(answers) > 0) x
         JOIN vis_domains d ON d.id = x.domain`,
        { ...rows.params, domainIds: json(domainIds) },
      );
    },
    visCoverage(filter) {
      const byDay = familyRows('cell', pickLevel('cell', filter, ['day', 'engine', 'loc']), filter);
      const days = all<{ engine: string; loc: string; days: string }>(
        `SELECT engine, loc, json_group_array(day) AS days
         FROM (SELECT DISTINCT engine, loc, day FROM (${byDay.sql}) WHERE answers > 0)
         GROUP BY engine, loc`,
        byDay.params,
      );
      // A run asks its prompts in every cell it asks (the run engine's product of prompts ×
      // engines × locations), so a cell's prompts are its runs' prompt texts: read from the
      // roll-up's runs, not from every answer.
      const byRun = familyRows('cell', pickLevel('cell', filter, ['run', 'engine', 'loc']), filter);
      const prompts = all<{ engine: string; loc: string; prompts: number }>(
        `SELECT c.engine, c.loc, count(DISTINCT p.text) AS prompts
         FROM (SELECT DISTINCT engine, loc, run FROM (${byRun.sql}) WHERE answers > 0) c
         JOIN vis_runs v ON v.id = c.run JOIN run_prompts p ON p.run_id = v.run_id
         GROUP BY c.engine, c.loc`,
        byRun.params,
      );
      const promptsOf = new Map(prompts.map((r) => [`${r.engine}\u0001${r.loc}`, r.prompts]));
      return days.map((r) => ({
        engine: r.engine,
        loc: r.loc,
        days: (JSON.parse(r.days) as number[]).sort((a, b) => a - b),
        prompts: promptsOf.get(`${r.engine}\u0001${r.loc}`) ?? 0,
      }));
    },
  };
}
