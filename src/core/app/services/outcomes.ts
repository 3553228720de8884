// Loaded on demand by the services (index.ts): the outcomes and funnel services' constructors,
// and the funnel's source of the totals teammates share.
export { createFunnelService, createOutcomesService, createTeamFunnelSource } from '../../outcomes';
