import type { HistoryStore } from '../../history';
import { agentByName } from '../catalogue';
import { crawlFilter } from './bots';
import type { CrawledWeeks, CrawlPeriod, EngineWeek, EngineWeekPage } from './types';

// Crawled, as the funnel counts it: verified hits of the agents that feed each engine (the
// catalogue's engines), per page and per week. An agent feeding several engines (Googlebot:
// Google Search, AI Mode, News and Gemini) counts for each.

export function crawledWeeks(store: HistoryStore, period: CrawlPeriod, now: number): CrawledWeeks {
  const pages = new Map<string, EngineWeekPage>();
  for (const row of store.crawlWeeks(crawlFilter(period, now))) {
    for (const engine of agentByName(row.agent)?.engines ?? []) {
      const key = `${row.week}\u0000${engine}\u0000${row.url}`;
      const page = pages.get(key);
      if (page) page.hits += row.hits;
      else pages.set(key, { week: row.week, engine, url: row.url, hits: row.hits });
    }
  }
  const engines = new Map<string, EngineWeek>();
  for (const p of pages.values()) {
    const key = `${p.week}\u0000${p.engine}`;
    const e = engines.get(key) ?? { week: p.week, engine: p.engine, hits: 0, pages: 0 };
    e.hits += p.hits;
    e.pages += 1;
    engines.set(key, e);
  }
  return { engines: [...engines.values()], pages: [...pages.values()] };
}
