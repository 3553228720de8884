import type { StoreContext } from '../connection';
import { conditions, familyRows, pickLevel, type KeyCondition, type VisFilter } from './visibility-levels';
import { json, queryAll } from './visibility-read-sql';
import { keyIdSql, URL_KEYS } from './key-levels';
import type { VisDomainRow, VisQueryRow, VisUrlRow, VisibilityReadApi } from './visibility-read-types';

// Cited domains, their URLs and the engines' fan-out queries.

export type SourceReads = Pick<
  VisibilityReadApi,
  'visDomains' | 'visDomainIds' | 'visUrls' | 'visUrlsByEngine' | 'visQueries' | 'visQueryDetails'
>;

export function createSourceReads(db: StoreContext['db']): SourceReads {
  const all = queryAll(db);

  function domainRows(
    filter: VisFilter,
    options: { limit?: number; domainIds?: readonly number[]; byDay?: boolean },
  ) {
    const only: KeyCondition[] = options.domainIds
      ? [['domain', 'IN (SELECT value FROM json_each(@domainIds))']]
      : [];
    const rows = familyRows('domain', pickLevel('domain', filter), filter, only);
    const params: Record<string, unknown> = { ...rows.params, limit: options.limit ?? -1 };
    if (options.domainIds) params.domainIds = json(options.domainIds);
    const day = options.byDay ? 'x.day, ' : '';
    return all<VisDomainRow>(
      `SELECT ${options.byDay ? 'x.day AS day, ' : ''}x.domain AS domainId, d.domain, x.answers, d.kinds
       FROM (SELECT ${options.byDay ? 'day, ' : ''}domain, sum(answers) AS answers FROM (${rows.sql})
             GROUP BY ${options.byDay ? 'day, ' : ''}domain HAVING sum(answers) > 0) x
       JOIN vis_domains d ON d.id = x.domain
       ORDER BY ${day}x.answers DESC, d.domain LIMIT @limit`,
      params,
    );
  }

  return {
    visDomains: domainRows,
    visDomainIds(hosts) {
      if (hosts.length === 0) return [];
      return all<{ id: number; domain: string }>(
        `SELECT DISTINCT d.id, d.domain FROM vis_domains d, json_each(@hosts) h
         WHERE d.domain = h.value OR d.domain LIKE '%.' || h.value ORDER BY d.domain`,
        { hosts: json(hosts.map((h) => h.toLowerCase().replace(/^www\./u, ''))) },
      );
    },
    visUrls(filter, domainIds, limit) {
      if (domainIds.length === 0) return [];
      const params = { domainIds: json(domainIds), limit };
      if (pickLevel('url', filter) !== 'result') {
        const c = conditions(filter, 'x');
        return all<VisUrlRow>(
          `SELECT u.url, u.title, sum(x.answers) AS answers, min(x.best) AS best
           FROM vis_urls u JOIN vis_url_day x ON x.url = u.id
           WHERE u.domain IN (SELECT value FROM json_each(@domainIds)) AND ${c.sql}
           GROUP BY u.id HAVING sum(x.answers) > 0 ORDER BY sum(x.answers) DESC, min(x.best), u.url LIMIT @limit`,
          { ...c.params, ...params },
        );
      }
      const c = conditions(filter, 'f');
      return all<VisUrlRow>(
        `SELECT u.url, u.title, count(DISTINCT f.seq) AS answers, min(s.position) AS best
         FROM vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq
           AND rd.domain IN (SELECT value FROM json_each(@domainIds))
         JOIN sources s ON s.result_seq = f.seq JOIN vis_urls u ON u.id = ${keyIdSql(URL_KEYS, 's.url')} AND u.domain = rd.domain
         WHERE ${c.sql}
         GROUP BY u.id ORDER BY answers DESC, best, u.url LIMIT @limit`,
        { ...c.params, ...params },
      );
    },
    visUrlsByEngine(filter, domainIds, limit) {
      if (domainIds.length === 0) return [];
      const params = { domainIds: json(domainIds), limit };
      // Ranked within each engine as visUrls orders one engine's pages.
      const perEngine = (columns: string, from: string, answers: string, best: string): string =>
        `SELECT engine, url, title, answers, best FROM (
           SELECT ${columns}, row_number() OVER (
             PARTITION BY engine ORDER BY ${answers} DESC, ${best}, u.url) AS rank
           ${from}
         ) WHERE rank <= @limit ORDER BY engine, rank`;
      if (pickLevel('url', filter, ['engine']) !== 'result') {
        const c = conditions(filter, 'x');
        return all<VisUrlRow & { engine: string }>(
          perEngine(
            'x.engine AS engine, u.url, u.title, sum(x.answers) AS answers, min(x.best) AS best',
            `FROM vis_urls u JOIN vis_url_day x ON x.url = u.id
             WHERE u.domain IN (SELECT value FROM json_each(@domainIds)) AND ${c.sql}
             GROUP BY x.engine, u.id HAVING sum(x.answers) > 0`,
            'sum(x.answers)',
            'min(x.best)',
          ),
          { ...c.params, ...params },
        );
      }
      const c = conditions(filter, 'f');
      return all<VisUrlRow & { engine: string }>(
        perEngine(
          'f.engine AS engine, u.url, u.title, count(DISTINCT f.seq) AS answers, min(s.position) AS best',
          `FROM vis_result f JOIN vis_result_domain rd ON rd.seq = f.seq
             AND rd.domain IN (SELECT value FROM json_each(@domainIds))
           JOIN sources s ON s.result_seq = f.seq JOIN vis_urls u ON u.id = ${keyIdSql(URL_KEYS, 's.url')} AND u.domain = rd.domain
           WHERE ${c.sql}
           GROUP BY f.engine, u.id`,
          'count(DISTINCT f.seq)',
          'min(s.position)',
        ),
        { ...c.params, ...params },
      );
    },
    visQueries(filter, options) {
      const only: KeyCondition[] = options.queryIds
        ? [['+query', 'IN (SELECT value FROM json_each(@queryIds))']]
        : [];
      const rows = familyRows('query', pickLevel('query', filter), filter, only);
      const params: Record<string, unknown> = { ...rows.params, limit: options.limit ?? -1 };
      if (options.queryIds) params.queryIds = json(options.queryIds);
      return all<VisQueryRow>(
        `SELECT x.query AS queryId, q.query, x.answers
         FROM (SELECT query, sum(answers) AS answers FROM (${rows.sql}) GROUP BY query HAVING sum(answers) > 0) x
         JOIN vis_queries q ON q.id = x.query ORDER BY x.answers DESC, q.query LIMIT @limit`,
        params,
      );
    },
    visQueryDetails(filter, queryIds) {
      if (queryIds.length === 0) return [];
      // Up to the period's end, from the first day on record, so firstSeen may predate the period.
      const upToEnd = { ...filter, fromDay: 0 };
      const rows = familyRows('query', pickLevel('query', upToEnd), upToEnd, [
        ['query', 'IN (SELECT value FROM json_each(@queryIds))'],
      ]);
      return all<{ queryId: number; engine: string; firstDay: number }>(
        `SELECT query AS queryId, engine, min(day) AS firstDay FROM (${rows.sql}) GROUP BY query, engine`,
        { ...rows.params, queryIds: json(queryIds) },
      );
    },
  };
}
