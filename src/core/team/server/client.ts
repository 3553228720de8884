import pg from 'pg';
import type { QueryResult, QueryResultRow } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { redactSecrets } from '../../platform';
import { TeamError, type TeamErrorKind } from './errors';
import { BIG_VALUE_BYTES_MAX, SESSION_LIMITS, VALUE_BYTES_MAX } from './migrations';
import { clientConfig, tlsOptions, type TeamUrl } from './team-url';

// One connection to the team server (node-postgres), opened for an operation and closed after
// it. Every failure becomes a TeamError with one clear line that names the server and never the
// password.

export interface TeamClient {
  readonly url: TeamUrl;
  /** What it was opened with: another connection to the same server opens with both (sync's read-ahead thread). */
  readonly options: OpenTeamClientOptions;
  /** Whether the connection is encrypted (TLS). */
  readonly encrypted: boolean;
  query<R extends QueryResultRow = QueryResultRow>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /**
   * Runs `COPY (query) TO STDOUT …` and returns what it wrote. For large values (a seed's chunks):
   * node-postgres parses a bytea of 16 MB from a query's row at about 17 MB/s, COPY streams it at
   * about 170 MB/s. COPY takes no parameters: quote values with `literal`.
   */
  copyOut(sql: string): Promise<Buffer>;
  /** A value as an SQL string literal (for copyOut's statement). */
  literal(value: string): string;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs fn's reads in one read-only transaction that sees the database as it was at its first
   * statement (REPEATABLE READ): a long read still finds rows another writer deletes meanwhile (a
   * seed's chunks, deleted when a newer seed is completed during the download).
   */
  snapshot<T>(fn: () => Promise<T>): Promise<T>;
  end(): Promise<void>;
  /**
   * LISTENs on a channel on this connection: onNotify with each payload, onLost once when the
   * connection fails or ends (the caller reconnects). For a connection kept open (sync's wake-up).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: (error: TeamError) => void,
  ): Promise<void>;
}

export interface OpenTeamClientOptions {
  /** Home folder for libpq's default root certificate (~/.postgresql/root.crt); tests pass their own. */
  home?: string;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  'EAI_AGAIN',
]);
const CERT_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/**
 * A transaction's first statement. Its checks of each row written against the rows it refers to
 * (foreign keys, the results' trigger) run plans PostgreSQL caches for the connection's life; on
 * a new team server, with no statistics yet, a plan cached while a table was tiny reads the
 * workspace's whole range of a small index for every row once the table has grown (the push of
 * a 20,000-answer run: 3.6 times as long). Planned again at each use, a check is planned for the
 * table as it is: a range read only while it holds a few hundred rows, then one key look-up;
 * planning costs some microseconds a row. SET LOCAL ends with the transaction, so a pooled
 * connection is left as it was.
 */
const BEGIN_WRITE = 'BEGIN; SET LOCAL plan_cache_mode = force_custom_plan';

/** SQLSTATE classes and codes the user can act on. */
const SQLSTATE_KINDS: Record<string, TeamErrorKind> = {
  '28P01': 'auth',
  '28000': 'auth',
  '42501': 'forbidden',
  '23505': 'exists',
  '42704': 'not-found',
  '22023': 'invalid-url',
};

function codeOf(error: unknown): string {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : '';
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').trim() || codeOf(error) || 'unknown error';
}

/** A string field of a server error (node-postgres keeps the server's table and constraint names). */
function fieldOf(error: unknown, name: string): string {
  const value: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
  return typeof value === 'string' ? value : '';
}

const MB = 1024 * 1024;

/** Schema version 9's checks of a value's size: <table>__<column>__size. */
const SIZE_CHECK = /^([a-z0-9_]+?)__([a-z0-9_]+)__size$/;

/** The column (table.column) of a value refused for its size, or null for any other failure. */
function oversizeColumn(error: unknown, code: string): string | null {
  const match = code === '23514' ? SIZE_CHECK.exec(fieldOf(error, 'constraint')) : null;
  return match ? `${match[1]}.${match[2]}` : null;
}

/** Any failure of a team call as a TeamError (already one: unchanged). */
export function toTeamError(error: unknown, team: TeamUrl): TeamError {
  if (error instanceof TeamError) return error;
  const code = codeOf(error);
  const where = `${team.host}:${team.port}`;
  const reason = redactSecrets(messageOf(error), team.password ? [team.password] : []);
  const oversize = oversizeColumn(error, code);
  if (oversize) {
    return new TeamError(
      'database',
      `The team server ${where} refused a value of ${oversize} larger than the team takes (${VALUE_BYTES_MAX / MB} MB; ${BIG_VALUE_BYTES_MAX / MB} MB for answers, pages and seed chunks).`,
      code,
    );
  }
  // The server gave up waiting on this session's limits (lock_timeout, statement_timeout): it was
  // reached, and says so in words that contain "timeout".
  if (code === '55P03' || code === '57014') {
    return new TeamError('database', `The team server ${where} gave up waiting: ${reason}`, code);
  }
  // 57P01-57P05: the server is shutting down or restarting (its connections are cut).
  if (
    UNREACHABLE_CODES.has(code) ||
    code.startsWith('57P') ||
    /timeout|terminated unexpectedly|Connection terminated|connection error and is not queryable/i.test(
      reason,
    )
  ) {
    return new TeamError('unreachable', `The team server ${where} cannot be reached: ${reason}`);
  }
  if (CERT_CODES.has(code)) {
    const why =
      code === 'ERR_TLS_CERT_ALTNAME_INVALID'
        ? `its certificate is not issued for the host name "${team.host}" (sslmode=verify-full checks it)`
        : `its certificate is not signed by a CA this connection trusts (${team.params['sslrootcert'] ? `sslrootcert=${team.params['sslrootcert']}` : 'the system CA store'})`;
    return new TeamError('tls', `The team server ${where} was refused: ${why}. ${reason}`);
  }
  if (/does not support SSL/i.test(reason)) {
    return new TeamError(
      'tls',
      `The team server ${where} does not offer TLS, and sslmode=${team.sslmode} requires it.`,
    );
  }
  if (code === '3D000') return new TeamError('not-found', `On ${where}: ${reason}`);
  const kind = SQLSTATE_KINDS[code];
  if (kind === 'auth')
    return new TeamError('auth', `The team server ${where} refused role "${team.user}": ${reason}`);
  if (kind) return new TeamError(kind, reason, code || null);
  return new TeamError('database', `The team server ${where} answered: ${reason}`, code || null);
}

async function connect(team: TeamUrl, ssl: ReturnType<typeof tlsOptions>): Promise<pg.Client> {
  const client = new pg.Client(clientConfig(team, ssl));
  // A server that goes away mid-command surfaces as the command's error; this keeps the
  // client's own 'error' event from crashing the process meanwhile.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/**
 * The team's session limits (migrations/007-session-limits.ts), for those this session did not
 * get from the database (a schema owner who does not own the database could not set them there):
 * a push of this desktop never waits for ever on a lock another session holds.
 */
const LIMIT_ROWS = Object.entries(SESSION_LIMITS)
  .map(([name, value]) => `('${name}', '${value}')`)
  .join(', ');
const SESSION_LIMITS_SQL = `SELECT set_config(name, value, false) FROM (VALUES ${LIMIT_ROWS}) AS limits (name, value)
  WHERE current_setting(name) = '0'`;

/** Connects as the URL says (prefer/allow: TLS when the server offers it, else plain, as libpq). */
export async function openTeamClient(
  team: TeamUrl,
  options: OpenTeamClientOptions = {},
): Promise<TeamClient> {
  let ssl: ReturnType<typeof tlsOptions>;
  let client: pg.Client;
  try {
    ssl = tlsOptions(team, options.home);
    try {
      client = await connect(team, ssl);
    } catch (error) {
      const optional = team.sslmode === 'prefer' || team.sslmode === 'allow';
      if (!optional || !/does not support SSL/i.test(messageOf(error))) throw error;
      ssl = false;
      client = await connect(team, ssl);
    }
  } catch (error) {
    throw toTeamError(error, team);
  }
  const connected = client;
  try {
    await connected.query(SESSION_LIMITS_SQL);
  } catch (error) {
    await connected.end().catch(() => undefined);
    throw toTeamError(error, team);
  }
  const query = async <R extends QueryResultRow>(
    sql: string,
    params: unknown[] = [],
  ): Promise<QueryResult<R>> => {
    try {
      return await connected.query<R>(sql, params);
    } catch (error) {
      throw toTeamError(error, team);
    }
  };
  /** fn in a transaction `begin` opens: committed when fn resolves, rolled back when it throws (`failure` of its error). */
  const inTransaction = async <T>(
    begin: string,
    fn: () => Promise<T>,
    failure: (e: unknown) => unknown,
  ): Promise<T> => {
    await query(begin);
    try {
      const value = await fn();
      await query('COMMIT');
      return value;
    } catch (error) {
      await connected.query('ROLLBACK').catch(() => undefined);
      throw failure(error);
    }
  };
  return {
    url: team,
    options,
    encrypted: ssl !== false,
    query,
    async copyOut(sql) {
      const parts: Buffer[] = [];
      try {
        for await (const part of connected.query(copyTo(sql))) parts.push(part as Buffer);
      } catch (error) {
        throw toTeamError(error, team);
      }
      return Buffer.concat(parts);
    },
    literal: (value) => connected.escapeLiteral(value),
    transaction: (fn) => inTransaction(BEGIN_WRITE, fn, (error) => toTeamError(error, team)),
    // The reads' own failures are TeamErrors already; the caller's (a refused seed) stay its own.
    snapshot: (fn) => inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', fn, (error) => error),
    async end() {
      await connected.end().catch(() => undefined);
    },
    async listen(channel, onNotify, onLost) {
      let lost = false;
      const lose = (error: unknown): void => {
        if (lost) return;
        lost = true;
        onLost(toTeamError(error ?? new Error('Connection terminated'), team));
      };
      connected.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      connected.on('error', lose);
      connected.on('end', () => lose(null));
      await query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    },
  };
}
