// Loaded on demand by the services (index.ts): the analysis room's service constructors only.
export {
  createCommerceService,
  createDiscoveryService,
  createFactsService,
  createFindingsService,
  createVisibilityService,
} from '../../analysis';
