import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small real HTTP server on 127.0.0.1 that answers GET /v1/credits like the service
// (spec: bearer auth, 401 codes, error envelope; facts §5: bare {remaining, perCycle, cycleResetsAt}).

export interface CreditsBalance {
  remaining: number;
  perCycle: number | null;
  cycleResetsAt: string | null;
}

export interface CreditsServer {
  baseUrl: string;
  /** Authorization headers seen, in order. */
  readonly seen: string[];
  accept(key: string, balance?: CreditsBalance): void;
  revoke(key: string): void;
  /** The next request answers this status with a 5xx-style envelope. */
  failNext(status: number, code: string): void;
  close(): Promise<void>;
}

const FREE: CreditsBalance = { remaining: 500, perCycle: null, cycleResetsAt: null };

export async function startCreditsServer(): Promise<CreditsServer> {
  const keys = new Map<string, CreditsBalance>();
  const seen: string[] = [];
  let failure: { status: number; code: string } | null = null;

  const send = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req-${seen.length}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string): void =>
    send(res, status, { success: false, error: { code, message, timestamp: new Date().toISOString() } });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const auth = req.headers.authorization ?? '';
    seen.push(auth);
    if (req.method !== 'GET' || req.url !== '/v1/credits')
      return error(res, 404, 'RESOURCE_NOT_FOUND', 'Route not found');
    if (failure) {
      const { status, code } = failure;
      failure = null;
      return error(res, status, code, 'Internal server error');
    }
    if (!auth.startsWith('Bearer ')) return error(res, 401, 'MISSING_API_KEY', 'API key is missing');
    const key = auth.slice('Bearer '.length);
    if (!/^sk_[A-Za-z0-9]{40}$/.test(key))
      return error(res, 401, 'INVALID_API_KEY_FORMAT', 'Malformed API key');
    const balance = keys.get(key);
    if (!balance) return error(res, 401, 'INVALID_OR_EXPIRED_API_KEY', 'Invalid or expired API key');
    return send(res, 200, { ...balance, someFutureField: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    accept: (key, balance = FREE) => keys.set(key, balance),
    revoke: (key) => keys.delete(key),
    failNext: (status, code) => {
      failure = { status, code };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A well-formed key, distinct per seed. */
export function testKey(seed: string): string {
  const body = (seed.replace(/[^A-Za-z0-9]/g, '') + 'Zq7'.repeat(20)).slice(0, 40);
  return `sk_${body}`;
}
