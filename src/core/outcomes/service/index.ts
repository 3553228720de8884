// The outcomes service: imports, status, referred traffic per engine, page and week, suggestions.

export {
  createOutcomesService,
  OutcomesServiceError,
  SUGGESTION_NOTES,
  type OutcomesService,
  type OutcomesServiceDeps,
  type OutcomesStatus,
} from './service';
export type {
  AddedSuggestion,
  AddTarget,
  DismissedSuggestion,
  SuggestOptions,
  SuggestionsView,
} from './suggest-types';
export { TRAFFIC_CAVEATS, type TrafficEngineRow, type TrafficView, type TrafficWeekRow } from './traffic';
