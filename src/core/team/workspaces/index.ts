// Client workspaces: one local history per workspace, the current one in settings.
export { WorkspaceError } from './errors';
export { DEFAULT_WORKSPACE, toSlug, WORKSPACE_ENV, workspaceDbPath, workspaceFolder } from './paths';
export {
  createWorkspaceRegistry,
  type LocalWorkspace,
  type WorkspaceRegistry,
  type WorkspaceRegistryDeps,
} from './registry';
