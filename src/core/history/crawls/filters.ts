import type { CrawlFilter } from './types';

/**
 * A WHERE clause (over the alias `h`) and its parameters for a filter. `dayUnindexed`: the day's
 * term written so SQLite reads no index by day for it (`+day`, a pass in key order instead).
 */
export function where(
  filter: CrawlFilter,
  alias = 'h',
  dayUnindexed = false,
): { sql: string; params: unknown[] } {
  const parts: string[] = ['1'];
  const params: unknown[] = [];
  if (filter.sinceDay) {
    parts.push(`${dayUnindexed ? '+' : ''}${alias}.day >= ?`);
    params.push(filter.sinceDay);
  }
  if (filter.site !== undefined) {
    parts.push(`${alias}.site = ?`);
    params.push(filter.site);
  }
  if (filter.agents && filter.agents.length > 0) {
    parts.push(`${alias}.agent IN (${filter.agents.map(() => '?').join(', ')})`);
    params.push(...filter.agents);
  }
  return { sql: parts.join(' AND '), params };
}
