import type { FunnelOrigin, FunnelSharer, FunnelSource } from '../../../shared/funnel/types';
import type { OwnFunnelInputs } from '../../history';

// Which figures a funnel reads from where. Without a choice: this computer's own imports when
// it has any, else the totals teammates share. `all`: per figure (crawled; referred and key
// events), this computer's when it imported that kind, else the team's; never both added
// together, since the shared totals carry no site and would count a site twice.

export interface FunnelSourcePick {
  source: FunnelSource;
  crawledFrom: FunnelOrigin;
  referredFrom: FunnelOrigin;
}

export function pickFunnelSource(
  asked: FunnelSource | undefined,
  own: OwnFunnelInputs,
  sharers: readonly FunnelSharer[],
): FunnelSourcePick {
  const hasOwn = own.logs || own.traffic;
  const source = asked ?? (hasOwn || sharers.length === 0 ? 'mine' : 'team');
  if (source !== 'all') return { source, crawledFrom: source, referredFrom: source };
  return {
    source,
    crawledFrom: own.logs ? 'mine' : 'team',
    referredFrom: own.traffic ? 'mine' : 'team',
  };
}
