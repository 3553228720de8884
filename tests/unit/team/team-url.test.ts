import { describe, expect, it } from 'vitest';
import { TeamError } from '../../../src/core/team/server/errors';
import { clientConfig, parseTeamUrl, tlsOptions, withPassword } from '../../../src/core/team/server/team-url';

// Reading a team URL the way libpq does, and what each sslmode asks of Node's TLS.

function refusal(text: string): string {
  try {
    parseTeamUrl(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TeamError);
    expect((error as TeamError).kind).toBe('invalid-url');
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

describe('parseTeamUrl', () => {
  it('takes libpq defaults: port 5432, the database named like the role, sslmode prefer', () => {
    const url = parseTeamUrl('postgres://alice@db.example.com');
    expect(url).toMatchObject({
      host: 'db.example.com',
      port: 5432,
      database: 'alice',
      user: 'alice',
      password: null,
      sslmode: 'prefer',
    });
  });

  it('keeps the password apart and out of the safe URL', () => {
    const url = parseTeamUrl('postgresql://alice:p%40ss%2Fw@[::1]:6543/team?sslmode=verify-full');
    expect(url).toMatchObject({
      host: '::1',
      port: 6543,
      database: 'team',
      password: 'p@ss/w',
      sslmode: 'verify-full',
    });
    expect(url.safe).toBe('postgresql://alice@[::1]:6543/team?sslmode=verify-full');
    expect(parseTeamUrl(withPassword(url.safe, 'p@ss/w')).password).toBe('p@ss/w');
    expect(clientConfig(url, false)).toMatchObject({
      host: '::1',
      port: 6543,
      user: 'alice',
      password: 'p@ss/w',
      ssl: false,
    });
  });

  it('refuses what is not a PostgreSQL URL, saying what is wrong', () => {
    expect(refusal('db.example.com')).toMatch(/not a URL/);
    expect(refusal('mysql://a@b/c')).toMatch(/must start with postgres:\/\//);
    expect(refusal('postgres://db.example.com/team')).toMatch(/no role/);
    expect(refusal('postgres://a@b/c?sslmode=strict')).toMatch(/sslmode must be one of/);
    expect(refusal('postgres://a@b/c?options=-c%20x')).toMatch(/unknown parameter "options"/);
  });
});

describe('tlsOptions', () => {
  const tls = (query: string) =>
    tlsOptions(parseTeamUrl(`postgres://a@db.example.com/t${query}`), '/nonexistent-home');

  it('disable: no TLS; prefer and require: encrypted without checks', () => {
    expect(tls('?sslmode=disable')).toBe(false);
    expect(tls('')).toEqual({ rejectUnauthorized: false });
    expect(tls('?sslmode=require')).toEqual({ rejectUnauthorized: false });
  });

  it('verify-full checks the chain and the host; verify-ca the chain only', () => {
    const full = tls('?sslmode=verify-full');
    expect(full).toMatchObject({ rejectUnauthorized: true, servername: 'db.example.com' });
    expect(full && full.checkServerIdentity).toBeUndefined();
    const ca = tls('?sslmode=verify-ca');
    expect(ca).toMatchObject({ rejectUnauthorized: true });
    expect(ca && ca.checkServerIdentity?.('other.example', {} as never)).toBeUndefined();
  });

  it('says which certificate file cannot be read', () => {
    expect(() => tls('?sslmode=verify-full&sslrootcert=/nonexistent/ca.crt')).toThrow(
      /sslrootcert file \/nonexistent\/ca\.crt cannot be read/,
    );
  });
});
