import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { call, get, post, testSandbox } from './http';

// Envelopes, auth, routing, body handling, headers, request ids, lookups.

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

const A = '/v1/monitor/assistant-a';
const okBody = { prompt: 'best laptop', country: 'US' };

describe('authentication', () => {
  it('answers 401 with the three codes', async () => {
    const missing = await post(sb, A, okBody, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, error: { code: 'MISSING_API_KEY' } });
    expect(typeof missing.body.error.timestamp).toBe('string');
    const lower = await post(sb, A, okBody, { key: null, headers: { authorization: `bearer ${sb.apiKey}` } });
    expect(lower.body.error.code).toBe('MISSING_API_KEY');
    const bad = await post(sb, A, okBody, { key: 'sk_short' });
    expect(bad.body.error.code).toBe('INVALID_API_KEY_FORMAT');
    const unknown = await post(sb, A, okBody, { key: `sk_${'a'.repeat(40)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('INVALID_OR_EXPIRED_API_KEY');
  });

  it('creates and revokes keys', async () => {
    const key = sb.createKey(sb.defaultAccount.id);
    expect(key).toMatch(/^sk_[A-Za-z0-9]{40}$/);
    expect((await get(sb, '/v1/credits', { key })).status).toBe(200);
    sb.revokeKey(key);
    expect((await get(sb, '/v1/credits', { key })).body.error.code).toBe('INVALID_OR_EXPIRED_API_KEY');
  });
});

describe('routing and bodies', () => {
  it('404 for unknown routes, unavailable engines and unknown tasks', async () => {
    const route = await get(sb, '/v1/nothing');
    expect(route.status).toBe(404);
    expect(route.body.error.code).toBe('RESOURCE_NOT_FOUND');
    const engine = await post(sb, '/v1/monitor/assistant-b', okBody);
    expect(engine.status).toBe(404);
    expect(engine.body.error.code).toBe('RESOURCE_NOT_FOUND');
    const task = await get(sb, '/v1/async/task/00000000-0000-4000-8000-000000000000');
    expect(task.status).toBe(404);
  });

  it('405 for a known path with the wrong method', async () => {
    const res = await call(sb, 'GET', A);
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('415 for non-JSON, 400 BAD_REQUEST for unreadable JSON, 413 for huge bodies', async () => {
    const form = await post(sb, A, undefined, { raw: 'prompt=x', contentType: 'text/plain' });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await post(sb, A, undefined, { raw: '{"prompt": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('BAD_REQUEST');
    const huge = await post(sb, A, { prompt: 'x'.repeat(2 * 1024 * 1024), country: 'US' });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('headers', () => {
  it('sends every header of the table on a monitor answer', async () => {
    const res = await post(sb, A, okBody);
    expect(res.status).toBe(200);
    for (const h of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-request-id',
      'x-concurrent-limit',
      'x-concurrent-current',
      'x-concurrent-remaining',
      'x-credits-remaining',
      'x-credits-charged',
      'x-latency-ms',
    ]) {
      expect(res.headers.get(h), h).not.toBeNull();
    }
    expect(res.headers.get('x-concurrent-limit')).toBe('50');
    expect(res.headers.get('x-credits-charged')).toBe('5');
    expect(res.headers.get('retry-after')).toBeNull();
    expect(res.headers.get('ratelimit-limit')).toBeNull();
    const credits = await get(sb, '/v1/credits');
    expect(credits.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(credits.headers.get('x-concurrent-limit')).toBeNull();
  });

  it('echoes a valid X-Request-Id and replaces an invalid one', async () => {
    const good = await get(sb, '/v1/credits', { headers: { 'x-request-id': 'run-42:job_7.a' } });
    expect(good.headers.get('x-request-id')).toBe('run-42:job_7.a');
    const bad = await get(sb, '/v1/credits', { headers: { 'x-request-id': 'has spaces/and slash' } });
    expect(bad.headers.get('x-request-id')).not.toBe('has spaces/and slash');
    expect(bad.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9\-_.:]{1,128}$/);
    const long = await get(sb, '/v1/credits', { headers: { 'x-request-id': 'a'.repeat(129) } });
    expect(long.headers.get('x-request-id')).not.toBe('a'.repeat(129));
  });
});

describe('lookups', () => {
  it('credits, countries and states', async () => {
    const credits = await get(sb, '/v1/credits');
    expect(credits.body).toMatchObject({ perCycle: 650_000 });
    expect(typeof credits.body.remaining).toBe('number');
    expect(Number.isNaN(Date.parse(credits.body.cycleResetsAt))).toBe(false);
    const countries = await get(sb, '/v1/countries?model=assistant-a');
    expect(countries.body).toContain('DE');
    expect(countries.body).toContain('XK');
    expect((await get(sb, '/v1/countries?model=nope')).status).toBe(400);
    const us = await get(sb, '/v1/states?country=US');
    expect(us.body).toContainEqual({ code: 'CA', name: 'California' });
    expect((await get(sb, '/v1/states?country=DE')).body).toEqual([]);
    const missing = await get(sb, '/v1/states');
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('country');
  });
});

describe('rate limit', () => {
  it('admits one second worth, then 429 RATE_LIMIT_EXCEEDED, clearing within a second', async () => {
    const { apiKey } = sb.createAccount({ rateLimit: 5 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(sb, '/v1/credits', { key: apiKey })),
    );
    const limited = answers.filter((a) => a.status === 429);
    // 5 per second: the burst admits 5 (a 6th only if 200 ms passed while they arrived).
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(5);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(limited[0]?.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(limited[0]?.headers.get('retry-after')).toBeNull();
    expect(limited[0]?.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(sb.stats().rateLimitRejections).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await get(sb, '/v1/credits', { key: apiKey })).status).toBe(200);
  });
});
