// Loaded on demand by the services (index.ts): the positioning service's constructor and the report's reader of it.
export { createPositioningService, reportPositioning } from '../../positioning';
