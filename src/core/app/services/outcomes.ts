// Loaded on demand by the services (index.ts): the outcomes and funnel services' constructors only.
export { createFunnelService, createOutcomesService } from '../../outcomes';
