import type { TeamAccess, TeamStatusView, TeamWorkspaceView } from '../../../shared/ipc/channels/team';
import type { SecretStore, SettingsStore } from '../../platform';
import { MIGRATIONS } from '../../history';
import { openTeamClient, type TeamClient } from './client';
import { TeamError } from './errors';
import { applyTeamMigrations, checkTeamSchema, TEAM_SCHEMA_VERSION } from './migrate';
import { describeTls, parseTeamUrl, type TeamUrl } from './team-url';

// The team connection's life, shared by the app and the CLI: connect (check or create the
// schema, then keep the URL without its password in settings and the password in the keychain),
// status, disconnect, and a checked connection for each operation. PARALLAX_TEAM_URL wins over
// the stored connection (servers, CI), as PARALLAX_API_KEY does over the stored key.

export const TEAM_URL_ENV = 'PARALLAX_TEAM_URL';

export interface TeamServiceDeps {
  settings: SettingsStore;
  /** The keychain entry for the team password (createTeamPasswordStore). */
  passwords: SecretStore;
  env: NodeJS.ProcessEnv;
  now: () => number;
  /** For libpq's default root certificate (~/.postgresql/root.crt); tests pass their own. */
  home?: string;
}

/** Who the session is on the team server. */
export interface TeamIdentity {
  user: string;
  teamAdmin: boolean;
  member: boolean;
}

/** An open, checked connection to the team server for one operation. */
export interface TeamSession {
  client: TeamClient;
  teamId: string;
  schemaVersion: number;
  identity: TeamIdentity;
}

export interface TeamService {
  /** The configured team URL (password included, for connecting only) and where it comes from; null: no team. */
  configured(): Promise<{ url: TeamUrl; source: 'settings' | 'environment' } | null>;
  status(): Promise<TeamStatusView>;
  connect(url: string, options?: { init?: boolean }): Promise<TeamStatusView & { teamId: string }>;
  disconnect(): Promise<TeamStatusView>;
  /** Opens a connection, checks the schema, runs fn, closes. Throws TeamError('not-connected') without a team. */
  withTeam<T>(fn: (session: TeamSession) => Promise<T>): Promise<T>;
  listWorkspaces(session: TeamSession): Promise<TeamWorkspaceView[]>;
  createWorkspace(session: TeamSession, slug: string, name: string): Promise<TeamWorkspaceView>;
  grant(session: TeamSession, slug: string, role: string, access: TeamAccess): Promise<void>;
  revoke(session: TeamSession, slug: string, role: string): Promise<boolean>;
}

/** What status says with no team configured. */
export const NOT_CONNECTED_STATUS: Readonly<TeamStatusView> = Object.freeze({
  connected: false,
  source: null,
  server: null,
  reachable: null,
  error: null,
  schemaVersion: null,
  knownVersion: TEAM_SCHEMA_VERSION,
  user: null,
  teamAdmin: false,
  tls: null,
  workspaces: [],
  passwordStore: null,
});

const NOT_CONNECTED =
  'No team server: run `parallax team connect URL` (Settings → Team in the app) or set PARALLAX_TEAM_URL.';

async function identityOf(client: TeamClient): Promise<TeamIdentity> {
  const { rows } = await client.query<{ role_name: string; team_admin: boolean; member: boolean }>(
    'SELECT role_name, team_admin, member FROM parallax.whoami()',
  );
  const row = rows[0];
  return { user: row?.role_name ?? '', teamAdmin: row?.team_admin ?? false, member: row?.member ?? false };
}

async function teamIdOf(client: TeamClient): Promise<string> {
  const { rows } = await client.query<{ id: string }>('SELECT id::text AS id FROM parallax.team');
  return rows[0]?.id ?? '';
}

interface WorkspaceRow {
  slug: string;
  name: string;
  access: TeamAccess;
  seed_ms: string | null;
  seed_answers: string | null;
  seed_bytes: string | null;
}

/**
 * The workspaces granted to the session's role, each with the seed a new desktop would take (the
 * rule of sync's newestSeed, for every workspace in one statement).
 */
async function workspacesOf(session: Pick<TeamSession, 'client' | 'identity'>): Promise<TeamWorkspaceView[]> {
  // A role with no grant yet may not read the table at all: it has no workspaces.
  if (!session.identity.member && !session.identity.teamAdmin) return [];
  const { rows } = await session.client.query<WorkspaceRow>(
    `SELECT w.slug, w.name,
        CASE WHEN parallax.is_team_admin() THEN 'admin' ELSE m.access END AS access,
        (extract(epoch FROM s.created_at) * 1000)::bigint AS seed_ms, s.answers AS seed_answers,
        s.bytes AS seed_bytes
      FROM parallax.workspaces w
      LEFT JOIN parallax.members m ON m.workspace_id = w.id AND m.role_name = session_user
      LEFT JOIN LATERAL (
        SELECT created_at, answers, bytes FROM parallax.workspace_seeds
        WHERE workspace_id = w.id AND complete AND schema_version = $1
        ORDER BY created_at DESC LIMIT 1
      ) s ON true
      WHERE w.deleted_at IS NULL AND (parallax.is_team_admin() OR m.access IS NOT NULL)
      ORDER BY w.slug`,
    [MIGRATIONS.length],
  );
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    access: r.access,
    seed:
      r.seed_ms === null
        ? null
        : { createdAt: Number(r.seed_ms), answers: Number(r.seed_answers), bytes: Number(r.seed_bytes) },
  }));
}

/** Creates or upgrades the schema; a role without the rights for it is told which it needs. */
async function initialise(client: TeamClient): Promise<void> {
  try {
    await applyTeamMigrations(client);
  } catch (error) {
    if (!(error instanceof TeamError) || error.kind !== 'forbidden') throw error;
    throw new TeamError(
      'forbidden',
      `Creating the team schema needs the database's owner with CREATEROLE (or a superuser): ${error.message}`,
    );
  }
}

export function createTeamService(deps: TeamServiceDeps): TeamService {
  const envUrl = (): string | null => deps.env[TEAM_URL_ENV]?.trim() || null;

  async function configured(): Promise<{ url: TeamUrl; source: 'settings' | 'environment' } | null> {
    const fromEnv = envUrl();
    if (fromEnv) return { url: parseTeamUrl(fromEnv), source: 'environment' };
    const stored = deps.settings.get().team;
    if (!stored) return null;
    const url = parseTeamUrl(stored.url);
    const password = await deps.passwords.get().catch(() => null);
    return { url: { ...url, password }, source: 'settings' };
  }

  async function open(url: TeamUrl): Promise<TeamClient> {
    return openTeamClient(url, deps.home !== undefined ? { home: deps.home } : {});
  }

  async function session(client: TeamClient, check = true): Promise<TeamSession> {
    const schemaVersion = check ? await checkTeamSchema(client) : TEAM_SCHEMA_VERSION;
    return { client, teamId: await teamIdOf(client), schemaVersion, identity: await identityOf(client) };
  }

  async function statusOf(
    config: { url: TeamUrl; source: 'settings' | 'environment' } | null,
    opened: TeamSession | null,
    error: string | null,
  ): Promise<TeamStatusView> {
    const base: TeamStatusView = {
      connected: config !== null,
      source: config?.source ?? null,
      server: config?.url.safe ?? null,
      reachable: config === null ? null : opened !== null,
      error,
      schemaVersion: opened?.schemaVersion ?? null,
      knownVersion: TEAM_SCHEMA_VERSION,
      user: opened?.identity.user ?? config?.url.user ?? null,
      teamAdmin: opened?.identity.teamAdmin ?? false,
      tls: opened ? describeTls(config?.url.sslmode ?? 'prefer', opened.client.encrypted) : null,
      workspaces: opened ? await workspacesOf(opened) : [],
      passwordStore:
        config?.source === 'environment'
          ? `Environment variable ${TEAM_URL_ENV}`
          : deps.passwords.backend.label,
    };
    return base;
  }

  async function withTeam<T>(fn: (s: TeamSession) => Promise<T>): Promise<T> {
    const config = await configured();
    if (!config) throw new TeamError('not-connected', NOT_CONNECTED);
    const client = await open(config.url);
    try {
      return await fn(await session(client));
    } finally {
      await client.end();
    }
  }

  return {
    configured,
    withTeam,
    async status() {
      let config: Awaited<ReturnType<typeof configured>>;
      try {
        config = await configured();
      } catch (error) {
        return { ...(await statusOf(null, null, null)), connected: true, error: (error as Error).message };
      }
      if (!config) return statusOf(null, null, null);
      let client: TeamClient | null = null;
      try {
        client = await open(config.url);
        return await statusOf(config, await session(client), null);
      } catch (error) {
        if (!(error instanceof TeamError)) throw error;
        return statusOf(config, null, error.message);
      } finally {
        await client?.end();
      }
    },
    async connect(text, options = {}) {
      if (envUrl()) {
        throw new TeamError(
          'environment-override',
          `${TEAM_URL_ENV} is set and overrides a stored team connection: unset it to connect with a stored one.`,
        );
      }
      const url = parseTeamUrl(text);
      if (url.password !== null && deps.passwords.backend.kind === 'unavailable') {
        throw new TeamError(
          'keychain-unavailable',
          `The team password cannot be kept safely here: ${deps.passwords.backend.warning ?? 'no keychain answered'} On a server, set ${TEAM_URL_ENV} instead.`,
        );
      }
      const client = await open(url);
      let opened: TeamSession;
      try {
        if (options.init) await initialise(client);
        opened = await session(client);
        // Saved only once the server said yes: a failed connect changes nothing.
        if (url.password !== null) await deps.passwords.set(url.password);
        else await deps.passwords.delete().catch(() => false);
        deps.settings.update({
          team: { url: url.safe, teamId: opened.teamId, connectedAt: new Date(deps.now()).toISOString() },
        });
        const status = await statusOf({ url, source: 'settings' }, opened, null);
        return { ...status, teamId: opened.teamId };
      } finally {
        await client.end();
      }
    },
    async disconnect() {
      await deps.passwords.delete().catch(() => false);
      deps.settings.update({ team: null });
      return statusOf(envUrl() ? await configured() : null, null, null);
    },
    listWorkspaces: (s) => workspacesOf(s),
    async createWorkspace(s, slug, name) {
      await s.client
        .query('SELECT parallax.create_workspace($1, $2, $3)', [slug, name, deps.now()])
        .catch((error: unknown) => {
          if (error instanceof TeamError && error.kind === 'exists') {
            throw new TeamError('exists', `The team already has a workspace named "${slug}".`);
          }
          throw error;
        });
      return { slug, name, access: 'admin', seed: null };
    },
    async grant(s, slug, role, access) {
      await s.client.query('SELECT parallax.grant_workspace($1, $2, $3)', [slug, role, access]);
    },
    async revoke(s, slug, role) {
      const { rows } = await s.client.query<{ revoked: boolean }>(
        'SELECT parallax.revoke_workspace($1, $2) AS revoked',
        [slug, role],
      );
      return rows[0]?.revoked ?? false;
    },
  };
}
