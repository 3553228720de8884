import type { PlanName } from '../shared/api/engines';
import type { ServiceProfile } from '../shared/profile';
import type { DriftEvent } from './engines/drift';
import type { PositioningEvent } from './engines/positioning';
import type { CommerceEvent } from './engines/commerce';

// Public types of the sandbox service. Other parts of Parallax (tests, benchmarks, the
// app's Sandbox mode, the CLI) code against these names, so they stay stable.

export type LatencySpec = number | { min: number; max: number } | { mean: number; jitter: number };

export interface SandboxOptions {
  /** 0 = any free port (default 0). */
  port?: number;
  /** Default '127.0.0.1'. Non-loopback hosts are refused unless allowNonLoopback is set. */
  host?: string;
  /** Binding a non-loopback host is refused unless this is true. */
  allowNonLoopback?: boolean;
  /** Plan of the default account (slots from PLAN_SLOTS); default 'Starter'. */
  plan?: PlanName;
  /** Starting balance of the default account, default 100_000. */
  credits?: number;
  /** Per engine call; default {min:50,max:250}. */
  latencyMs?: LatencySpec;
  /** Requests per second per account (X-RateLimit-Limit), default 1000. */
  rateLimit?: number;
  /** 'spec' (default): only the spec's available engines answer; 'all': every engine. */
  available?: 'spec' | 'all';
  /** Random fault rates, default none. */
  faults?: FaultRates;
  /** Base seed for deterministic answers and faults, default 1. */
  seed?: number;
  /** QUEUED tasks per account, default 100_000. */
  maxQueueSize?: number;
  /** Workers shared by all accounts (accounts take turns); default unbounded (slots are the limit). */
  asyncWorkers?: number;
  /** ms epoch, default Date.now. Answers depend on its UTC calendar day (see engines/drift.ts). */
  clock?: () => number;
  /**
   * How the sandbox names its engines (paths, taskType tokens, countries models, base costs,
   * availability): the spec's neutral profile by default; `parallax sandbox --profile FILE`.
   */
  profile?: ServiceProfile;
  /** Scripted drift events (a brand surging in a country, vanishing from an engine) on top of the scheduled ones. */
  driftEvents?: readonly DriftEvent[];
  /** Scripted positioning events (a brand's tone souring in a country, a top pick on an engine…) on top of the scheduled ones. */
  positioningEvents?: readonly PositioningEvent[];
  /** Scripted commerce events (a price cut, a product delisted, a brand's ads on its rival's answers) on top of the scheduled ones. */
  commerceEvents?: readonly CommerceEvent[];
  /** Called once per request after it is answered: `parallax sandbox --request-log FILE`, the fault soak. */
  onRequest?: (entry: SandboxRequestLogEntry) => void;
}

/** One request as the sandbox answered it. */
export interface SandboxRequestLogEntry {
  /** ms epoch when it was answered. */
  at: number;
  method: string;
  /** Route template, e.g. "/v1/monitor/assistant-a". */
  template: string;
  /** The client's X-Request-Id (or the one the sandbox made up). */
  requestId: string;
  /** HTTP status answered, or how it ended without one. */
  status: number | 'drop' | 'canceled';
  /** A synchronous monitor call that took a slot and ran (charged or not): a repeat would run it again. */
  ran: boolean;
  creditsCharged: number;
  fault: FaultKind | null;
}

export type { DriftEvent } from './engines/drift';
export type { PositioningEvent } from './engines/positioning';
export type { CommerceEvent } from './engines/commerce';

export interface FaultRates {
  '500'?: number;
  '502'?: number;
  '429'?: number;
  drop?: number;
  slow?: number;
  malformed?: number;
  /** The chat endpoints' model faults: a refusal, a reply that is not JSON. */
  refusal?: number;
  'invalid-json'?: number;
  /** Extra delay of a `slow` fault, default 2000 ms. */
  slowMs?: number;
}

export type FaultKind =
  | '500'
  | '502'
  | '429'
  | 'drop'
  | 'slow'
  | 'malformed'
  | 'empty'
  | '499'
  /** Chat endpoints only: the model refuses, or answers text that is not JSON. */
  | 'refusal'
  | 'invalid-json';

export interface ScriptedFault {
  /** Matched against the path (string: exact path or path template; RegExp: tested on the path). */
  path?: string | RegExp;
  /** HTTP method, or 'TASK' to hit the execution attempts of async tasks (path = engine path). */
  method?: string;
  fault: FaultKind;
  /** How many matching requests get it, default 1. */
  times?: number;
  slowMs?: number;
}

export interface SandboxStats {
  /** By "METHOD /path-template", e.g. "POST /v1/monitor/assistant-a", "GET /v1/async/task/:id". */
  requests: Record<string, number>;
  /** By HTTP status code answered ("200", "429"...; "drop" for dropped connections). */
  responses: Record<string, number>;
  /** By account id: most slots in use ever seen (sync calls + PROCESSING tasks). */
  peakConcurrency: Record<string, number>;
  concurrencyRejections: number;
  rateLimitRejections: number;
  /** By account id. */
  creditsCharged: Record<string, number>;
  monitorCalls: number;
  tasksCreated: number;
  tasksCompleted: number;
  tasksFailed: number;
  /** Sync calls whose client went away before the answer (counted as 499, nothing charged). */
  canceled: number;
  /** Faults injected, by kind. */
  faultsInjected: Record<string, number>;
  webhooksDelivered: number;
  webhooksFailed: number;
}

export interface SandboxAccount {
  id: string;
  plan: PlanName;
  credits: number;
  apiKeys: string[];
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** Valid key of the default account. */
  apiKey: string;
  /** The service profile served (engine paths, taskType tokens…). */
  profile: ServiceProfile;
  /**
   * A fetch that runs this sandbox's request pipeline in-process (same routes, engines,
   * headers; no socket or HTTP parser): for the demo builder only (http/in-process.ts).
   */
  fetch: typeof fetch;
  defaultAccount: SandboxAccount;
  stats(): SandboxStats;
  resetStats(): void;
  createAccount(opts?: { plan?: PlanName; credits?: number; rateLimit?: number }): {
    account: SandboxAccount;
    apiKey: string;
  };
  /** Snapshot of an account (plan, balance, live keys). */
  getAccount(accountId: string): SandboxAccount;
  createKey(accountId: string): string;
  /** Stops working immediately in the sandbox. */
  revokeKey(apiKey: string): void;
  setCredits(accountId: string, credits: number): void;
  setFaults(faults: FaultRates): void;
  /** Exact faults for the next matching requests (times default 1), taken before random faults. */
  scriptFault(f: ScriptedFault): void;
  setLatency(latency: LatencySpec | undefined): void;
  setAvailability(mode: 'spec' | 'all'): void;
  close(): Promise<void>;
}
