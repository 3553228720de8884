import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, forwardedHeaders, readBody, sendAnswer } from './proxy-http';

// The fake service for hostile answers: a loopback HTTP proxy in front of
// the sandbox that passes every call through unchanged (accounts, credits, slots, charges and
// the request log stay the sandbox's), except the monitor answers, whose result it rewrites:
// a huge answer (megabytes of one repeated word), or page links pointing at a page host that
// is down, answers 5xx, or never answers. The run's base URL stays valid for `parallax resume`.

export interface HostileOptions {
  /** Rewrites each synchronous monitor answer's result object in place. */
  rewrite?: (result: Record<string, unknown>, call: { engine: string; n: number }) => void;
  /** Rewrites each async task record (the body of GET /v1/async/task/:id) in place. */
  rewriteTask?: (record: Record<string, unknown>) => void;
}

export interface HostileService {
  readonly baseUrl: string;
  /** Monitor answers rewritten so far. */
  rewritten(): number;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function startHostileService(upstream: string, opts: HostileOptions): Promise<HostileService> {
  let n = 0;
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const headers = forwardedHeaders(req);
    const method = req.method ?? 'GET';
    const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
    });
    let out = Buffer.from(await answer.arrayBuffer());
    const engine = /^\/v1\/monitor\/([^/?]+)/.exec(req.url ?? '')?.[1];
    const task = /^\/v1\/async\/task\/[^/?]+/.test(req.url ?? '') && method === 'GET';
    if (task && answer.status === 200 && opts.rewriteTask) {
      const record = JSON.parse(out.toString('utf8')) as Record<string, unknown>;
      opts.rewriteTask(record);
      out = Buffer.from(JSON.stringify(record));
    }
    if (engine && answer.status === 200 && opts.rewrite) {
      const json = JSON.parse(out.toString('utf8')) as { result?: Record<string, unknown> };
      if (json.result) {
        opts.rewrite(json.result, { engine, n: n++ });
        out = Buffer.from(JSON.stringify(json));
      }
    }
    sendAnswer(res, answer, out);
  };
  const server = createServer((req, res) => void forward(req, res).catch(() => req.socket.destroy()));
  const baseUrl = await listen(server);
  return { baseUrl, rewritten: () => n, close: () => closeServer(server) };
}

/** One word repeated to about `bytes` (a hostile answer: every occurrence matches a search). */
export function repeatedWord(word: string, bytes: number): string {
  return `${word} `.repeat(Math.ceil(bytes / (word.length + 1)));
}

export interface PageHost {
  /** A page URL on this host. */
  url(name: string): string;
  /** Requests the host received. */
  requests(): number;
  close(): Promise<void>;
}

/**
 * Where answers' page links point: 'down' (a port nothing listens on: connection refused),
 * '5xx' (every page answers 503), or 'hang' (accepts and never answers).
 */
export async function startPageHost(mode: 'down' | '5xx' | 'hang'): Promise<PageHost> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    if (mode === '5xx') {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('unavailable');
    }
    // 'hang': the response is never written.
  });
  const base = await listen(server);
  if (mode === 'down') await closeServer(server);
  return {
    url: (name) => `${base}/pages/${name}.html`,
    requests: () => requests,
    close: () => (mode === 'down' ? Promise.resolve() : closeServer(server)),
  };
}
