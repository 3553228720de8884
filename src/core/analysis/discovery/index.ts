// Competitor discovery: the queue of names answers put forward that no defined brand covers,
// and the analyst's decisions (accept as a competitor, dismiss, merge into a brand).
export { createDiscoveryService, DISCOVERY_ERROR_CODES } from './service';
export type { DiscoveryService } from './service';
