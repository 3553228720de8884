import type { EngineName } from '../../../shared/api/engines';
import type { CrawlEngineFilter, HistoryStore } from '../../history';
import { agentByName } from '../catalogue';
import { crawlFilter } from './bots';
import type { CrawledPeriod, CrawlPeriod } from './types';

// Crawled, as the funnel counts it: verified hits of the agents that feed each engine (the
// catalogue's engines), per page and per week. An agent feeding several engines (Googlebot:
// Google Search, AI Mode, News and Gemini) counts for each. The store folds them per engine in
// SQL from the catalogue's pairs of the agents it holds.

function engineFilter(store: HistoryStore, period: CrawlPeriod, now: number): CrawlEngineFilter {
  const agentEngines = store
    .crawlVerifiedAgents()
    .flatMap((agent) => (agentByName(agent)?.engines ?? []).map((engine) => [agent, engine] as const));
  return { ...crawlFilter(period, now), agentEngines };
}

export function crawledPeriod(store: HistoryStore, period: CrawlPeriod, now: number): CrawledPeriod {
  const filter = engineFilter(store, period, now);
  const as = <R extends { engine: string }>(rows: R[]): Array<R & { engine: EngineName }> =>
    rows as Array<R & { engine: EngineName }>;
  return { pages: as(store.crawlEnginePages(filter)), weeks: as(store.crawlEngineWeeks(filter)) };
}
