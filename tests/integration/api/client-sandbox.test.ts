import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { createApiClient, type ApiClient } from '../../../src/core/runs/api/client';
import { ApiError } from '../../../src/core/runs/api/errors';
import { normalizeResult } from '../../../src/shared/api/normalize';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import { taskResultOf } from '../../../src/shared/api/responses';

// Every endpoint through the real client against the real sandbox over loopback HTTP.

let sandbox: RunningSandbox;
let api: ApiClient;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const noSleep = async (): Promise<void> => {};

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 1, available: 'all', seed: 7 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.resetStats();
  sandbox.setAvailability('all');
  api = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, sleep: noSleep });
});

describe('monitor endpoints', () => {
  const requests = {
    'assistant-a': {
      prompt: 'What is Acme?',
      country: 'US',
      state: 'CA',
      include: { shopping: true, ads: true, searchQueries: true },
    },
    'assistant-b': { prompt: 'Best laptops?', country: 'DE' },
    'assistant-c': { prompt: 'Best laptops?', country: 'FR' },
    'assistant-d': { prompt: 'Best laptops?', country: 'GB' },
    'assistant-e': { prompt: 'Quantum computing', country: 'US' },
    search: { query: 'best laptops', country: 'US', pages: 2, include: { aioverview: { markdown: true } } },
    'search-news': { query: 'summit', gl: 'gb' },
    'search-ai': { prompt: 'good headphones', country: 'US', include: { expandProducts: true } },
  } as const;

  it.each(ENGINE_NAMES)('%s answers a parsed result with raw JSON and meta', async (engine) => {
    const res = await api.monitor(engine, requests[engine]);
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(1);
    expect((res.raw as { result: unknown }).result).toBeTypeOf('object');
    expect(res.meta.requestId).toBeTruthy();
    expect(res.meta.rateLimit?.limit).toBeGreaterThan(0);
    expect(res.meta.credits?.charged).toBeGreaterThan(0);
    expect(res.meta.credits?.charged).toBeLessThanOrEqual(api.maxCost(engine, requests[engine]));
    const normalized = normalizeResult(engine, res.data);
    expect(normalized.engine).toBe(engine);
    expect(api.availability()[engine]).toBe('available');
    expect(
      sandbox.stats().requests[
        `POST ${engine === 'search-news' ? '/v1/monitor/search/news' : `/v1/monitor/${engine}`}`
      ],
    ).toBe(1);
  });

  it('an engine the spec lists as coming soon answers 404 and is learned as such', async () => {
    sandbox.setAvailability('spec');
    const error = await failure(api.monitor('assistant-b', requests['assistant-b']));
    expect(error).toMatchObject({
      kind: 'engine-unavailable',
      status: 404,
      code: 'RESOURCE_NOT_FOUND',
      attempts: 1,
    });
    expect(api.availability()['assistant-b']).toBe('coming-soon');
    const ok = await api.monitor('assistant-a', { prompt: 'x', country: 'US' });
    expect(ok.status).toBe(200);
  });

  it('the service and the client agree on validation (the sandbox uses the shared rules)', async () => {
    const raw = await fetch(`${sandbox.baseUrl}/v1/monitor/assistant-a`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: '', country: 'DE', state: 'CA' }),
    });
    expect(raw.status).toBe(400);
    const body = (await raw.json()) as {
      details?: Array<{ field: string; message: string }>;
      error?: { details?: Array<{ field: string; message: string }> };
    };
    const serviceDetails = body.details ?? body.error?.details ?? [];
    const local = await failure(api.monitor('assistant-a', { prompt: '', country: 'DE', state: 'CA' }));
    expect(local.kind).toBe('validation-local');
    expect(local.fieldErrors).toEqual(serviceDetails);
  });
});

describe('redirect resolver', () => {
  it('resolves a redirectLink from a search result', async () => {
    const res = await api.monitor('search', { query: 'laptops', country: 'US' });
    const link = JSON.stringify(res.raw).match(/"redirectLink":"([^"]+)"/)?.[1];
    expect(link).toBeTruthy();
    const resolved = await api.resolveRedirect(link ?? '');
    expect(resolved.data.url).toMatch(/^https?:\/\//);
    expect(resolved.meta.rateLimit?.limit).toBeGreaterThan(0);
  });
});

describe('async tasks', () => {
  it('creates, polls to completion, and reads the result', async () => {
    const created = await api.createTask({
      engine: 'assistant-a',
      payload: { prompt: 'What is Acme?', country: 'US' },
      priority: 5,
    });
    expect(created.data.task.status).toBe('QUEUED');
    const sentKey = (created.sent as { idempotencyKey: string }).idempotencyKey;
    expect(created.data.task.idempotencyKey).toBe(sentKey);
    let record = (await api.getTask(created.data.task.id)).data;
    for (
      let i = 0;
      i < 200 && (record.task.status === 'QUEUED' || record.task.status === 'PROCESSING');
      i += 1
    ) {
      await new Promise((r) => setTimeout(r, 20));
      record = (await api.getTask(created.data.task.id)).data;
    }
    expect(record.task.status).toBe('COMPLETED');
    const result = taskResultOf(record);
    expect(result).not.toBeNull();
    expect(normalizeResult('assistant-a', result).text.length).toBeGreaterThan(0);
  });

  it('a repeated idempotencyKey answers 409', async () => {
    const task = {
      engine: 'assistant-a' as const,
      payload: { prompt: 'x', country: 'US' },
      idempotencyKey: `dup-${Date.now()}`,
    };
    await api.createTask(task);
    const error = await failure(api.createTask(task));
    expect(error).toMatchObject({ status: 409, attempts: 1 });
  });

  it('submits a batch with per-task results, reads queue status and clears the queue', async () => {
    const batch = await api.createTasks([
      { engine: 'assistant-a', payload: { prompt: 'one', country: 'US' } },
      { engine: 'search', payload: { query: 'two', country: 'DE' } },
    ]);
    expect(batch.data.results).toHaveLength(2);
    expect(batch.data.results.every((r) => r.success)).toBe(true);
    const status = await api.queueStatus();
    expect(status.data.queuedTasks).toBeGreaterThanOrEqual(0);
    expect(status.data.processingTasks).toBeGreaterThanOrEqual(0);
    const cleared = await api.clearQueue();
    expect(cleared.data.cleared).toBeGreaterThanOrEqual(0);
    expect((await api.clearQueue()).data.cleared).toBe(0);
  });

  it('an unknown task id is a 404 on a GET, not retried', async () => {
    const error = await failure(api.getTask('00000000-0000-4000-8000-000000000000'));
    expect(error).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND', attempts: 1 });
  });
});

describe('lookups', () => {
  it('countries (with the model filter), states and credits', async () => {
    const all = await api.countries();
    expect(all.data).toContain('US');
    const forA = await api.countries({ model: 'assistant-a' });
    expect(forA.data.length).toBeGreaterThan(0);
    const states = await api.states('US');
    expect(states.data).toContainEqual({ code: 'CA', name: 'California' });
    expect((await api.states('DE')).data).toEqual([]);
    const credits = await api.credits();
    expect(credits.data.remaining).toBeTypeOf('number');
  });
});

describe('faults injected by the sandbox, counted by its stats', () => {
  it('a 500 on a synchronous call is final; a 500 on GET is retried', async () => {
    sandbox.scriptFault({ path: '/v1/monitor/assistant-a', method: 'POST', fault: '500', times: 1 });
    await failure(api.monitor('assistant-a', { prompt: 'x', country: 'US' }));
    expect(sandbox.stats().requests['POST /v1/monitor/assistant-a']).toBe(1);

    sandbox.scriptFault({ path: '/v1/credits', method: 'GET', fault: '502', times: 2 });
    const credits = await api.credits();
    expect(credits.attempts).toBe(3);
    expect(sandbox.stats().requests['GET /v1/credits']).toBe(3);
  });

  it('a 429 is retried on a synchronous call; a dropped connection is not', async () => {
    sandbox.scriptFault({ path: '/v1/monitor/assistant-a', method: 'POST', fault: '429', times: 1 });
    const res = await api.monitor('assistant-a', { prompt: 'x', country: 'US' });
    expect(res.attempts).toBe(2);
    sandbox.resetStats();
    sandbox.scriptFault({ path: '/v1/monitor/assistant-a', method: 'POST', fault: 'drop', times: 1 });
    const error = await failure(api.monitor('assistant-a', { prompt: 'x', country: 'US' }));
    expect(error).toMatchObject({ kind: 'network', reachedServer: true, attempts: 1 });
    expect(sandbox.stats().requests['POST /v1/monitor/assistant-a']).toBe(1);
  });

  it('malformed and empty answers are reported as such', async () => {
    sandbox.scriptFault({ path: '/v1/monitor/assistant-a', method: 'POST', fault: 'malformed', times: 1 });
    expect((await failure(api.monitor('assistant-a', { prompt: 'x', country: 'US' }))).kind).toBe(
      'malformed-response',
    );
    sandbox.scriptFault({ path: '/v1/credits', method: 'GET', fault: 'empty', times: 1 });
    const empty = await failure(api.credits());
    expect(empty).toMatchObject({ kind: 'malformed-response', status: 200, rawBody: '' });
    expect(empty.message).toContain('empty body');
  });

  it('a revoked key is a 401 that never shows the key', async () => {
    const { apiKey } = sandbox.createAccount();
    const c = createApiClient({ baseUrl: sandbox.baseUrl, apiKey, sleep: noSleep });
    await c.credits();
    sandbox.revokeKey(apiKey);
    const error = await failure(c.credits());
    expect(error).toMatchObject({ status: 401, code: 'INVALID_OR_EXPIRED_API_KEY', attempts: 1 });
    expect(JSON.stringify(error)).not.toContain(apiKey);
  });

  it('insufficient credits is a 403 before anything runs', async () => {
    const { account, apiKey } = sandbox.createAccount({ credits: 3 });
    const c = createApiClient({ baseUrl: sandbox.baseUrl, apiKey, sleep: noSleep });
    const error = await failure(c.monitor('assistant-a', { prompt: 'x', country: 'US' }));
    expect(error).toMatchObject({ status: 403, code: 'INSUFFICIENT_CREDITS', attempts: 1 });
    expect(sandbox.getAccount(account.id).credits).toBe(3);
  });
});
