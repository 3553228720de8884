import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback HTTP proxy in front of the sandbox that recreates "answered and charged in the
// instant the client was killed" on purpose: once armed, the first synchronous monitor answer
// that comes back from the sandbox (already charged) triggers the trigger (the test SIGKILLs
// the CLI there) and is never delivered, nor is any answer after it until the proxy is
// disarmed. Everything else passes through unchanged (or, with cachedBalance, GET /v1/credits
// as stale as the service may serve it), so the run's base URL stays valid for `parallax resume`.

export interface WithholdingProxy {
  readonly baseUrl: string;
  /** Withhold from the next monitor answer on; calls onWithhold once, before withholding it. */
  arm(onWithhold: () => void): void;
  /** Pass everything through again. */
  disarm(): void;
  /** The answers withheld, and the credits the sandbox charged for them (X-Credits-Charged). */
  withheld(): { answers: number; credits: number };
  /** Resolves once no request is in flight through the proxy. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export interface ProxyOptions {
  /**
   * Serve GET /v1/credits from the first answer, as a cache would: the service's balance may
   * be up to 60 s stale (service facts), and a test run lasts less than that.
   */
  cachedBalance?: boolean;
}

export async function startWithholdingProxy(
  upstream: string,
  options: ProxyOptions = {},
): Promise<WithholdingProxy> {
  let cachedBalance: { status: number; headers: Record<string, string>; body: Buffer } | null = null;
  let trigger: (() => void) | null = null;
  let withholding = false;
  const held = { answers: 0, credits: 0 };
  let inFlight = 0;
  let idleWaiters: Array<() => void> = [];
  const settled = (): void => {
    inFlight -= 1;
    if (inFlight > 0) return;
    for (const w of idleWaiters) w();
    idleWaiters = [];
  };
  const server: Server = createServer((req, res) => {
    inFlight += 1;
    void (async () => {
      const body = await readBody(req);
      const balanceRead = req.method === 'GET' && (req.url ?? '').startsWith('/v1/credits');
      if (balanceRead && cachedBalance) {
        res.writeHead(cachedBalance.status, cachedBalance.headers);
        res.end(cachedBalance.body);
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && !HOP_BY_HOP.has(k)) headers.set(k, v);
      const method = req.method ?? 'GET';
      // The sandbox runs the whole call and charges it, whatever happens to the client.
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
      });
      const text = Buffer.from(await answer.arrayBuffer());
      const monitor = (req.url ?? '').startsWith('/v1/monitor/');
      if (monitor && (trigger || withholding) && answer.status === 200) {
        withholding = true;
        held.answers += 1;
        held.credits += Number(answer.headers.get('x-credits-charged') ?? 0);
        const fire = trigger;
        trigger = null;
        fire?.();
        req.socket.destroy();
        return;
      }
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (!HOP_BY_HOP.has(k) && k !== 'content-encoding') out[k] = v;
      });
      if (balanceRead && options.cachedBalance && answer.status === 200)
        cachedBalance = { status: answer.status, headers: out, body: text };
      res.writeHead(answer.status, out);
      res.end(text);
    })()
      .catch(() => req.socket.destroy())
      .finally(settled);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    arm(onWithhold) {
      trigger = onWithhold;
    },
    disarm() {
      trigger = null;
      withholding = false;
    },
    withheld: () => ({ ...held }),
    idle: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
