// The funnel totals teammates share with the workspace, pulled by sync and read by the funnel.

export { createSharedFunnelApi, type SharedFunnelApi } from './shared-funnel-api';
export type {
  OwnFunnelInputs,
  SharedFunnelDay,
  SharedFunnelPick,
  SharedFunnelSite,
  SharedFunnelWeek,
  SharedFunnelWriter,
} from './shared-funnel-api';
