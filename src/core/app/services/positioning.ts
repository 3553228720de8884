// Loaded on demand by the services (index.ts): the positioning service's constructor only.
export { createPositioningService } from '../../positioning';
