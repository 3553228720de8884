// First-party outcomes: AI-referred traffic, search queries and pages, and the Google connections.

export { createOutcomesApi, type OutcomesApi } from './outcomes-api';
export type * from './outcome-rows';
