// AI crawlers' visits from the site's own logs, as day totals (migration 030).

export { createCrawlLogsApi } from './crawl-logs';
export type * from './types';
