import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';

// The sandbox answers an over-size body with its 413 after reading and dropping the body
// (bounded), so a client that writes its whole body before reading the answer sees the 413 and
// not a connection reset. Real HTTP on 127.0.0.1 with node:http, which writes the
// whole body first.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 1 });
});
afterAll(async () => {
  await sandbox?.close();
});

function post(path: string, body: Buffer, chunked: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, sandbox.baseUrl);
    const req = request(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${sandbox.apiKey}`,
        'Content-Type': 'application/json',
        ...(chunked ? {} : { 'Content-Length': String(body.length) }),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const bigBody = (): Buffer =>
  Buffer.from(JSON.stringify({ prompt: 'x'.repeat(3 * 1024 * 1024), country: 'US' }));

/**
 * A client that writes its whole request (20 MB body) on a raw socket before it reads anything,
 * then reads the answer: a server that answered and closed early made the socket reset.
 */
function writeAllThenRead(body: Buffer): Promise<{ status: number; error: string | null }> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(sandbox.baseUrl);
    const socket = connect(Number(port), hostname);
    let text = '';
    let error: string | null = null;
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), error }));
    const head =
      `POST /v1/monitor/assistant-a HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
      `Authorization: Bearer ${sandbox.apiKey}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    socket.write(head);
    socket.write(body, () => socket.end());
  });
}

describe('an over-size request body', () => {
  it('a client that writes 20 MB before reading gets the 413, not a reset', async () => {
    const body = Buffer.from(JSON.stringify({ prompt: 'y'.repeat(20 * 1024 * 1024), country: 'US' }));
    const reply = await writeAllThenRead(body);
    expect(reply).toEqual({ status: 413, error: null });
  });

  it('with a Content-Length: the whole body is written, and the answer is the 413', async () => {
    const reply = await post('/v1/monitor/assistant-a', bigBody(), false);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('chunked: the same', async () => {
    const reply = await post('/v1/monitor/assistant-a', bigBody(), true);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});
