import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

// The sandbox's request pipeline called in-process: a fetch that hands the very handler the
// HTTP server runs (createHandler: route, key, rate limit, faults, engines, headers) a request
// and a response object of its own, without a socket, an HTTP parser or a stream per side.
// For the demo builder, whose thousands of answers spent about an eighth of their CPU in
// node:http on both sides of a loopback socket; everything else talks to the sandbox over
// HTTP, as a client of the real service does (tests/integration/demo proves the demo over it).
//
// What the pipeline reads of a request: url, method, headers (lower-case names), its body as
// an async iterable of Buffers, socket.destroy() (a dropped connection). Of a response:
// writeHead, end, headersSent, destroyed, writableFinished and the 'close' event (a client
// that went away). The fetch answers what the API client reads (status, ok, headers.get,
// text), as node-fetch.ts does.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A connection the pipeline dropped, shaped as node:http reports one to the client. */
function socketHangUp(): Error {
  return Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
}

class InProcessHeaders {
  constructor(private readonly raw: Record<string, string>) {}
  get(name: string): string | null {
    return this.raw[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

interface InProcessResponse {
  status: number;
  ok: boolean;
  headers: InProcessHeaders;
  text(): Promise<string>;
}

function lowerCased(headers: Record<string, string | number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  return out;
}

function requestHeaders(init: RequestInit | undefined): Record<string, string> {
  const h = init?.headers;
  if (!h) return {};
  if (Array.isArray(h)) return lowerCased(Object.fromEntries(h));
  if (typeof (h as Headers).entries === 'function')
    return lowerCased(Object.fromEntries((h as Headers).entries()));
  return lowerCased(h as Record<string, string>);
}

/** The response object the pipeline writes to; `settle` is told once it ends or is dropped. */
class InProcessReply extends EventEmitter {
  headersSent = false;
  destroyed = false;
  writableFinished = false;
  status = 0;
  headers: Record<string, string> = {};

  constructor(
    private readonly answer: (response: InProcessResponse) => void,
    private readonly fail: (reason: unknown) => void,
  ) {
    super();
  }

  writeHead(status: number, headers: Record<string, string | number> = {}): this {
    this.status = status;
    this.headers = lowerCased(headers);
    this.headersSent = true;
    return this;
  }

  end(body?: string, done?: () => void): this {
    const text = body ?? '';
    this.writableFinished = true;
    const status = this.status;
    this.answer({
      status,
      ok: status >= 200 && status < 300,
      headers: new InProcessHeaders(this.headers),
      text: () => Promise.resolve(text),
    });
    queueMicrotask(() => {
      done?.();
      this.emit('close');
    });
    return this;
  }

  /** The client went away (or the pipeline dropped the connection) before the answer. */
  drop(reason: unknown): void {
    if (this.destroyed || this.writableFinished) return;
    this.destroyed = true;
    this.fail(reason);
    this.emit('close');
  }
}

/**
 * A fetch that runs `handler` (the sandbox server's own) in this process for every call. The
 * URL's origin is ignored: only its path and query reach the pipeline.
 */
export function createInProcessFetch(handler: Handler): typeof fetch {
  const inProcessFetch = (input: string | URL, init?: RequestInit): Promise<InProcessResponse> =>
    new Promise((resolve, reject) => {
      const url = new URL(typeof input === 'string' ? input : input.href);
      const signal = init?.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      // As node-fetch.ts: an abort rejects with the signal's reason (and the pipeline sees a
      // client that went away); a dropped connection rejects as a reset socket does.
      const onAbort = (): void => res.drop(signal?.reason);
      const res = new InProcessReply(
        (response) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(response);
        },
        (reason) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      const body = typeof init?.body === 'string' ? Buffer.from(init.body) : null;
      const headers = requestHeaders(init);
      if (body) headers['content-length'] = String(body.length);
      const req = Object.assign(Readable.from(body ? [body] : []), {
        url: `${url.pathname}${url.search}`,
        method: (init?.method ?? 'GET').toUpperCase(),
        headers,
        socket: { destroy: () => res.drop(socketHangUp()) },
      });
      handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    });
  return inProcessFetch as unknown as typeof fetch;
}
