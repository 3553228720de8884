import type { IncomingHttpHeaders } from 'node:http';

// A fetch for the run engine's hot path over node:http with keep-alive agents. The global
// fetch (undici) builds a Request, a Response and web streams for every call: measured at
// about a sixth of the engine's CPU per synchronous job. This one does what the API client
// needs (method, headers, a string body, an abort signal; status, headers, text) and keeps
// fetch's error shapes: a network error carries its errno code (ECONNREFUSED …), an abort
// rejects with the signal's reason.
//
// The built-ins are taken with process.getBuiltinModule, not imported: an ESM import of
// node:http builds a facade that reads every export, and its WebSocket getters load undici
// (about 15-20 ms of CPU at every CLI start) for nothing this transport uses.
const http = process.getBuiltinModule('node:http');
const https = process.getBuiltinModule('node:https');

export interface NodeFetchOptions {
  /** Connections kept per host (default 512: a plan's 255 slots plus polling). */
  maxSockets?: number;
}

/** The response headers as fetch's Headers reads them (case-insensitive get). */
class PlainHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(', ') : v;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

interface NodeResponse {
  status: number;
  ok: boolean;
  headers: PlainHeaders;
  text(): Promise<string>;
  /** Set when the body went past init.maxBodyBytes: reading stopped there (text() is empty). */
  tooLarge?: { bytes: number };
}

/** fetch's init, plus the largest body to read (see answer-size.ts). */
export type CappedRequestInit = RequestInit & { maxBodyBytes?: number };

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const h = init?.headers;
  if (!h) return {};
  if (Array.isArray(h)) return Object.fromEntries(h);
  // A Headers object is told by its entries() without reading the global Headers, whose first
  // read loads undici; a plain record's members are strings.
  if (typeof (h as Headers).entries === 'function') return Object.fromEntries((h as Headers).entries());
  return h as Record<string, string>;
}

export function createNodeFetch(options: NodeFetchOptions = {}): typeof fetch {
  const maxSockets = options.maxSockets ?? 512;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets }),
    'https:': new https.Agent({ keepAlive: true, maxSockets }),
  };
  const nodeFetch = (input: string | URL | Request, init?: CappedRequestInit): Promise<NodeResponse> =>
    new Promise((resolve, reject) => {
      // Not `instanceof Request`: the first read of the global Request loads undici.
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const signal = init?.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const secure = url.protocol === 'https:';
      const req = (secure ? https : http).request(url, {
        method: init?.method ?? 'GET',
        headers: headersOf(init),
        agent: secure ? agents['https:'] : agents['http:'],
      });
      const onAbort = (): void => {
        req.destroy();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = (): void => signal?.removeEventListener('abort', onAbort);
      req.once('error', (err) => {
        done();
        reject(err);
      });
      req.once('response', (res) => {
        const chunks: Buffer[] = [];
        const max = init?.maxBodyBytes ?? Infinity;
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes <= max) return void chunks.push(c);
          // Past the cap: not kept in memory; the connection is dropped instead of read to its end.
          done();
          const status = res.statusCode ?? 0;
          res.destroy();
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: new PlainHeaders(res.headers),
            text: () => Promise.resolve(''),
            tooLarge: { bytes },
          });
        });
        res.once('error', (err) => {
          done();
          reject(err);
        });
        res.once('end', () => {
          done();
          const text =
            chunks.length === 1
              ? (chunks[0] as Buffer).toString('utf8')
              : Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: new PlainHeaders(res.headers),
            text: () => Promise.resolve(text),
          });
        });
      });
      req.end(typeof init?.body === 'string' ? init.body : undefined);
    });
  // The client reads status, headers.get and text() only (see http-attempt.ts).
  return nodeFetch as unknown as typeof fetch;
}

let shared: typeof fetch | null = null;

/** One keep-alive pool for the whole process: the API client's default transport. */
export function sharedNodeFetch(): typeof fetch {
  shared ??= createNodeFetch();
  return shared;
}
