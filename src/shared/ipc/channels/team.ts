import { z } from 'zod';
import { invokeChannel } from '../define';

// Settings → Team and the workspace switcher: the team server's connection and the client
// workspaces (one local history each; with a team, also on the server with their grants).

export type TeamAccess = 'viewer' | 'member' | 'admin';

export interface TeamWorkspaceView {
  slug: string;
  name: string;
  access: TeamAccess;
  /**
   * The newest seed a new desktop of this version would start from (null: none, so a new
   * desktop pulls and indexes everything itself). The team's runner publishes one daily.
   */
  seed: TeamSeedView | null;
}

export interface TeamSeedView {
  /** When it was published (ms). */
  createdAt: number;
  answers: number;
  /** The history file's size. */
  bytes: number;
}

/** The team connection as the user may see it: never a password. */
export interface TeamStatusView {
  /** A team is configured (in settings, or PARALLAX_TEAM_URL). */
  connected: boolean;
  source: 'settings' | 'environment' | null;
  /** The team URL without its password. */
  server: string | null;
  /** Whether the server answered just now (null when not connected). */
  reachable: boolean | null;
  /** Why it did not, in one line. */
  error: string | null;
  schemaVersion: number | null;
  /** The schema version this Parallax knows. */
  knownVersion: number;
  /** The login role (the teammate's identity). */
  user: string | null;
  teamAdmin: boolean;
  /** How the connection is protected, in words. */
  tls: string | null;
  workspaces: TeamWorkspaceView[];
  /** Where the password is kept (e.g. 'Secret Service (D-Bus keyring)'). */
  passwordStore: string | null;
}

export interface WorkspaceView {
  slug: string;
  name: string;
  current: boolean;
  /** Its history exists on this machine (a team workspace not opened yet has none). */
  local: boolean;
  /** The access the team grants (null: local only, or no team). */
  access: TeamAccess | null;
}

export interface WorkspaceListView {
  workspaces: WorkspaceView[];
  /** Why the team's workspaces could not be listed (server unreachable…); local ones still are. */
  teamError: string | null;
}

const workspaceName = z.string().trim().min(1, 'Name the workspace').max(200);

export const teamChannels = {
  'team.status': invokeChannel(z.object({}).strict()).returns<TeamStatusView>(),
  /** The URL (with its password) goes renderer → main once; the password goes to the keychain. */
  'team.connect': invokeChannel(
    z
      .object({
        url: z
          .string()
          .trim()
          .regex(/^postgres(ql)?:\/\//, 'A team URL starts with postgres://')
          .max(2000),
        init: z.boolean().default(false),
      })
      .strict(),
  ).returns<TeamStatusView>(),
  'team.disconnect': invokeChannel(z.object({}).strict()).returns<TeamStatusView>(),
  /** team: false answers from this machine alone, at once (the switcher shows that, then the full list). */
  'workspaces.list': invokeChannel(
    z.object({ team: z.boolean().default(true) }).strict(),
  ).returns<WorkspaceListView>(),
  'workspaces.create': invokeChannel(z.object({ name: workspaceName }).strict()).returns<WorkspaceListView>(),
  /** Reopens the core on that workspace's history; refused while a run is in progress. */
  'workspaces.use': invokeChannel(z.object({ name: workspaceName }).strict()).returns<WorkspaceListView>(),
};
