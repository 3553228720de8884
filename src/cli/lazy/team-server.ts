// Loaded on demand by the CLI: names only what its callers use, so the bundle's chunk for it holds
// no more of the room (docs/internals/architecture.md, "Start-up of the CLI").
export {
  createTeamPasswordStore,
  createTeamService,
  createWorkspace,
  listWorkspaces,
  NOT_CONNECTED_STATUS,
  openTeamClient,
  parseTeamUrl,
  TEAM_URL_ENV,
  TeamError,
  useWorkspace,
  withPassword,
} from '../../core/team';
