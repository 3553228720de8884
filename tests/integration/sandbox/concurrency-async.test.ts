import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { call, get, post, testSandbox, waitFor } from './http';

// Concurrency slots, the async queue (priority, clear, idempotency, batch, limits), webhooks.

let sb: RunningSandbox;
let hook: Server;
let hookUrl = '';
const delivered: Array<{ body: { task: { id: string; status: string } }; id: string | undefined }> = [];

beforeAll(async () => {
  sb = await testSandbox({ available: 'all', maxQueueSize: 20 });
  hook = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      delivered.push({
        body: JSON.parse(text),
        id: req.headers['x-service-webhook-id'] as string | undefined,
      });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await sb.close();
  await new Promise((r) => hook.close(r));
});

const task = (payload: object, extra: object = {}): object => ({
  taskType: 'ASSISTANT_A',
  payload,
  ...extra,
});

describe('concurrency', () => {
  it('rejects sync calls beyond the plan with CONCURRENT_LIMIT_EXCEEDED; the peak equals the plan', async () => {
    const { account, apiKey } = sb.createAccount({ plan: 'Lite' });
    // The plan's 10 calls are held (a minute's latency) until all 10 hold a slot, so the calls
    // beyond it meet a full plan however slowly a loaded machine sends them; the held calls are
    // then abandoned by their client, which frees their slots.
    sb.setLatency(60_000);
    const gone = new AbortController();
    const held = Array.from({ length: 10 }, (_, i) =>
      post(
        sb,
        '/v1/monitor/assistant-a',
        { prompt: `p${i}`, country: 'US' },
        { key: apiKey, signal: gone.signal },
      ).catch((error: unknown) => error),
    );
    try {
      await waitFor(async () => (sb.stats().peakConcurrency[account.id] === 10 ? true : undefined));
      const rejected = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          post(sb, '/v1/monitor/assistant-a', { prompt: `q${i}`, country: 'US' }, { key: apiKey }),
        ),
      );
      expect(rejected.map((a) => a.status)).toEqual([429, 429, 429, 429]);
      expect(rejected[0]?.body.error).toMatchObject({
        code: 'CONCURRENT_LIMIT_EXCEEDED',
        details: { limit: 10 },
      });
      expect(rejected[0]?.headers.get('x-concurrent-limit')).toBe('10');
      expect(rejected[0]?.headers.get('x-concurrent-remaining')).toBe('0');
      expect(rejected[0]?.headers.get('x-credits-charged')).toBe('0');
      expect(sb.stats().peakConcurrency[account.id]).toBe(10);
      expect(sb.stats().concurrencyRejections).toBeGreaterThanOrEqual(4);
    } finally {
      gone.abort();
      await Promise.all(held);
      sb.setLatency({ min: 5, max: 15 });
    }
    // The abandoned calls gave their slots back: a new call is answered.
    const after = await waitFor(async () => {
      const answer = await post(
        sb,
        '/v1/monitor/assistant-a',
        { prompt: 'after', country: 'US' },
        { key: apiKey },
      );
      return answer.status === 200 ? answer : undefined;
    });
    expect(after.status).toBe(200);
    expect(sb.stats().peakConcurrency[account.id]).toBe(10);
  });
});

describe('async tasks', () => {
  it('runs a task to COMPLETED, charges on completion, and posts the webhook', async () => {
    const { account, apiKey } = sb.createAccount({ credits: 1000 });
    const created = await post(
      sb,
      '/v1/async/task',
      task({ prompt: 'best vpn', country: 'DE' }, { webhook: { url: hookUrl }, priority: 3 }),
      { key: apiKey },
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      task: { status: 'QUEUED', priority: 3, taskType: 'ASSISTANT_A' },
      credits: { creditsToCharge: 5, creditsCharged: null },
    });
    const id = created.body.task.id as string;
    const done = await waitFor(async () => {
      const r = await get(sb, `/v1/async/task/${id}`, { key: apiKey });
      return r.body.task.status === 'COMPLETED' && r.body.webhook?.delivered ? r : undefined;
    });
    expect(done.body.success).toBeUndefined();
    expect(done.body.credits).toEqual({ creditsToCharge: 5, creditsCharged: 5 });
    expect(typeof done.body.task.latencyMs).toBe('number');
    expect(done.body.response.success).toBe(true);
    expect(done.body.response.result.text).toContain('Deutschland');
    expect((await get(sb, '/v1/credits', { key: apiKey })).body.remaining).toBe(995);
    expect(sb.stats().creditsCharged[account.id]).toBe(5);
    const mine = delivered.find((d) => d.body.task.id === id);
    expect(mine?.id).toBe(`${id}-1`);
    expect(mine?.body).toMatchObject({ task: { status: 'COMPLETED' }, credits: { creditsCharged: 5 } });
    expect(Object.keys(mine?.body ?? {}).sort()).toEqual(['credits', 'response', 'task']);
  });

  it('validates with 422: bad bodies, unavailable engines, non-loopback webhooks', async () => {
    const bad = await post(sb, '/v1/async/task', task({ country: 'US' }, { priority: 11 }));
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['payload.prompt', 'priority']),
    );
    const hookOut = await post(
      sb,
      '/v1/async/task',
      task({ prompt: 'x', country: 'US' }, { webhook: { url: 'https://example.com/h' } }),
    );
    expect(hookOut.status).toBe(422);
    expect(hookOut.body.details[0].field).toBe('webhook.url');
    sb.setAvailability('spec');
    try {
      const unavailable = await post(sb, '/v1/async/task', {
        taskType: 'SEARCH',
        payload: { query: 'x', country: 'US' },
      });
      expect(unavailable.status).toBe(422);
      expect(unavailable.body.details[0].field).toBe('taskType');
      const batch = await post(sb, '/v1/async/task/batch', [
        { taskType: 'SEARCH', payload: { query: 'x', country: 'US' } },
      ]);
      expect(batch.body.results[0].error.code).toBe('VALIDATION_ERROR');
    } finally {
      sb.setAvailability('all');
    }
    expect((await post(sb, '/v1/async/task/batch', { not: 'an array' })).status).toBe(422);
    expect((await post(sb, '/v1/async/task/batch', [])).status).toBe(422);
  });

  it('idempotency: 409 RESOURCE_CONFLICT single, RESOURCE_ALREADY_EXISTS in a batch', async () => {
    const { apiKey } = sb.createAccount();
    const body = task({ prompt: 'x', country: 'US' }, { idempotencyKey: 'job-1' });
    expect((await post(sb, '/v1/async/task', body, { key: apiKey })).status).toBe(200);
    const again = await post(sb, '/v1/async/task', body, { key: apiKey });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'RESOURCE_CONFLICT',
      details: { field: 'idempotencyKey', value: 'job-1' },
    });
    const batch = await post(
      sb,
      '/v1/async/task/batch',
      [body, task({ prompt: 'y', country: 'US' }, { idempotencyKey: 'job-2' }), { taskType: 'ASSISTANT_A' }],
      { key: apiKey },
    );
    expect(batch.status).toBe(200);
    expect(batch.body.summary).toEqual({ total: 3, succeeded: 1, failed: 2 });
    expect(batch.body.results[0]).toMatchObject({
      success: false,
      index: 0,
      error: { code: 'RESOURCE_ALREADY_EXISTS' },
    });
    expect(batch.body.results[1]).toMatchObject({ success: true, index: 1, task: { status: 'QUEUED' } });
    expect(batch.body.results[2]).toMatchObject({
      success: false,
      index: 2,
      error: { code: 'VALIDATION_ERROR', details: { errors: expect.any(Array) } },
    });
  });

  it('INSUFFICIENT_CREDITS: 403 single, item inside a batch; FAILED tasks are free', async () => {
    const { apiKey } = sb.createAccount({ credits: 3 });
    const single = await post(sb, '/v1/async/task', task({ prompt: 'x', country: 'US' }), { key: apiKey });
    expect(single.status).toBe(403);
    expect(single.body.error.code).toBe('INSUFFICIENT_CREDITS');
    const batch = await post(sb, '/v1/async/task/batch', [task({ prompt: 'x', country: 'US' })], {
      key: apiKey,
    });
    expect(batch.body.results[0].error.code).toBe('INSUFFICIENT_CREDITS');
  });

  it('priority first, FIFO within a priority, one slot on Free; status, clear and queue limit', async () => {
    const { apiKey } = sb.createAccount({ plan: 'Free' });
    sb.setLatency(40);
    try {
      const bodies = [1, 5, 10, 5, 1].map((priority, i) =>
        task({ prompt: `order ${i}`, country: 'US' }, { priority, webhook: { url: hookUrl } }),
      );
      const batch = await post(sb, '/v1/async/task/batch', bodies, { key: apiKey });
      const ids = (batch.body.results as Array<{ task: { id: string } }>).map((r) => r.task.id);
      const status = await get(sb, '/v1/async/status', { key: apiKey });
      expect(status.body.concurrency).toEqual({ used: 1, max: 1 });
      expect(status.body.processingTasks).toBe(1);
      expect(status.body.queuedTasks).toBe(4);
      const finished = await waitFor(async () => {
        const seen = delivered.filter((d) => ids.includes(d.body.task.id)).map((d) => d.body.task.id);
        return seen.length === 5 ? seen : undefined;
      });
      expect(finished).toEqual([ids[2], ids[1], ids[3], ids[0], ids[4]]);

      const more = await post(
        sb,
        '/v1/async/task/batch',
        [1, 2, 3, 9].map((p) => task({ prompt: `q${p}`, country: 'US' }, { priority: p })),
        { key: apiKey },
      );
      const moreIds = (more.body.results as Array<{ task: { id: string } }>).map((r) => r.task.id);
      const st = await get(sb, '/v1/async/status', { key: apiKey });
      expect(st.body.priorityBreakdown.map((b: { priority: number }) => b.priority)).toEqual(
        [...st.body.priorityBreakdown.map((b: { priority: number }) => b.priority)].sort((a, b) => b - a),
      );
      const cleared = await call(sb, 'DELETE', '/v1/async/queue', undefined, { key: apiKey });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ success: true, cleared: 3 });
      expect((await call(sb, 'DELETE', '/v1/async/queue', undefined, { key: apiKey })).body.cleared).toBe(0);
      const survivors = await Promise.all(
        moreIds.map((id) => get(sb, `/v1/async/task/${id}`, { key: apiKey })),
      );
      expect(survivors.filter((s) => s.status === 200)).toHaveLength(1);
      expect(survivors.filter((s) => s.status === 404)).toHaveLength(3);

      const overflow = await post(
        sb,
        '/v1/async/task/batch',
        Array.from({ length: 21 }, (_, i) => task({ prompt: `o${i}`, country: 'US' })),
        { key: apiKey },
      );
      expect(overflow.status).toBe(429);
      expect(overflow.body.error).toMatchObject({
        code: 'QUEUE_LIMIT_EXCEEDED',
        details: { batchSize: 21, maxQueueSize: 20 },
      });
      expect(overflow.body.error.details).toHaveProperty('queuedCount');
      expect(overflow.body.error.details).toHaveProperty('remainingCapacity');
      await call(sb, 'DELETE', '/v1/async/queue', undefined, { key: apiKey });
    } finally {
      sb.setLatency({ min: 5, max: 15 });
    }
  });

  it('accounts take turns for workers', async () => {
    const one = sb.createAccount({ plan: 'Free' });
    const two = sb.createAccount({ plan: 'Free' });
    const a = await post(
      sb,
      '/v1/async/task/batch',
      Array.from({ length: 6 }, (_, i) => task({ prompt: `a${i}`, country: 'US' })),
      { key: one.apiKey },
    );
    const b = await post(sb, '/v1/async/task', task({ prompt: 'b', country: 'US' }), { key: two.apiKey });
    const bId = b.body.task.id as string;
    await waitFor(async () =>
      (await get(sb, `/v1/async/task/${bId}`, { key: two.apiKey })).body.task.status === 'COMPLETED'
        ? true
        : undefined,
    );
    const lastOfA = (a.body.results as Array<{ task: { id: string } }>).at(-1)?.task.id ?? '';
    expect((await get(sb, `/v1/async/task/${lastOfA}`, { key: one.apiKey })).body.task.status).not.toBe(
      'COMPLETED',
    );
    expect((await get(sb, `/v1/async/task/${bId}`, { key: one.apiKey })).status).toBe(404);
  });

  it('a task that keeps failing ends FAILED with Maximum retries exceeded and charges nothing', async () => {
    const { account, apiKey } = sb.createAccount();
    sb.scriptFault({ method: 'TASK', path: '/v1/monitor/assistant-b', fault: '500', times: 3 });
    const created = await post(
      sb,
      '/v1/async/task',
      { taskType: 'ASSISTANT_B', payload: { prompt: 'x', country: 'US' } },
      { key: apiKey },
    );
    const id = created.body.task.id as string;
    const failed = await waitFor(async () => {
      const r = await get(sb, `/v1/async/task/${id}`, { key: apiKey });
      return r.body.task.status === 'FAILED' ? r : undefined;
    });
    expect(failed.body.credits.creditsCharged).toBe(0);
    expect(failed.body.response).toEqual({
      error: { code: 'INTERNAL_SERVER_ERROR', message: 'Maximum retries exceeded' },
    });
    expect(sb.stats().creditsCharged[account.id]).toBeUndefined();
  });
});
