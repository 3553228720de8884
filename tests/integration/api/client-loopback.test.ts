import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../src/core/runs/api/client';
import { ApiError } from '../../../src/core/runs/api/errors';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import { json, standardError, startLoopback, type Loopback } from './loopback-server';

// The client against a real HTTP server on 127.0.0.1, one exact fault at a time, counting the
// attempts the server saw for each retry rule. Backoff sleeps are recorded, not waited.

const KEY = `sk_${'k9'.repeat(20)}`;
const ok = { success: true, result: { text: 'Acme is…', sources: [] } };
const aRequest = { prompt: 'What is Acme?', country: 'US' } as const;
const taskRecord = { task: { id: 't1', status: 'QUEUED' } };

let server: Loopback;
let delays: number[];
let logs: string[];

function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    logger: {
      info: (m, f) => logs.push(`${m} ${JSON.stringify(f ?? {})}`),
      warn: (m, f) => logs.push(`${m} ${JSON.stringify(f ?? {})}`),
    },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  server = await startLoopback();
  delays = [];
  logs = [];
});
afterEach(async () => {
  await server.close();
});

describe('headers and meta', () => {
  it('sends Bearer, Content-Type and a valid X-Request-Id, and reads every meta header', async () => {
    server.handle((_req, res) =>
      json(res, 200, ok, {
        'X-RateLimit-Limit': '50',
        'X-RateLimit-Remaining': '49',
        'X-Request-Id': 'srv-1',
        'X-Concurrent-Limit': '10',
        'X-Concurrent-Current': '1',
        'X-Concurrent-Remaining': '9',
        'X-Credits-Remaining': '495',
        'X-Credits-Charged': '5',
        'X-Latency-Ms': '812',
      }),
    );
    const seenMeta: unknown[] = [];
    const c = client({ onMeta: (m) => seenMeta.push(m) });
    const res = await c.monitor('assistant-a', aRequest, { requestId: 'my-run:1' });
    const req = server.seen[0];
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/monitor/assistant-a');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['x-request-id']).toBe('my-run:1');
    expect(JSON.parse(req?.body ?? '')).toEqual(aRequest);
    expect(res.data.text).toBe('Acme is…');
    expect(res.raw).toEqual(ok);
    expect(res.attempts).toBe(1);
    expect(res.meta).toEqual({
      requestId: 'srv-1',
      rateLimit: { limit: 50, remaining: 49 },
      concurrency: { limit: 10, current: 1, remaining: 9 },
      credits: { remaining: 495, charged: 5 },
      latencyMs: 812,
    });
    expect(seenMeta).toEqual([res.meta]);
    expect(c.limiter.limit()).toBe(50);
    expect(c.availability()['assistant-a']).toBe('available');
  });

  it('uses a new valid request id on every attempt', async () => {
    server.handle((_req, res, attempt) =>
      attempt < 3 ? standardError(res, 500, 'INTERNAL_SERVER_ERROR', 'x') : json(res, 200, { remaining: 1 }),
    );
    await client().credits();
    const ids = server.seen.map((s) => String(s.headers['x-request-id']));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9\-_.:]{1,128}$/);
  });

  it('surfaces Deprecation, Sunset and Link rel=deprecation, and warns once', async () => {
    server.handle((_req, res) =>
      json(
        res,
        200,
        { remaining: 10 },
        {
          Deprecation: '@1767225600',
          Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
          Link: '<https://api.example/v2/credits>; rel="deprecation"',
        },
      ),
    );
    const c = client();
    const res = await c.credits();
    await c.credits();
    expect(res.meta.deprecation).toEqual({
      deprecation: '@1767225600',
      sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
      link: 'https://api.example/v2/credits',
    });
    expect(logs.filter((l) => l.includes('deprecated'))).toHaveLength(1);
  });
});

describe('retry rules, counted at the server', () => {
  it('rule 1: a 429 is retried with backoff, also on a synchronous call', async () => {
    server.handle((_req, res, attempt) =>
      attempt < 3 ? standardError(res, 429, 'RATE_LIMIT_EXCEEDED', 'Too many requests') : json(res, 200, ok),
    );
    const res = await client().monitor('assistant-a', aRequest);
    expect(server.count('/v1/monitor/assistant-a')).toBe(3);
    expect(res.attempts).toBe(3);
    expect(delays).toEqual([250, 500]); // full jitter at 0.5 of 500, then of 1000
  });

  it('rule 1: gives up after 2 retries (3 attempts) and reports the last 429', async () => {
    server.handle((_req, res) =>
      standardError(res, 429, 'CONCURRENT_LIMIT_EXCEEDED', 'All slots busy', { limit: 1 }),
    );
    const error = await failure(client().monitor('assistant-a', aRequest));
    expect(server.count('/v1/monitor/assistant-a')).toBe(3);
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      code: 'CONCURRENT_LIMIT_EXCEEDED',
      details: { limit: 1 },
      attempts: 3,
    });
  });

  it('maxRetries is configurable', async () => {
    server.handle((_req, res) => standardError(res, 500, 'INTERNAL_SERVER_ERROR', 'boom'));
    await failure(client({ maxRetries: 4 }).queueStatus());
    expect(server.count('/v1/async/status')).toBe(5);
  });

  it.each([500, 502])('rule 2: GET and DELETE retry a %i', async (status) => {
    server.handle((_req, res) =>
      standardError(res, status, status === 500 ? 'INTERNAL_SERVER_ERROR' : 'EXTERNAL_SERVICE_ERROR', 'x'),
    );
    await failure(client().getTask('t1'));
    await failure(client().clearQueue());
    expect(server.count('/v1/async/task/t1')).toBe(3);
    expect(server.count('/v1/async/queue')).toBe(3);
  });

  it('rule 2: GET retries a timeout and a dropped connection, then succeeds', async () => {
    server.handle((_req, res, attempt) => {
      if (attempt === 1) return; // hang: the client times out
      if (attempt === 2) return void res.socket?.destroy();
      json(res, 200, taskRecord);
    });
    const res = await client({ timeoutMs: 150 }).getTask('t1');
    expect(res.attempts).toBe(3);
    expect(server.count('/v1/async/task/t1')).toBe(3);
  });

  it('rule 2: task creation with idempotency keys retries and reuses the same key', async () => {
    server.handle((_req, res, attempt) =>
      attempt < 3
        ? standardError(res, 500, 'INTERNAL_SERVER_ERROR', 'x')
        : json(res, 200, {
            success: true,
            task: { id: 't9', status: 'QUEUED' },
            credits: { creditsToCharge: 5 },
          }),
    );
    const res = await client({
      newId: (() => {
        let i = 0;
        return () => `id-${++i}`;
      })(),
    }).createTask({ engine: 'assistant-a', payload: aRequest });
    const bodies = server.seen.map((s) => JSON.parse(s.body) as { idempotencyKey: string; taskType: string });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((b) => b.idempotencyKey)).size).toBe(1);
    expect(bodies[0]).toMatchObject({ taskType: 'ASSISTANT_A', payload: aRequest });
    expect(res.data.task.id).toBe('t9');
    expect((res.sent as { idempotencyKey: string }).idempotencyKey).toBe(bodies[0]?.idempotencyKey);
  });

  it('rule 2: a batch retries a timeout; the repeat that finds the task answers 409, reported after 2 attempts', async () => {
    server.handle((_req, res, attempt) =>
      attempt === 1
        ? undefined
        : standardError(res, 409, 'RESOURCE_CONFLICT', 'idempotencyKey exists', { field: 'idempotencyKey' }),
    );
    const error = await failure(
      client({ timeoutMs: 150 }).createTasks([
        { engine: 'assistant-a', payload: aRequest, idempotencyKey: 'job-1' },
        { engine: 'assistant-a', payload: aRequest },
      ]),
    );
    expect(server.count('/v1/async/task/batch')).toBe(2);
    expect(error).toMatchObject({ status: 409, code: 'RESOURCE_CONFLICT', attempts: 2 });
    const batch = JSON.parse(server.seen[0]?.body ?? '[]') as Array<{ idempotencyKey: string }>;
    expect(batch[0]?.idempotencyKey).toBe('job-1');
    expect(batch[1]?.idempotencyKey).toMatch(/.+/);
    expect(JSON.parse(server.seen[1]?.body ?? '')).toEqual(batch);
  });

  it.each([500, 502])('rule 3: a synchronous call is not retried after a %i', async (status) => {
    server.handle((_req, res) =>
      standardError(res, status, 'INTERNAL_SERVER_ERROR', 'Maximum retries exceeded'),
    );
    const error = await failure(client().monitor('assistant-a', aRequest));
    expect(server.count('/v1/monitor/assistant-a')).toBe(1);
    expect(error).toMatchObject({ kind: 'http', status, attempts: 1, reachedServer: true });
  });

  it('rule 3: a synchronous call is not retried after a timeout or a dropped connection', async () => {
    server.handle(() => undefined);
    const timeout = await failure(client({ syncTimeoutMs: 150 }).monitor('assistant-a', aRequest));
    expect(timeout).toMatchObject({ kind: 'timeout', attempts: 1 });
    expect(server.count('/v1/monitor/assistant-a')).toBe(1);

    server.handle((_req, res) => void res.socket?.destroy());
    const dropped = await failure(client().monitor('assistant-a', aRequest));
    expect(dropped).toMatchObject({ kind: 'network', attempts: 1, reachedServer: true });
    expect(server.count('/v1/monitor/assistant-a')).toBe(2);
  });

  it('rule 3: a synchronous call is retried when the server could not be reached', async () => {
    // A port that was just free: connection refused on every attempt.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    let calls = 0;
    const counted: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}`, fetch: counted }).monitor('assistant-a', aRequest),
    );
    expect(calls).toBe(3);
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNREFUSED', reachedServer: false, attempts: 3 });
  });

  it('rule 4: other 4xx are final (validation shape parsed per field)', async () => {
    server.handle((_req, res) =>
      json(res, 400, {
        success: false,
        error: 'Validation failed',
        details: [{ field: 'country', message: 'country is not served by this engine' }],
      }),
    );
    const error = await failure(client().monitor('assistant-a', { prompt: 'x', country: 'KP' }));
    expect(server.count('/v1/monitor/assistant-a')).toBe(1);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'VALIDATION_ERROR',
      fieldErrors: [{ field: 'country', message: 'country is not served by this engine' }],
    });
  });

  it('goto: a 500 is retried, a 502 is final', async () => {
    const link = 'https://www.search.example/goto?u=abc';
    server.handle((_req, res, attempt) =>
      attempt === 1
        ? standardError(res, 500, 'INTERNAL_SERVER_ERROR', 'x')
        : json(res, 200, { url: 'https://dest.example/' }),
    );
    const res = await client().resolveRedirect(link);
    expect(res.data.url).toBe('https://dest.example/');
    expect(server.count('/v1/monitor/search/goto')).toBe(2);

    server.handle((_req, res) =>
      standardError(res, 502, 'EXTERNAL_SERVICE_ERROR', 'no redirect', { service: 'search' }),
    );
    const error = await failure(client().resolveRedirect(link));
    expect(error).toMatchObject({ status: 502, code: 'EXTERNAL_SERVICE_ERROR', attempts: 1 });
    expect(server.count('/v1/monitor/search/goto')).toBe(3);
  });
});

describe('errors', () => {
  it('parses the standard envelope with timestamp, request id and raw body', async () => {
    server.handle((_req, res) => {
      res.setHeader('X-Request-Id', 'srv-err');
      standardError(res, 403, 'INSUFFICIENT_CREDITS', 'Balance does not cover the maximum cost');
    });
    const error = await failure(client().monitor('assistant-a', aRequest));
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      code: 'INSUFFICIENT_CREDITS',
      requestId: 'srv-err',
      timestamp: '2026-01-15T12:00:00.000Z',
      attempts: 1,
    });
    expect(error.message).toContain('Balance does not cover');
    expect(JSON.parse(error.rawBody ?? '')).toMatchObject({ success: false });
  });

  it('learns that an engine is not available from a 404 on its monitor path', async () => {
    server.handle((req, res) =>
      standardError(res, 404, 'RESOURCE_NOT_FOUND', 'Route not found', { id: req.url }),
    );
    const c = client();
    expect(c.availability()['assistant-b']).toBe('coming-soon');
    c.availability()['assistant-d'] = 'available'; // a copy: callers cannot corrupt it
    const error = await failure(c.monitor('assistant-d', aRequest));
    expect(error).toMatchObject({
      kind: 'engine-unavailable',
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
      attempts: 1,
    });
    expect(c.availability()['assistant-d']).toBe('coming-soon');
    server.handle((_req, res) => json(res, 200, ok));
    await c.monitor('assistant-d', aRequest);
    expect(c.availability()['assistant-d']).toBe('available');
  });

  it('a 404 names the path tried and the profile, unless the spec lists the engine as coming soon', async () => {
    server.handle((req, res) =>
      standardError(res, 404, 'RESOURCE_NOT_FOUND', 'Route not found', { id: req.url }),
    );
    const live = await failure(
      client({ profile: builtinProfile('live').profile }).monitor('assistant-a', aRequest),
    );
    expect(live).toMatchObject({ kind: 'engine-unavailable', status: 404 });
    expect(live.message).toBe(
      'ChatGPT: POST /v1/monitor/chatgpt answered 404 RESOURCE_NOT_FOUND, so the service has no such path. ' +
        'The service profile "Live service" may not match this deployment: check its paths in ' +
        'Settings → Service profile, or run with --profile live for the live service.',
    );
    // The spec's names: an engine the spec serves (a wrong deployment) vs one it lists as coming soon.
    const spec = client();
    expect((await failure(spec.monitor('assistant-a', aRequest))).message).toContain(
      'Assistant A: POST /v1/monitor/assistant-a answered 404',
    );
    expect((await failure(spec.monitor('assistant-d', aRequest))).message).toBe(
      'Assistant D is not available on the service yet (404 RESOURCE_NOT_FOUND; the spec lists it as coming soon)',
    );
  });

  it('handles 499, empty and non-JSON bodies, and malformed successes', async () => {
    server.handle((_req, res) => {
      res.writeHead(499);
      res.end();
    });
    expect(await failure(client().monitor('assistant-a', aRequest))).toMatchObject({
      status: 499,
      code: 'REQUEST_CANCELED',
      attempts: 1,
    });

    server.handle((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    const empty = await failure(client().credits());
    expect(empty).toMatchObject({ kind: 'http', status: 503, attempts: 3, rawBody: '' });
    expect(empty.message).toContain('empty body');

    server.handle((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const html = await failure(client().credits());
    expect(html).toMatchObject({ status: 502, rawBody: '<html>Bad gateway</html>' });
    expect(html.message).toContain('not JSON');

    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"success": true, "res');
    });
    expect(await failure(client().monitor('assistant-a', aRequest))).toMatchObject({
      kind: 'malformed-response',
      status: 200,
    });
    server.handle((_req, res) => json(res, 200, { success: true }));
    expect(await failure(client().monitor('assistant-a', aRequest))).toMatchObject({
      kind: 'malformed-response',
    });
    server.handle((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    expect(await failure(client().credits())).toMatchObject({ kind: 'malformed-response' });
  });

  it('aborts through AbortSignal, in flight and before sending', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const call = client().monitor('assistant-a', aRequest, { signal: controller.signal });
    while (server.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await failure(call)).toMatchObject({ kind: 'aborted', attempts: 1, reachedServer: true });
    expect(server.count('/v1/monitor/assistant-a')).toBe(1);

    const aborted = new AbortController();
    aborted.abort();
    expect(await failure(client().credits({ signal: aborted.signal }))).toMatchObject({
      kind: 'aborted',
      attempts: 0,
      reachedServer: false,
    });
    expect(server.count('/v1/credits')).toBe(0);
  });

  it('validates locally without spending a request', async () => {
    const error = await failure(
      client().monitor('search', { query: 'x', url: 'https://www.search.example/search?q=x&gl=us' }),
    );
    expect(error).toMatchObject({ kind: 'validation-local', attempts: 0, reachedServer: false });
    expect(error.fieldErrors).toContainEqual({
      field: 'url',
      message: 'query and url are mutually exclusive',
    });
    await failure(client().states('us'));
    await failure(client().createTasks([]));
    await failure(client().resolveRedirect('https://elsewhere.example/goto'));
    expect(server.seen).toHaveLength(0);
  });
});

describe('the API key', () => {
  it('is checked for format before any request', async () => {
    const bad = 'sk_short_and_wrong';
    const error = await failure(client({ apiKey: bad }).credits());
    expect(error).toMatchObject({ kind: 'invalid-key-format', attempts: 0 });
    expect(server.seen).toHaveLength(0);
    expect(JSON.stringify(error) + inspect(error)).not.toContain(bad);
    const fromStore = await failure(client({ apiKey: async () => `sk_${'x'.repeat(39)}` }).credits());
    expect(fromStore.kind).toBe('invalid-key-format');
  });

  it('never appears in errors, their serializations or log lines, even when echoed by the server', async () => {
    server.handle((req, res) =>
      json(res, 401, {
        success: false,
        error: {
          code: 'INVALID_OR_EXPIRED_API_KEY',
          message: `Key ${String(req.headers.authorization)} revoked`,
          details: { key: KEY },
        },
      }),
    );
    const error = await failure(client({ apiKey: async () => KEY }).credits());
    expect(error.status).toBe(401);
    const texts = [
      error.message,
      error.stack ?? '',
      error.rawBody ?? '',
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
      String(error),
      ...logs,
    ];
    for (const text of texts) expect(text).not.toContain(KEY);
    expect(logs.length).toBeGreaterThan(0);
  });
});
