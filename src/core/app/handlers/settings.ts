import { AppError, toSettingsView } from '../../platform';
import type { HandlerModule } from './types';

type Channels = 'settings.get' | 'settings.update' | 'key.status' | 'key.set' | 'key.delete';

/**
 * Connecting a key is connecting to the service: the connection asks it which engine names it
 * answers (when no profile is chosen), so the views name the engines as the service does from
 * the start. Nothing here may fail the key's save: a service that cannot be asked keeps the names.
 */
async function learnServiceNames(ctx: Parameters<HandlerModule<Channels>>[0]): Promise<void> {
  if (ctx.settings.get().sandboxMode || !ctx.settings.get().baseUrl) return;
  try {
    await ctx.connections.current();
  } catch {
    // The next run builds the connection again and says what is wrong.
  }
}

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
    'key.set': async ({ key }) => {
      const status = await ctx.keys.setKey(key);
      await learnServiceNames(ctx);
      return status;
    },
    'key.delete': () => ctx.keys.deleteKey(),
  };
};
