import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/core/runs/api/client';
import { ApiError } from '../../../src/core/runs/api/errors';
import { json, startLoopback, type Loopback } from './loopback-server';

// A run passes one hard-stop signal to every call it has in flight. The client follows that
// signal with one listener however many calls share it: aborting it must still abort every
// call in flight, leave the calls already answered alone, and refuse the calls made after.
// Against a real HTTP server on 127.0.0.1.

const KEY = `sk_${'k9'.repeat(20)}`;
const ok = { success: true, result: { text: 'Acme is…', sources: [] } };

let server: Loopback;
beforeEach(async () => {
  server = await startLoopback();
});
afterEach(async () => {
  await server.close();
});

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'answered';
  } catch (error) {
    return error instanceof ApiError ? error.kind : String(error);
  }
}

describe('one abort signal shared by many calls', () => {
  it('aborts every call in flight once, and none that was answered', async () => {
    // Prompts starting with "fast" are answered at once; the others never are.
    server.handle((req, res) => {
      if ((JSON.parse(req.body) as { prompt: string }).prompt.startsWith('fast')) json(res, 200, ok);
    });
    const client = createApiClient({ baseUrl: server.baseUrl, apiKey: KEY, maxRetries: 0 });
    const stop = new AbortController();
    const call = (prompt: string) =>
      client.monitor('assistant-a', { prompt, country: 'US' }, { signal: stop.signal });

    const answered = await Promise.all(Array.from({ length: 5 }, (_, i) => outcome(call(`fast ${i}`))));
    expect(answered).toEqual(Array(5).fill('answered'));

    const hanging = Array.from({ length: 40 }, (_, i) => outcome(call(`slow ${i}`)));
    while (server.seen.length < 45) await new Promise((r) => setTimeout(r, 5));
    stop.abort();
    expect(await Promise.all(hanging)).toEqual(Array(40).fill('aborted'));
    expect(await outcome(call('fast after'))).toBe('aborted');
    expect(server.seen).toHaveLength(45);
  });

  it('lets calls on another signal run on when one signal aborts', async () => {
    let release: (() => void) | null = null;
    const released = new Promise<void>((r) => (release = r));
    server.handle(async (_req, res) => {
      await released;
      json(res, 200, ok);
    });
    const client = createApiClient({ baseUrl: server.baseUrl, apiKey: KEY, maxRetries: 0 });
    const first = new AbortController();
    const second = new AbortController();
    const a = outcome(
      client.monitor('assistant-a', { prompt: 'a', country: 'US' }, { signal: first.signal }),
    );
    const b = outcome(
      client.monitor('assistant-a', { prompt: 'b', country: 'US' }, { signal: second.signal }),
    );
    while (server.seen.length < 2) await new Promise((r) => setTimeout(r, 5));
    first.abort();
    expect(await a).toBe('aborted');
    (release as unknown as () => void)();
    expect(await b).toBe('answered');
  });
});
