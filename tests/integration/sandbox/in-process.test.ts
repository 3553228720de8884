import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../src/sandbox/index';
import { testSandbox } from './http';

// The sandbox's in-process fetch (the demo builder's transport, src/sandbox/http/in-process.ts)
// answers as its HTTP server does: the same status, body and headers for a call, the same
// refusals, a dropped connection as a reset socket, and a client that goes away as a cancel.

const sandbox = (): Promise<RunningSandbox> => testSandbox({ available: 'all', seed: 5, latencyMs: 0 });
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(() => sb.close());

const A = '/v1/monitor/assistant-a';
const body = JSON.stringify({ prompt: 'best running shoes', country: 'DE', include: { markdown: true } });
const init = (extra: RequestInit = {}, key = sb.apiKey): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body,
  ...extra,
});

/** The headers both transports send whatever the call (the latency and request id vary). */
const SAME_HEADERS = ['content-type', 'x-credits-charged', 'x-concurrent-limit', 'x-ratelimit-limit'];

describe('the in-process fetch', () => {
  it('answers a monitor call with the body and headers the HTTP server sends', async () => {
    // Two sandboxes of one seed, each asked once (a repeat of a call varies a little).
    const twin = await sandbox();
    const overHttp = await fetch(`${twin.baseUrl}${A}`, init({}, twin.apiKey));
    const httpText = await overHttp.text();
    await twin.close();
    const inProcess = await sb.fetch(`${sb.baseUrl}${A}`, init());
    const inProcessText = await inProcess.text();
    expect(inProcess.status).toBe(200);
    expect(inProcess.status).toBe(overHttp.status);
    expect(JSON.parse(inProcessText)).toEqual(JSON.parse(httpText));
    for (const name of SAME_HEADERS) {
      expect(inProcess.headers.get(name), name).not.toBeNull();
      expect(inProcess.headers.get(name), name).toBe(overHttp.headers.get(name));
    }
    expect(inProcess.headers.get('Content-Length')).toBe(String(Buffer.byteLength(inProcessText)));
  });

  it('refuses a call without a key, an unknown route and a body that is not JSON alike', async () => {
    const cases: Array<[string, RequestInit]> = [
      [A, { method: 'POST', body }],
      ['/v1/nowhere', init()],
      [A, init({ body: '{not json' })],
    ];
    for (const [path, request] of cases) {
      const overHttp = await fetch(`${sb.baseUrl}${path}`, request);
      const inProcess = await sb.fetch(`${sb.baseUrl}${path}`, request);
      expect(inProcess.status, path).toBe(overHttp.status);
      expect(inProcess.status, path).toBeGreaterThanOrEqual(400);
      const codeOf = async (r: Response): Promise<unknown> =>
        (JSON.parse(await r.text()) as { error?: { code?: string } }).error?.code;
      expect(await codeOf(inProcess), path).toBe(await codeOf(overHttp));
    }
  });

  it('rejects a dropped connection as a reset socket, and the sandbox counts the drop', async () => {
    const drops = sb.stats().responses.drop ?? 0;
    sb.scriptFault({ path: A, fault: 'drop' });
    await expect(sb.fetch(`${sb.baseUrl}${A}`, init())).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(sb.stats().responses.drop).toBe(drops + 1);
  });

  it('rejects with the signal reason when the client goes away, and the sandbox counts a cancel', async () => {
    sb.setLatency(300);
    try {
      const canceled = sb.stats().canceled;
      const ctrl = new AbortController();
      const pending = sb.fetch(`${sb.baseUrl}${A}`, init({ signal: ctrl.signal }));
      setTimeout(() => ctrl.abort(new Error('gone')), 50);
      await expect(pending).rejects.toThrow('gone');
      await expect.poll(() => sb.stats().canceled).toBe(canceled + 1);
    } finally {
      sb.setLatency(0);
    }
  });
});
