import type { EventChannelName, EventPayload } from '../../shared/ipc/contract';
import type { EventBus, EventListener } from '../platform';
import type { IpcRouter } from './ipc/router';

// The app's core over the open workspace: switching workspaces reopens the core on the other
// workspace's history. The window keeps talking to one router and one event stream, which the
// host points at whichever core is open, so the IPC wiring (ipcMain, the e2e bridge) is set up
// once. Plain Node: the Electron shell and the e2e harness build it the same way.

export interface HostedCore {
  router: IpcRouter;
  events: EventBus;
  close(): Promise<void>;
}

export interface WorkspaceHost<C extends HostedCore> {
  /** Routes every call to the open core. */
  readonly router: IpcRouter;
  /** Carries the open core's events (and nothing from a core already closed). */
  readonly events: EventBus;
  current(): C;
  /** Opens the core on another history, then closes the old one; the old one stays when opening fails. */
  switchTo(dbPath: string): Promise<void>;
  /** Called with each newly opened core (the shell re-attaches its watchers). */
  onSwitch(listener: (core: C) => void): () => void;
  close(): Promise<void>;
}

/**
 * Opens the first core through `open`, which receives the host's switchTo to hand to the core
 * (CoreDeps.switchWorkspace), so a core's own handler can move the app to another workspace.
 */
export async function openWorkspaceHost<C extends HostedCore>(
  open: (dbPath: string, switchTo: (dbPath: string) => Promise<void>) => Promise<C>,
  dbPath: string,
): Promise<WorkspaceHost<C>> {
  const listeners = new Set<EventListener>();
  const switchListeners = new Set<(core: C) => void>();
  let detach: () => void = () => undefined;

  const attach = (core: C): void => {
    detach();
    detach = core.events.subscribe(<E extends EventChannelName>(event: E, payload: EventPayload<E>) => {
      for (const listener of listeners) listener(event, payload);
    });
  };

  const switchTo = async (next: string): Promise<void> => {
    const opened = await open(next, switchTo);
    const old = current;
    current = opened;
    attach(opened);
    for (const listener of switchListeners) listener(opened);
    await old.close();
  };

  let current = await open(dbPath, switchTo);
  attach(current);

  return {
    router: { invoke: (channel, payload) => current.router.invoke(channel, payload) },
    events: {
      emit: (event, payload) => current.events.emit(event, payload),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    current: () => current,
    switchTo,
    onSwitch(listener) {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
    async close() {
      detach();
      await current.close();
    },
  };
}
