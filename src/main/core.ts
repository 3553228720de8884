import type { AppInfo } from '../shared/ipc/channels/app';
import { isHttpUrl } from '../shared/csp';
import { AppError } from './errors/app-error';
import { createEventBus, type EventBus } from './ipc/event-bus';
import { createIpcRouter, type IpcHandlers, type IpcRouter } from './ipc/router';

/** Everything the core needs from the outside world, passed in so the app, the CLI and tests build the same core. */
export interface CoreDeps {
  app: { name: string; version: string; platform: string; userDataPath: string };
  /** SQLite history file. */
  dbPath: string;
  now: () => number;
  fetch: typeof fetch;
  /** Opens an http(s) URL in the system browser (Electron's shell.openExternal in the app). */
  openExternal: (url: string) => Promise<void>;
  sandboxMode: () => boolean;
}

export interface Core {
  router: IpcRouter;
  events: EventBus;
  close(): Promise<void>;
}

/** Builds the main-process services and the IPC handlers over them. */
export async function createCore(deps: CoreDeps): Promise<Core> {
  const events = createEventBus();
  const handlers: IpcHandlers = {
    'app.info': (): AppInfo => ({
      name: deps.app.name,
      version: deps.app.version,
      platform: deps.app.platform,
      sandboxMode: deps.sandboxMode(),
      dataPath: deps.app.userDataPath,
    }),
    'app.openExternal': async ({ url }) => {
      // The contract already refused non-http(s) input; checked again because this is the
      // one place that hands a URL to the operating system.
      if (!isHttpUrl(url)) throw new AppError('FORBIDDEN_URL', 'Only http(s) links can be opened');
      await deps.openExternal(url);
      return { opened: true };
    },
  };
  const router = createIpcRouter(handlers);
  return {
    router,
    events,
    async close() {},
  };
}
