import { AppError, toSettingsView } from '../../platform';
import type { HandlerModule } from './types';

type Channels = 'settings.get' | 'settings.update' | 'key.status' | 'key.set' | 'key.delete';

export const settingsHandlers: HandlerModule<Channels> = (ctx) => {
  // The global monitor pause lives in the history (the CLI's scheduler reads it there too).
  const view = () => ({
    ...toSettingsView(ctx.settings.get(), ctx.app.userDataPath),
    monitorsPaused: ctx.store.monitorsPaused(),
  });
  return {
    'settings.get': view,
    'settings.update': (patch) => {
      const before = ctx.settings.get();
      const switchesService =
        (patch.sandboxMode !== undefined && patch.sandboxMode !== before.sandboxMode) ||
        (patch.baseUrl !== undefined && patch.baseUrl !== before.baseUrl);
      if (switchesService && ctx.runs.hasActiveRuns()) {
        throw new AppError(
          'RUNS_ACTIVE',
          'A run is in progress: pause or finish it before switching between the sandbox and the service.',
        );
      }
      if (patch.monitorsPaused !== undefined) ctx.store.setMonitorsPaused(patch.monitorsPaused);
      ctx.settings.update(patch);
      return view();
    },
    'key.status': ({ refresh }) => ctx.keys.status({ refresh }),
    'key.set': ({ key }) => ctx.keys.setKey(key),
    'key.delete': () => ctx.keys.deleteKey(),
  };
};
