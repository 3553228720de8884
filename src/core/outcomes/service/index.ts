// The outcomes service: imports, status, referred traffic per engine, page and week, suggestions.

export {
  createOutcomesService,
  OutcomesServiceError,
  SUGGESTION_NOTES,
  type AddedSuggestion,
  type AddTarget,
  type OutcomesService,
  type OutcomesServiceDeps,
  type OutcomesStatus,
  type SuggestionsView,
} from './service';
export { TRAFFIC_CAVEATS, type TrafficEngineRow, type TrafficView, type TrafficWeekRow } from './traffic';
