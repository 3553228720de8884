import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamClient } from '../../../src/core/team/server/client';
import { TeamError } from '../../../src/core/team/server/errors';
import { parseTeamUrl } from '../../../src/core/team/server/team-url';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { createTestCa, type TestCa } from '../../support/tls-certs';

// TLS as the URL's sslmode asks, against a real PostgreSQL serving a certificate signed by a CA
// made for this test (issued for "localhost" only), and a second CA that signed nothing of it.

let server: TestPostgres;
let ca: TestCa;
let otherCa: TestCa;
/** An empty home: no ~/.postgresql/root.crt, so only sslrootcert or the system store is trusted. */
let home: string;

beforeAll(async () => {
  ca = createTestCa();
  otherCa = createTestCa('Someone Else CA');
  home = mkdtempSync(join(tmpdir(), 'parallax-home-'));
  server = await startTestPostgres({ tls: ca.issue('server', ['DNS:localhost']) });
});
afterAll(async () => {
  await server?.close();
  ca?.remove();
  otherCa?.remove();
  rmSync(home, { recursive: true, force: true });
});

function urlFor(host: string, params: Record<string, string>): string {
  return server.url('postgres', undefined, params).replace('@127.0.0.1:', `@${host}:`);
}

async function connectTo(
  host: string,
  params: Record<string, string>,
): Promise<{ encrypted: boolean; ssl: boolean }> {
  const client = await openTeamClient(parseTeamUrl(urlFor(host, params)), { home });
  try {
    const { rows } = await client.query<{ ssl: boolean }>(
      'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()',
    );
    return { encrypted: client.encrypted, ssl: rows[0]?.ssl ?? false };
  } finally {
    await client.end();
  }
}

async function refusal(host: string, params: Record<string, string>): Promise<TeamError> {
  const error = await connectTo(host, params).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TeamError);
  return error as TeamError;
}

describe('team connections over TLS', () => {
  it('verify-full: the CA and the host name both check out', async () => {
    expect(await connectTo('localhost', { sslmode: 'verify-full', sslrootcert: ca.caFile })).toEqual({
      encrypted: true,
      ssl: true,
    });
  });

  it('verify-full refuses a certificate from another CA, with a clear message', async () => {
    const error = await refusal('localhost', { sslmode: 'verify-full', sslrootcert: otherCa.caFile });
    expect(error.kind).toBe('tls');
    expect(error.message).toMatch(/not signed by a CA this connection trusts \(sslrootcert=.*ca\.crt\)/);
    expect(error.message).not.toContain(server.admin.password);
  });

  it('verify-full refuses a certificate issued for another host name; verify-ca does not check it', async () => {
    const error = await refusal('127.0.0.1', { sslmode: 'verify-full', sslrootcert: ca.caFile });
    expect(error.kind).toBe('tls');
    expect(error.message).toMatch(/not issued for the host name "127\.0\.0\.1"/);
    expect(await connectTo('127.0.0.1', { sslmode: 'verify-ca', sslrootcert: ca.caFile })).toEqual({
      encrypted: true,
      ssl: true,
    });
    expect((await refusal('127.0.0.1', { sslmode: 'verify-ca', sslrootcert: otherCa.caFile })).kind).toBe(
      'tls',
    );
  });

  it('verify-full without sslrootcert trusts only the system CA store (not this test CA)', async () => {
    expect((await refusal('localhost', { sslmode: 'verify-full' })).kind).toBe('tls');
  });

  it('require encrypts without checking; with a CA given it checks the chain, as libpq', async () => {
    expect(await connectTo('127.0.0.1', { sslmode: 'require' })).toEqual({ encrypted: true, ssl: true });
    expect((await refusal('127.0.0.1', { sslmode: 'require', sslrootcert: otherCa.caFile })).kind).toBe(
      'tls',
    );
  });

  it('disable does not encrypt; prefer (the default) encrypts when offered', async () => {
    expect(await connectTo('127.0.0.1', { sslmode: 'disable' })).toEqual({ encrypted: false, ssl: false });
    expect(await connectTo('127.0.0.1', {})).toEqual({ encrypted: true, ssl: true });
  });

  it('with TLS off on the server: prefer falls back to plain, require refuses', async () => {
    await server.query('ALTER SYSTEM SET ssl = off');
    await server.query('SELECT pg_reload_conf()');
    try {
      await expect.poll(() => connectTo('127.0.0.1', {})).toEqual({ encrypted: false, ssl: false });
      const error = await refusal('127.0.0.1', { sslmode: 'require' });
      expect(error.message).toMatch(/does not offer TLS, and sslmode=require requires it/);
    } finally {
      await server.query('ALTER SYSTEM RESET ssl');
      await server.query('SELECT pg_reload_conf()');
    }
  });
});
