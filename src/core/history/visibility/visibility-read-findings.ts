import type { StoreContext } from '../connection';
import { familyRows, pickLevel, type KeyCondition } from './visibility-levels';
import { json, queryAll } from './visibility-read-sql';
import type { VisibilityReadApi } from './visibility-read-types';

// The findings engine's one read the other Visibility reads lack: how many answers of each
// engine × location cell cite each of some domains (from the day × engine × location roll-up,
// or the answers' own rows for a scope of runs or prompts).

export type FindingsReads = Pick<VisibilityReadApi, 'visDomainCells'>;

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
  };
}
