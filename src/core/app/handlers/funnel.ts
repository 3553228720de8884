import type { OutcomeSharing } from '../../history';
import type { FunnelSharingView } from '../../../shared/ipc/channels/funnel';
import type { HandlerModule } from './types';

// The Funnel view: core.services.funnel(), loaded at its first call (it reads the crawler and
// outcomes rooms, which the app needs nowhere else).

// Sharing the funnel's daily aggregates is the open workspace's own setting (in its history):
// turning it on or off asks for a sync, which sends the aggregates or removes this desktop's.

type Channels = 'funnel.summary' | 'funnel.sharing' | 'funnel.setSharing';

const view = ({ aggregates, changedAt, pushedAt }: OutcomeSharing): FunnelSharingView => ({
  aggregates,
  changedAt,
  pushedAt,
});

export const funnelHandlers: HandlerModule<Channels> = ({ funnel, store, sync }) => ({
  'funnel.summary': async ({ days, engine, site, source }) =>
    (await funnel()).funnel({
      days,
      ...(engine ? { engine } : {}),
      ...(site ? { site } : {}),
      ...(source ? { source } : {}),
    }),
  'funnel.sharing': async () => view(store.outcomeSharing()),
  'funnel.setSharing': async ({ aggregates }) => {
    const changed = store.setOutcomeSharing(aggregates);
    void sync.syncNow().catch(() => undefined);
    return view(changed);
  },
});
