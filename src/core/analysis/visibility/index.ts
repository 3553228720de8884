// Brand visibility over stored history: KPIs, trends, sources, citation gaps and fan-out
// queries, answered from the roll-ups the store keeps at ingest.
export { createVisibilityService } from './service';
export { defaultFocusBrand } from './service-context';
export type { VisibilityQueryInput, VisibilityService } from './service-types';
export { VISIBILITY_ERROR_CODES } from './service-types';
export { rateStat, meanStat, statChange } from './stats';
export { resolvePeriod, isoDay, dayOf } from './period';
export { createQueryContext, type Context } from './service-context';
export { buildBrandMatrix } from './brand-matrix';
export { DAY_MS } from './period';
export { createReanalysisDriver } from './reanalysis';
export { promptsView, topicsByText } from './service-prompts';
export { brandedPrompts } from './branded-prompts';
export {
  citationGapLists,
  kindShares,
  MIN_GAP_ANSWERS,
  siteClassifier,
  siteKindRules,
  type SiteClassifier,
} from './site-kinds';
