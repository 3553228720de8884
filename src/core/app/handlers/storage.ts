import { AppError } from '../../platform';
import type { HandlerModule } from './types';

type Channels = 'storage.stats' | 'storage.compact';

export const storageHandlers: HandlerModule<Channels> = (ctx) => ({
  'storage.stats': () => ctx.store.storageStats(),
  'storage.compact': () => {
    if (ctx.runs.hasActiveRuns()) {
      throw new AppError(
        'RUNS_ACTIVE',
        'A run is in progress: compact the history file once it has finished.',
      );
    }
    return ctx.store.compact();
  },
});
