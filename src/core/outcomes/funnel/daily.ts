import type { HistoryStore } from '../../history';
import { agentByName } from '../../crawlers';
import { isoOfDay } from '../imports';
import { pageKey } from './page-key';

// The funnel's daily aggregates, what a workspace may share with its team: per day × engine ×
// page, the verified hits of the engine's agents and the sessions (and key events) its assistant
// referred. Counts only: no log line, address, query or analytics row leaves in them.

export interface FunnelDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** The service's engine name. */
  engine: string;
  /** The page's path without query, fragment or trailing slash. */
  page: string;
  crawledHits: number;
  referredSessions: number;
  keyEvents: number;
}

const DAY_MS = 86_400_000;
/** Longest page path shared: longer ones are cut off the aggregates rather than sent. */
export const SHARED_PAGE_MAX = 2048;

function cell(cells: Map<string, FunnelDay>, day: string, engine: string, url: string): FunnelDay | null {
  const page = pageKey(url);
  if (page.length > SHARED_PAGE_MAX) return null;
  const key = `${day}\u0000${engine}\u0000${page}`;
  let found = cells.get(key);
  if (!found) {
    found = { day, engine, page, crawledHits: 0, referredSessions: 0, keyEvents: 0 };
    cells.set(key, found);
  }
  return found;
}

/** The daily aggregates of the last `days` days up to `now`, ordered by day, engine and page. */
export function funnelDays(store: HistoryStore, options: { days: number; now: number }): FunnelDay[] {
  const today = Math.floor(options.now / DAY_MS);
  const fromDay = today - options.days + 1;
  const cells = new Map<string, FunnelDay>();
  for (const row of store.crawlDays({ sinceDay: isoOfDay(fromDay) })) {
    for (const engine of agentByName(row.agent)?.engines ?? []) {
      const c = cell(cells, row.day, engine, row.url);
      if (c) c.crawledHits += row.hits;
    }
  }
  for (const row of store.outcomeTrafficDays(fromDay)) {
    const c = cell(cells, isoOfDay(row.day), row.engine, row.landingPage);
    if (c) {
      c.referredSessions += row.sessions;
      c.keyEvents += row.keyEvents;
    }
  }
  const key = (d: FunnelDay): string => `${d.day}\u0000${d.engine}\u0000${d.page}`;
  return [...cells.values()]
    .filter((d) => d.day <= isoOfDay(today))
    .sort((a, b) => (key(a) < key(b) ? -1 : 1));
}
