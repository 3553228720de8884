import { describe, expect, it } from 'vitest';
import {
  createRedactingLogger,
  redactSecrets,
  type LogLevel,
} from '../../../src/core/platform/secrets/redact';

const key = `sk_${'Qw3rTy'.repeat(6)}Zx9K`;
const otherKey = `sk_${'m'.repeat(36)}7777`;

describe('redactSecrets', () => {
  it('replaces a known key with its mask, wherever it appears', () => {
    const out = redactSecrets(`calling with ${key} and again "${key}"`, [key]);
    expect(out).toBe('calling with sk_…Zx9K and again "sk_…Zx9K"');
  });

  it('masks any key-shaped value even when it is not known', () => {
    expect(redactSecrets(`leaked ${otherKey}.`)).toBe('leaked sk_…7777.');
  });

  it('removes a truncated key fragment, so the first 12 characters cannot leak', () => {
    const out = redactSecrets(`key starts ${key.slice(0, 12)}`);
    expect(out).not.toContain(key.slice(0, 12));
    expect(out).toBe('key starts sk_…');
  });

  it('hides bearer tokens of any shape', () => {
    expect(redactSecrets('Authorization: Bearer abc.def-ghi, next')).toBe(
      'Authorization: Bearer [redacted], next',
    );
  });

  it('masks a known secret that is not key-shaped (a malformed PARALLAX_API_KEY)', () => {
    const odd = 'my-own-secret-token-1234';
    expect(redactSecrets(`env=${odd}`, [odd])).toBe('env=…1234');
  });
});

describe('createRedactingLogger', () => {
  it('redacts messages, details and error stacks before they reach the sink', () => {
    const lines: Array<[LogLevel, string]> = [];
    let secrets: string[] = [];
    const log = createRedactingLogger(
      (level, message) => lines.push([level, message]),
      () => secrets,
    );

    secrets = [key];
    log.info('request', { headers: { Authorization: `Bearer ${key}` }, key });
    log.error('failed', new Error(`bad key ${key}`));
    log.warn(`plain ${otherKey}`);
    log.debug('nothing secret here');

    expect(lines.map(([level]) => level)).toEqual(['info', 'error', 'warn', 'debug']);
    for (const [, line] of lines) {
      expect(line).not.toContain(key);
      expect(line).not.toContain(key.slice(0, 12));
      expect(line).not.toContain(otherKey);
    }
    expect(lines[0]?.[1]).toContain('"key":"sk_…Zx9K"');
    expect(lines[1]?.[1]).toContain('Error: bad key sk_…Zx9K');
    expect(lines[3]?.[1]).toBe('nothing secret here');
  });

  it('asks for the secrets on every line, so a key set later is redacted too', () => {
    const lines: string[] = [];
    const odd = 'not-key-shaped-secret-42';
    let secrets: string[] = [];
    const log = createRedactingLogger(
      (_level, message) => lines.push(message),
      () => secrets,
    );
    log.info(odd);
    secrets = [odd];
    log.info(odd);
    expect(lines).toEqual([odd, '…t-42']);
  });
});

describe('redactSecrets: passwords in connection URLs and strings', () => {
  it('masks the password of a URL and keeps the rest readable', () => {
    expect(
      redactSecrets('connect postgres://alice:s3cr%40t!@db.example:5432/team?sslmode=verify-full failed'),
    ).toBe('connect postgres://alice:[redacted]@db.example:5432/team?sslmode=verify-full failed');
    expect(redactSecrets('postgresql://bob:pw@[::1]/x')).toBe('postgresql://bob:[redacted]@[::1]/x');
  });

  it('leaves a URL without a password as it is', () => {
    expect(redactSecrets('postgres://alice@db.example/team and https://example.com/a:b')).toBe(
      'postgres://alice@db.example/team and https://example.com/a:b',
    );
  });

  it('masks password= in key/value strings and query parameters', () => {
    expect(redactSecrets("host=db password='a b c' user=x")).toBe('host=db password=[redacted] user=x');
    expect(redactSecrets('postgres://db/team?password=hunter2&sslmode=require')).toBe(
      'postgres://db/team?password=[redacted]&sslmode=require',
    );
  });
});
