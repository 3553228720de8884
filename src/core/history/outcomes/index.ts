// First-party outcomes: AI-referred traffic, search queries and pages, the Google connections,
// dismissed suggestions and whether the funnel's aggregates are shared with the team.

export { createOutcomesApi, type OutcomesApi } from './outcomes-api';
export { createDismissalsApi, type DismissalsApi } from './dismissals-api';
export type { OutcomeSharing, SuggestionDismissal } from './dismissals-api';
export type * from './outcome-rows';
