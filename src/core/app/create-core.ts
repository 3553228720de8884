import { openEngine, type EngineCore, type EngineDeps } from './engine';
import type { Core, CoreDeps } from './app-core';

// The front door of the headless engine. The app, the e2e harness and the app-level tests build
// the whole core (createCore(deps): IPC router, runs, monitors, background work); a CLI command
// and the MCP server build the shared engine alone (createCore({ mode: 'command', … })): the
// history, its page archive and the services, with none of the app's background work. The app's
// part is loaded only when asked for, so a command does not load the IPC handlers.

export type { Core, CoreDeps } from './app-core';
export type { FolderRequest, OpenRequest, SaveRequest } from './handlers/types';
export type { EngineCore, EngineDeps } from './engine';
export type { AfterRun, AfterRunOptions, CoreServices } from './services';

/** What a one-shot front end (a CLI command, the MCP server) builds the engine from. */
export interface CommandCoreDeps extends EngineDeps {
  mode: 'command';
}

export function createCore(deps: CommandCoreDeps): Promise<EngineCore>;
export function createCore(deps: CoreDeps): Promise<Core>;
export async function createCore(deps: CommandCoreDeps | CoreDeps): Promise<EngineCore | Core> {
  if ('mode' in deps) return openEngine(deps);
  const { startAppCore } = await import('./app-core');
  return startAppCore(deps);
}
