import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// What the test proxies in front of the sandbox (hostile-service.ts, renaming-proxy.ts) share:
// reading a request, passing its headers on, and handing the upstream answer back.

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The request's end-to-end headers, for the upstream call. */
export function forwardedHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers))
    if (typeof v === 'string' && !HOP_BY_HOP.has(k)) headers.set(k, v);
  return headers;
}

/** The upstream answer's status and end-to-end headers with the (maybe rewritten) body. */
export function sendAnswer(res: ServerResponse, answer: Response, body: Buffer): void {
  const headers: Record<string, string> = {};
  answer.headers.forEach((v, k) => {
    if (!HOP_BY_HOP.has(k) && k !== 'content-encoding') headers[k] = v;
  });
  res.writeHead(answer.status, headers);
  res.end(body);
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
