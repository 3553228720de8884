import { AppError } from '../../platform';
import { buildDemoHistory, deleteDemo, demoStatus, DemoRefusedError } from '../../demo';
import { openHistory } from '../../history';
import type { HandlerModule } from './types';

// "Load a demo history" (first run and Settings): builds the labelled synthetic history into
// the open history file through a second connection whose clock walks the past days (so runs
// and results carry those dates), reports each day as 'demo.progress', and can be canceled
// (what was built stays, deletable). One build at a time; none on top of an existing demo.

type Channels = 'demo.status' | 'demo.load' | 'demo.cancel' | 'demo.delete';

export const demoHandlers: HandlerModule<Channels> = (ctx) => {
  let building: AbortController | null = null;

  return {
    'demo.status': () => demoStatus(ctx.store, building !== null),

    'demo.load': async ({ days, preview }) => {
      if (building)
        throw new AppError('DEMO_BUSY', 'A demo history is being built: wait for it or cancel it.');
      const controller = new AbortController();
      building = controller;
      try {
        const result = await buildDemoHistory({
          openStore: (now) => openHistory({ path: ctx.store.path, now }),
          days,
          ...(preview ? { variant: 'preview' as const } : {}),
          now: ctx.now,
          signal: controller.signal,
          onProgress: (p) => ctx.events.emit('demo.progress', p),
        });
        ctx.events.emit('visibility.changed', { reason: 'demo' });
        return result;
      } catch (error) {
        if (error instanceof DemoRefusedError) throw new AppError('DEMO_REFUSED', error.message);
        throw error;
      } finally {
        building = null;
      }
    },

    'demo.cancel': () => {
      if (!building) return { canceled: false };
      building.abort();
      return { canceled: true };
    },

    'demo.delete': () => {
      if (building)
        throw new AppError('DEMO_BUSY', 'A demo history is being built: cancel it first, then delete it.');
      const deleted = deleteDemo(ctx.store);
      if (!deleted) throw new AppError('DEMO_NOT_FOUND', 'This history has no demo to delete.');
      ctx.events.emit('visibility.changed', { reason: 'delete' });
      return deleted;
    },
  };
};
