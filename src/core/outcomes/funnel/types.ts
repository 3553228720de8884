// The funnel's shapes live with the IPC contract (src/shared/funnel), which the renderer reads too.
export type * from '../../../shared/funnel/types';
export { FUNNEL_FLAGS } from '../../../shared/funnel/types';
