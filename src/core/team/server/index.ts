// Public face of the team capability: the team schema on PostgreSQL, the connection and its
// credentials, and the workspace operations over the local folders and the server. Plain Node:
// the app, the CLI and (later) sync and the runner build it from their own dependencies.
export { openTeamClient, toTeamError, type OpenTeamClientOptions, type TeamClient } from './client';
export { readChanges, START_CURSOR, type ChangeCursor, type ChangePage } from './changes';
export { TeamError, type TeamErrorKind } from './errors';
export {
  applyTeamMigrations,
  checkTeamMigrationList,
  checkTeamSchema,
  readTeamSchemaVersion,
  TEAM_SCHEMA_VERSION,
} from './migrate';
export { TEAM_MIGRATIONS, type TeamMigration } from './migrations';
export {
  createTeamPasswordStore,
  TEAM_KEYCHAIN_ACCOUNT,
  type TeamPasswordStoreOptions,
} from './password-store';
export {
  createTeamService,
  NOT_CONNECTED_STATUS,
  TEAM_URL_ENV,
  type TeamIdentity,
  type TeamService,
  type TeamServiceDeps,
  type TeamSession,
} from './service';
export { describeTls, parseTeamUrl, withPassword, type SslMode, type TeamUrl } from './team-url';
export { createWorkspace, listWorkspaces, useWorkspace, type WorkspaceOps } from './workspace-ops';
export { valueCap } from './value-caps';
export { readWorkspaceChannel } from './channels';
