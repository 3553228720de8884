import { toConflictView } from '../../team';
import type { HandlerModule } from './types';

type Channels = 'sync.status' | 'sync.now' | 'sync.cancelSeed' | 'sync.conflicts' | 'sync.resolve';

// The sidebar's sync status and the conflicts list (the background sync in ../sync-wiring.ts).
export const syncHandlers: HandlerModule<Channels> = (ctx) => ({
  'sync.status': () => ctx.sync.status(),
  'sync.now': () => ctx.sync.syncNow(),
  'sync.cancelSeed': () => ctx.sync.cancelSeed(),
  'sync.conflicts': () => ctx.store.replica.listDrafts().map(toConflictView),
  'sync.resolve': ({ id, action }) => {
    ctx.store.replica.resolveDraft(id, action);
    const left = ctx.store.replica.listDrafts().map(toConflictView);
    // An applied draft is in the outbox now: send it without waiting for the timer.
    if (action === 'apply') void ctx.sync.syncNow();
    return left;
  },
});
