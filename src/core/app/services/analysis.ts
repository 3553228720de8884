// Loaded on demand by the services (index.ts): the analysis room's service constructors only.
export { createDiscoveryService, createFindingsService, createVisibilityService } from '../../analysis';
