import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A tiny real HTTP server on 127.0.0.1 for the retry and error tests that need an exact fault
// on an exact attempt (the sandbox's fault injection covers the common cases).

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Handler = (req: SeenRequest, res: ServerResponse, attempt: number) => void | Promise<void>;

export interface Loopback {
  baseUrl: string;
  seen: SeenRequest[];
  /** Requests seen for a path (query string ignored). */
  count(path: string): number;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startLoopback(): Promise<Loopback> {
  const seen: SeenRequest[] = [];
  let handler: Handler = (_req, res) => json(res, 200, {});
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const attempt = seen.filter((s) => s.url === entry.url && s.method === entry.method).length;
      void Promise.resolve(handler(entry, res, attempt)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    count: (path) => seen.filter((s) => s.url.split('?')[0] === path).length,
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function standardError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  details?: unknown,
): void {
  json(res, status, {
    success: false,
    error: { code, message, ...(details ? { details } : {}), timestamp: '2026-01-15T12:00:00.000Z' },
  });
}
