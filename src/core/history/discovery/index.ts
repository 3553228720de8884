// Discovery: names the engines mention that are not tracked brands, indexed at ingest, and the
// reads behind the Discovery view.

export { createDiscoveryIndexer, withDiscoveryIndex } from './discovery-index';
export {
  createDiscoveryReadApi,
  type DiscoveryDayFilter,
  type DiscoveryExampleRow,
  type DiscoveryNameRow,
  type DiscoveryNameTotal,
  type DiscoveryReadApi,
} from './discovery-read';
