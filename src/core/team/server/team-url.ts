import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type { ClientConfig } from 'pg';
import { TeamError } from './errors';

// A team URL (postgres://role[:password]@host[:port]/database?sslmode=…) read the way libpq reads
// it, so a URL that works with psql works here: the same defaults (port 5432, database = role)
// and the same sslmode meanings:
//   disable      no TLS
//   allow/prefer TLS when the server offers it, certificate not checked (the default, as libpq)
//   require      TLS, certificate not checked (checked against sslrootcert when one is given)
//   verify-ca    TLS, certificate signed by the trusted CA, any host name
//   verify-full  TLS, certificate signed by the trusted CA and issued for the URL's host
// The trusted CA is sslrootcert=FILE, else ~/.postgresql/root.crt (libpq's default), else the
// system's CA store (libpq's sslrootcert=system), so managed servers with public certificates
// work without a file. sslcert / sslkey give a client certificate.

export type SslMode = 'disable' | 'allow' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';
const SSL_MODES: readonly SslMode[] = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

export interface TeamUrl {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The password the URL carries (null when none). Never shown, logged or stored in settings. */
  password: string | null;
  sslmode: SslMode;
  /** The URL without its password: what settings keep and status shows. */
  safe: string;
  params: Record<string, string>;
}

const PARAMS = new Set([
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'connect_timeout',
  'application_name',
]);

/** Parses and checks a team URL; throws TeamError('invalid-url') saying what is wrong. */
export function parseTeamUrl(text: string): TeamUrl {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new TeamError(
      'invalid-url',
      'The team URL is not a URL: expected postgres://ROLE@HOST:PORT/DATABASE',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new TeamError(
      'invalid-url',
      `The team URL must start with postgres:// or postgresql://, not ${url.protocol}//`,
    );
  }
  const user = decodeURIComponent(url.username);
  if (!url.hostname)
    throw new TeamError('invalid-url', 'The team URL has no host: postgres://ROLE@HOST/DATABASE');
  if (!user) throw new TeamError('invalid-url', 'The team URL has no role: postgres://ROLE@HOST/DATABASE');
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    if (!PARAMS.has(key)) {
      throw new TeamError(
        'invalid-url',
        `The team URL has an unknown parameter "${key}" (known: ${[...PARAMS].join(', ')})`,
      );
    }
    params[key] = value;
  }
  const sslmode = (params['sslmode'] ?? 'prefer') as SslMode;
  if (!SSL_MODES.includes(sslmode)) {
    throw new TeamError('invalid-url', `sslmode must be one of ${SSL_MODES.join(', ')}, not "${sslmode}"`);
  }
  const port = url.port ? Number(url.port) : 5432;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const safeUrl = new URL(url.href);
  safeUrl.password = '';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    database,
    user,
    password: url.password ? decodeURIComponent(url.password) : null,
    sslmode,
    safe: safeUrl.href,
    params,
  };
}

/** The URL with this password put in (for the connection only; never stored). */
export function withPassword(safe: string, password: string | null): string {
  if (password === null) return safe;
  const url = new URL(safe);
  url.password = encodeURIComponent(password);
  return url.href;
}

function readPem(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new TeamError('tls', `The ${what} file ${path} cannot be read: ${(error as Error).message}`);
  }
}

/** The CA the server's certificate must chain to; undefined = the system's CA store. */
function trustedCa(params: Record<string, string>, home: string): string | undefined {
  const rootcert = params['sslrootcert'];
  if (rootcert === 'system') return undefined;
  if (rootcert) return readPem(rootcert, 'sslrootcert');
  const libpqDefault = join(home, '.postgresql', 'root.crt');
  return existsSync(libpqDefault) ? readPem(libpqDefault, 'root certificate') : undefined;
}

/** Node's TLS options for the URL's sslmode; false for no TLS. */
export function tlsOptions(team: TeamUrl, home: string = homedir()): ConnectionOptions | false {
  if (team.sslmode === 'disable') return false;
  const client: ConnectionOptions = {};
  if (team.params['sslcert']) client.cert = readPem(team.params['sslcert'], 'sslcert');
  if (team.params['sslkey']) client.key = readPem(team.params['sslkey'], 'sslkey');
  const explicitCa = team.params['sslrootcert'];
  const verify =
    team.sslmode === 'verify-ca' ||
    team.sslmode === 'verify-full' ||
    (team.sslmode === 'require' && explicitCa !== undefined);
  if (!verify) return { ...client, rejectUnauthorized: false };
  const ca = trustedCa(team.params, home);
  return {
    ...client,
    ...(ca !== undefined ? { ca } : {}),
    rejectUnauthorized: true,
    // SNI takes host names only (an IP address there is deprecated); the check below still sees the IP.
    ...(isIP(team.host) ? {} : { servername: team.host }),
    // verify-ca (and require with a CA) checks the chain only; verify-full also the host name,
    // which Node's default check does.
    ...(team.sslmode === 'verify-full' ? {} : { checkServerIdentity: () => undefined }),
  };
}

/** node-postgres's configuration for a team URL (TLS settled by tlsOptions). */
export function clientConfig(team: TeamUrl, ssl: ConnectionOptions | false): ClientConfig {
  const timeout = Number(team.params['connect_timeout'] ?? '10');
  return {
    host: team.host,
    port: team.port,
    database: team.database,
    user: team.user,
    ...(team.password !== null ? { password: team.password } : {}),
    ssl,
    connectionTimeoutMillis: (Number.isFinite(timeout) && timeout > 0 ? timeout : 10) * 1000,
    application_name: team.params['application_name'] ?? 'parallax',
  };
}

/** How the connection is protected, in words for status. */
export function describeTls(sslmode: SslMode, encrypted: boolean): string {
  if (!encrypted) return 'not encrypted';
  if (sslmode === 'verify-full') return 'TLS, certificate and host name verified';
  if (sslmode === 'verify-ca') return 'TLS, certificate verified (host name not checked)';
  return 'TLS, certificate not verified';
}
