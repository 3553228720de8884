import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeFetch } from '../../../src/core/runs/api/node-fetch';
import { json, startLoopback, type Loopback } from './loopback-server';

// The API client's transport over node:http, against a real HTTP server on 127.0.0.1: it takes
// fetch's inputs (a string, a URL or a Request; headers as a record, pairs or Headers), and a
// call through the client does not load undici (the global fetch's engine), which costs a CLI
// run's start 15-20 ms of CPU.

const KEY = `sk_${'k9'.repeat(20)}`;
const CLIENT = fileURLToPath(new URL('../../../src/core/runs/api/client.ts', import.meta.url));

let server: Loopback;
beforeEach(async () => {
  server = await startLoopback();
  server.handle((_req, res) => json(res, 200, { success: true, result: { text: 'ok', sources: [] } }));
});
afterEach(async () => {
  await server.close();
});

describe('node-fetch transport', () => {
  it('sends what fetch would for every input and header form', async () => {
    const fetchImpl = createNodeFetch();
    const url = `${server.baseUrl}/v1/credits`;
    const inputs: Array<[Parameters<typeof fetch>[0], RequestInit['headers']]> = [
      [url, { 'X-Form': 'record' }],
      [new URL(url), [['X-Form', 'pairs']]],
      [new Request(url), new Headers({ 'X-Form': 'headers' })],
    ];
    for (const [input, headers] of inputs) {
      const res = await fetchImpl(input, { method: 'GET', headers });
      expect(res.status).toBe(200);
      expect(JSON.parse(await res.text())).toMatchObject({ success: true });
    }
    expect(server.seen.map((s) => [s.url, s.headers['x-form']])).toEqual([
      ['/v1/credits', 'record'],
      ['/v1/credits', 'pairs'],
      ['/v1/credits', 'headers'],
    ]);
  });

  it('answers a monitor call through the client without loading undici', async () => {
    // A fresh process (this one may have loaded undici already), waited for without blocking
    // the loopback server it calls.
    const script = `
      const { createApiClient } = await import(${JSON.stringify(CLIENT)});
      const client = createApiClient({ baseUrl: ${JSON.stringify(server.baseUrl)}, apiKey: ${JSON.stringify(KEY)} });
      const res = await client.monitor('assistant-a', { prompt: 'x', country: 'US' });
      console.log(JSON.stringify({ text: res.result.text, undici: process.moduleLoadList.filter((m) => m.includes('undici')) }));
    `;
    const { stdout: out } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(JSON.parse(out.trim().split('\n').pop() as string)).toEqual({ text: 'ok', undici: [] });
  });
});
