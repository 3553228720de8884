// The funnel per engine, page and week: crawled (logs) → cited (history) → referred and
// converted (analytics).

export { createFunnelService, type FunnelDeps, type FunnelOptions, type FunnelService } from './service';
export { joinFunnel, FUNNEL_CAVEATS, type CitedCounts, type FunnelInputs } from './join';
export { pageKey } from './page-key';
export { funnelDays, SHARED_PAGE_MAX, type FunnelDay } from './daily';
export {
  createTeamFunnelSource,
  pickSites,
  type TeamFunnelInputs,
  type TeamFunnelSource,
  type TeamSitePick,
} from './team-source';
export { planFunnelSources, type FunnelSourcePick, type FunnelSourcePlan } from './source';
export type * from './types';
export { FUNNEL_FLAGS } from './types';
