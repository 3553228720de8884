import { AppError } from '../../platform';

/**
 * Why a team operation failed, in terms the user can act on:
 * - invalid-url: the URL is not a PostgreSQL URL (bad usage);
 * - unreachable: no answer from the server (down, wrong host or port, firewall);
 * - auth: the server refused the role or password;
 * - tls: the server's certificate failed the check the URL's sslmode asks for, or TLS is off;
 * - no-schema / newer-schema / older-schema / foreign-schema: the database's team schema;
 * - not-connected: no team connection is configured;
 * - forbidden: the role may not do this (not an admin of the workspace, a viewer writing);
 * - keychain-unavailable / environment-override: where the password would be kept;
 * - not-found / exists / database: a workspace or role named wrongly, other server errors.
 */
export type TeamErrorKind =
  | 'invalid-url'
  | 'unreachable'
  | 'auth'
  | 'tls'
  | 'no-schema'
  | 'newer-schema'
  | 'older-schema'
  | 'foreign-schema'
  | 'not-connected'
  | 'forbidden'
  | 'keychain-unavailable'
  | 'environment-override'
  | 'not-found'
  | 'exists'
  | 'database';

/** The kinds that are the caller's mistake (the CLI exits 2 for them, 1 for the others). */
const USAGE_KINDS: ReadonlySet<TeamErrorKind> = new Set(['invalid-url', 'not-found', 'exists']);

export class TeamError extends AppError {
  constructor(
    readonly kind: TeamErrorKind,
    message: string,
    /** The server's SQLSTATE, when the server answered with an error (a caller may go on past some). */
    readonly sqlstate: string | null = null,
  ) {
    super(`TEAM_${kind.toUpperCase().replace(/-/g, '_')}`, message);
  }

  get isUsage(): boolean {
    return USAGE_KINDS.has(this.kind);
  }
}
