// Loaded on demand by the services (index.ts): the outcomes service's constructor only.
export { createOutcomesService } from '../../outcomes';
