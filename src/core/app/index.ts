// The front door of the headless engine: createCore(deps), used by the Electron shell, the CLI and
// the MCP server.
export * from './create-core';
export { toIpcError } from './error-map';
export { type IpcRouter } from './ipc/router';
export { openWorkspaceHost, type HostedCore, type WorkspaceHost } from './workspace-host';
