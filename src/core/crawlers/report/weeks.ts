import type { EngineName } from '../../../shared/api/engines';
import type { CrawlEngineFilter, HistoryStore } from '../../history';
import { agentByName } from '../catalogue';
import { crawlFilter } from './bots';
import type { CrawledPeriod, CrawlPeriod } from './types';

/** "Fetched lately" looks this far back unless asked otherwise. */
const RECENT_DAYS = 30;

// Crawled, as the funnel counts it: verified hits of the agents that feed each engine (the
// catalogue's engines), per page and per week. An agent feeding several engines (Googlebot:
// Google Search, AI Mode, News and Gemini) counts for each. The store folds them per engine in
// SQL from the catalogue's pairs of the agents it holds, in one read of the period.

function engineFilter(store: HistoryStore, period: CrawlPeriod, now: number): CrawlEngineFilter {
  const agentEngines = store
    .crawlVerifiedAgents()
    .flatMap((agent) => (agentByName(agent)?.engines ?? []).map((engine) => [agent, engine] as const));
  return { ...crawlFilter(period, now), agentEngines };
}

const asEngines = <R extends { engine: string }>(rows: R[]): Array<R & { engine: EngineName }> =>
  rows as Array<R & { engine: EngineName }>;

/** The period's crawled pages and weeks, and the pages fetched in the last `recentDays` (30) days. */
export function crawledPeriod(
  store: HistoryStore,
  period: CrawlPeriod & { recentDays?: number },
  now: number,
): CrawledPeriod {
  const filter = engineFilter(store, period, now);
  const recentSinceDay = crawlFilter({ days: period.recentDays ?? RECENT_DAYS }, now).sinceDay;
  const { pages, weeks, recent } = store.crawlEnginePeriod({
    ...filter,
    ...(recentSinceDay !== undefined ? { recentSinceDay } : {}),
  });
  return { pages: asEngines(pages), weeks: asEngines(weeks), recent: asEngines(recent) };
}
