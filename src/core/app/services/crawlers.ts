// Loaded on demand by the services (index.ts): the crawlers room's service constructor only.
export { createCrawlersService } from '../../crawlers';
