import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { deprecationLink, parseMeta } from '../../../src/core/runs/api/meta';
import { ApiError, redactSecrets } from '../../../src/core/runs/api/errors';

describe('parseMeta', () => {
  it('reads rate-limit, concurrency, credits, latency and request id headers', () => {
    const meta = parseMeta(
      new Headers({
        'X-RateLimit-Limit': '1000',
        'X-RateLimit-Remaining': '998',
        'X-Request-Id': 'req-1',
        'X-Concurrent-Limit': '10',
        'X-Concurrent-Current': '3',
        'X-Concurrent-Remaining': '7',
        'X-Credits-Remaining': '493',
        'X-Credits-Charged': '7',
        'X-Latency-Ms': '1234',
      }),
    );
    expect(meta).toEqual({
      requestId: 'req-1',
      rateLimit: { limit: 1000, remaining: 998 },
      concurrency: { limit: 10, current: 3, remaining: 7 },
      credits: { remaining: 493, charged: 7 },
      latencyMs: 1234,
    });
  });
  it('accepts X-Concurrency-* too and skips garbage', () => {
    const meta = parseMeta(
      new Headers({ 'X-Concurrency-Limit': '20', 'X-Credits-Charged': 'abc', 'X-Latency-Ms': '' }),
    );
    expect(meta).toEqual({ concurrency: { limit: 20 } });
  });
  it('surfaces Deprecation, Sunset and the Link with rel=deprecation', () => {
    const meta = parseMeta(
      new Headers({
        Deprecation: '@1767225600',
        Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
        Link: '<https://docs.example/v1>; rel="alternate", <https://api.example/v2/monitor>; rel="deprecation"; type="text/html"',
      }),
    );
    expect(meta.deprecation).toEqual({
      deprecation: '@1767225600',
      sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
      link: 'https://api.example/v2/monitor',
    });
    expect(deprecationLink('<https://a.example>; rel=deprecation')).toBe('https://a.example');
    expect(deprecationLink('<https://a.example>; rel="successor-version"')).toBeUndefined();
    expect(parseMeta(new Headers()).deprecation).toBeUndefined();
  });
});

describe('redaction', () => {
  const key = `sk_${'Ab3'.repeat(13)}x`;
  it('removes the key and anything key-shaped from every part of an ApiError', () => {
    const error = new ApiError(
      {
        kind: 'http',
        message: `bad key ${key}`,
        code: key,
        details: { echoed: key, nested: [key] },
        fieldErrors: [{ field: key, message: key }],
        rawBody: `{"error":{"message":"Bearer ${key}"}}`,
        attempts: 1,
        reachedServer: true,
      },
      [key],
    );
    for (const text of [
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      String(error),
      error.stack ?? '',
      error.message,
    ]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(3));
    }
    expect(redactSecrets(`x ${key} y`)).toBe('x sk_[redacted] y');
    expect(redactSecrets('my-secret-value', ['secret-value'])).toBe('my-[redacted]');
  });
});
