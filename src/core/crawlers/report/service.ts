import type { HistoryStore } from '../../history';
import { blockedPages, botsReport } from './bots';
import type { CrawlersService } from './types';
import { crawledPeriod } from './weeks';

/** The crawler numbers over one history (core.services.crawlers()). */
export function createCrawlersService(deps: { store: HistoryStore; now: () => number }): CrawlersService {
  return {
    bots: (period = {}) => botsReport(deps.store, period, deps.now()),
    blocked: (period = {}) => blockedPages(deps.store, period, deps.now()),
    crawledPeriod: (period = {}) => crawledPeriod(deps.store, period, deps.now()),
  };
}
