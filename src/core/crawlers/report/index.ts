// The crawler day totals read back: per agent (`parallax bots`) and per engine, page and week.

export { createCrawlersService } from './service';
export type * from './types';
