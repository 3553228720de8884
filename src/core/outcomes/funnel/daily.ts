import type { HistoryStore, SharedFunnelDay } from '../../history';
import { agentByName } from '../../crawlers';
import { isoOfDay } from '../imports';
import { pageKey } from './page-key';

// The funnel's daily aggregates, what a workspace may share with its team: per day × site ×
// engine × page, the verified hits of the engine's agents and the sessions (and key events) its assistant
// referred. Counts only: no log line, address, query or analytics row leaves in them.

/** A day's totals for one site, engine and page: the row a teammate keeps as it was shared. */
export type FunnelDay = SharedFunnelDay;

const DAY_MS = 86_400_000;
/** Longest page path shared: longer ones are left out of the aggregates rather than sent. */
export const SHARED_PAGE_MAX = 2048;

/**
 * The site as the team server keeps it: a lower-case host without scheme, path or spaces (a
 * `--site` typed as a URL still names the same site as its logs' host).
 */
export function sharedSite(site: string): string {
  return (
    site
      .trim()
      .toLowerCase()
      .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
      .split('/')[0]
      ?.replace(/[\s\p{Cc}]/gu, '')
      .slice(0, 253) ?? ''
  );
}

/** Cells keyed by day, site, engine and page; each page's key computed once (a log holds few pages, many times). */
class Cells {
  private readonly cells = new Map<string, FunnelDay>();
  private readonly pages = new Map<string, string>();
  private readonly sites = new Map<string, string>();

  at(day: string, siteAsImported: string, engine: string, url: string): FunnelDay | null {
    let site = this.sites.get(siteAsImported);
    if (site === undefined) {
      site = sharedSite(siteAsImported);
      this.sites.set(siteAsImported, site);
    }
    let page = this.pages.get(url);
    if (page === undefined) {
      page = pageKey(url);
      this.pages.set(url, page);
    }
    if (page.length > SHARED_PAGE_MAX) return null;
    const key = `${day}\u0000${site}\u0000${engine}\u0000${page}`;
    let found = this.cells.get(key);
    if (!found) {
      found = { day, site, engine, page, crawledHits: 0, referredSessions: 0, keyEvents: 0 };
      this.cells.set(key, found);
    }
    return found;
  }

  /** Ordered by day, site, engine and page (the map's keys sort as the rows do). */
  sorted(lastDay: string): FunnelDay[] {
    return [...this.cells.keys()]
      .sort()
      .map((k) => this.cells.get(k) as FunnelDay)
      .filter((d) => d.day <= lastDay);
  }
}

/** The daily aggregates of the last `days` days up to `now`, ordered by day, site, engine and page. */
export function funnelDays(store: HistoryStore, options: { days: number; now: number }): FunnelDay[] {
  const today = Math.floor(options.now / DAY_MS);
  const fromDay = today - options.days + 1;
  const cells = new Cells();
  // The catalogue is looked up once per agent name, not once per row.
  const engines = new Map<string, readonly string[]>();
  const enginesOf = (agent: string): readonly string[] => {
    let found = engines.get(agent);
    if (!found) {
      found = agentByName(agent)?.engines ?? [];
      engines.set(agent, found);
    }
    return found;
  };
  for (const row of store.crawlDays({ sinceDay: isoOfDay(fromDay) })) {
    for (const engine of enginesOf(row.agent)) {
      const c = cells.at(row.day, row.site, engine, row.url);
      if (c) c.crawledHits += row.hits;
    }
  }
  const isoDays = new Map<number, string>();
  for (const row of store.outcomeTrafficDays(fromDay)) {
    let day = isoDays.get(row.day);
    if (day === undefined) {
      day = isoOfDay(row.day);
      isoDays.set(row.day, day);
    }
    const c = cells.at(day, row.site, row.engine, row.landingPage);
    if (c) {
      c.referredSessions += row.sessions;
      c.keyEvents += row.keyEvents;
    }
  }
  return cells.sorted(isoOfDay(today));
}
