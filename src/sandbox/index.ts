import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { PLAN_SLOTS } from '../shared/api/engines';
import { SandboxCore } from './core/sandbox-core';
import { checkLatency } from './core/latency';
import { copyStats, emptyStats } from './core/stats';
import { createInProcessFetch } from './http/in-process';
import { createHandler } from './http/server';
import type { RunningSandbox, SandboxOptions } from './types';

// The sandbox service: the whole answer monitoring API on a loopback port, with synthetic
// engines. Started in-process by tests and benchmarks, by the app's Sandbox mode, and by
// `parallax sandbox`.

export type {
  DriftEvent,
  PositioningEvent,
  CommerceEvent,
  FaultKind,
  FaultRates,
  LatencySpec,
  RunningSandbox,
  SandboxAccount,
  SandboxOptions,
  SandboxRequestLogEntry,
  SandboxStats,
  ScriptedFault,
} from './types';
export { XSS_MARKER, XSS_PAYLOADS } from './engines/xss';
export { dayNumber, eventsOn, scheduledEvents, DAY_MS } from './engines/drift';
export {
  positioningEventsBetween,
  positioningEventsOn,
  recoverSandboxPositioning,
  SANDBOX_JUDGE,
  scheduledPositioningEvents,
  writtenPositioning,
  type AnswerPositioning,
  type PositioningEventKind,
} from './engines/positioning';

export {
  brandInPrompt,
  PRICE_CYCLE_DAYS,
  priceOn,
  sandboxFactSheet,
  STALE_DAYS,
  WRONG_YEAR_BY,
  wrongYearEngine,
  type FactError,
  type SandboxFact,
  type WrittenFact,
} from './engines/facts';

export {
  commerceEventsBetween,
  commerceEventsOn,
  scheduledCommerceEvents,
  type CommerceEventKind,
} from './engines/commerce';

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.allowNonLoopback !== true) {
    throw new Error(
      `The sandbox only binds loopback addresses (got ${host}); pass allowNonLoopback to override`,
    );
  }
  const plan = options.plan ?? 'Starter';
  if (!(plan in PLAN_SLOTS)) throw new Error(`Unknown plan ${String(plan)}`);
  const core = new SandboxCore(options);
  const { account, apiKey } = core.accounts.create({ plan, credits: options.credits ?? 100_000 });

  const handler = createHandler(core, options.onRequest);
  const server = createServer({ keepAliveTimeout: 65_000, requestTimeout: 0 }, handler);
  server.maxHeadersCount = 200;
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  core.baseUrl = `http://${urlHost}:${port}`;

  let closed: Promise<void> | null = null;
  return {
    baseUrl: core.baseUrl,
    apiKey,
    profile: core.profile,
    fetch: createInProcessFetch(handler),
    defaultAccount: core.accounts.snapshot(account.id),
    stats: () => copyStats(core.stats),
    resetStats: () => {
      core.stats = emptyStats();
    },
    createAccount: (opts = {}) => {
      const created = core.accounts.create({ credits: 100_000, ...opts });
      return { account: core.accounts.snapshot(created.account.id), apiKey: created.apiKey };
    },
    getAccount: (id) => core.accounts.snapshot(id),
    createKey: (id) => core.accounts.createKey(id),
    revokeKey: (key) => core.accounts.revokeKey(key),
    setCredits: (id, credits) => core.accounts.setCredits(id, credits),
    setFaults: (faults) => core.faults.setRates(faults),
    scriptFault: (f) => core.faults.script(f),
    setLatency: (latency) => {
      core.latency = checkLatency(latency ?? { min: 50, max: 250 });
    },
    setAvailability: (mode) => {
      core.availability = mode;
    },
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        core.closing.abort();
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      return closed;
    },
  };
}
