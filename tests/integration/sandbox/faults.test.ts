import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { get, post, testSandbox } from './http';

// Scripted faults (exact, for retry tests) and random fault rates.

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

const A = '/v1/monitor/assistant-a';
const body = { prompt: 'faults', country: 'US' };

describe('scripted faults', () => {
  it('500 and 502 answer the envelope and charge nothing', async () => {
    sb.scriptFault({ path: A, fault: '500' });
    sb.scriptFault({ path: A, fault: '502' });
    const before = (await get(sb, '/v1/credits')).body.remaining;
    const e500 = await post(sb, A, body);
    expect(e500.status).toBe(500);
    expect(e500.body.error).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Maximum retries exceeded',
    });
    expect(e500.headers.get('x-credits-charged')).toBe('0');
    const e502 = await post(sb, A, body);
    expect(e502.status).toBe(502);
    expect(e502.body.error.code).toBe('EXTERNAL_SERVICE_ERROR');
    expect((await get(sb, '/v1/credits')).body.remaining).toBe(before);
    expect((await post(sb, A, body)).status).toBe(200);
  });

  it('429, 499, malformed, empty, times and method matching', async () => {
    sb.scriptFault({ path: A, fault: '429', times: 2 });
    expect((await post(sb, A, body)).body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect((await post(sb, A, body)).status).toBe(429);
    expect((await post(sb, A, body)).status).toBe(200);
    sb.scriptFault({ path: /^\/v1\/credits$/, method: 'GET', fault: '499' });
    const canceled = await get(sb, '/v1/credits');
    expect(canceled.status).toBe(499);
    expect(canceled.body.error.code).toBe('REQUEST_CANCELED');
    sb.scriptFault({ path: A, fault: 'malformed' });
    const malformed = await post(sb, A, body);
    expect(malformed.status).toBe(200);
    expect(malformed.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(malformed.text)).toThrow();
    sb.scriptFault({ path: '/v1/async/status', fault: 'empty' });
    const empty = await get(sb, '/v1/async/status');
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');
  });

  it('drop closes the connection without an answer; slow delays it', async () => {
    sb.scriptFault({ path: A, fault: 'drop' });
    await expect(
      fetch(`${sb.baseUrl}${A}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    ).rejects.toThrow();
    expect(sb.stats().responses.drop).toBe(1);
    sb.scriptFault({ path: '/v1/credits', fault: 'slow', slowMs: 150 });
    const slow = await get(sb, '/v1/credits');
    expect(slow.status).toBe(200);
    expect(sb.stats().faultsInjected).toMatchObject({ drop: 1, slow: 1 });
  });

  it('counts a sync call whose client goes away as 499, charging nothing', async () => {
    sb.setLatency(300);
    try {
      const before = sb.stats().canceled;
      const ctrl = new AbortController();
      const pending = fetch(`${sb.baseUrl}${A}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sb.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: ctrl.signal,
      });
      setTimeout(() => ctrl.abort(), 50);
      await expect(pending).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 100));
      expect(sb.stats().canceled).toBe(before + 1);
    } finally {
      sb.setLatency({ min: 5, max: 15 });
    }
  });
});

describe('random faults', () => {
  it('injects faults at the configured rates, repeatably for a seed', async () => {
    const run = async (): Promise<number[]> => {
      const s = await testSandbox({ seed: 7, faults: { '500': 0.3, '502': 0.2 } });
      try {
        const out: number[] = [];
        for (let i = 0; i < 40; i++) out.push((await get(s, '/v1/credits')).status);
        return out;
      } finally {
        await s.close();
      }
    };
    const first = await run();
    expect(first.filter((s) => s === 500).length).toBeGreaterThan(3);
    expect(first.filter((s) => s === 502).length).toBeGreaterThan(1);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(10);
    expect(await run()).toEqual(first);
    sb.setFaults({});
  });
});
