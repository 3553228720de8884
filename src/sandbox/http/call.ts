import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccountState } from '../core/accounts';
import type { Fault } from '../core/faults';

/** One request as it moves through the server's pipeline. */
export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  path: string;
  url: URL;
  /** Route template for stats ("GET /v1/async/task/:id"). */
  template: string;
  params: Record<string, string>;
  requestId: string;
  /** performance.now() at arrival, for X-Latency-Ms. */
  startedAt: number;
  account: AccountState | null;
  /** A monitor engine route: answers carry the concurrency and credit headers. */
  monitor: boolean;
  /** A slot is held by this call; the server frees it after answering. */
  slotHeld: boolean;
  creditsCharged: number;
  fault: Fault | null;
  /** Aborts when the client goes away before the answer. */
  signal: AbortSignal;
}

/** What a handler answers; `drop` and `canceled` write nothing. */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; output?: 'malformed' | 'empty' }
  | { kind: 'html'; body: string }
  | { kind: 'drop' }
  | { kind: 'canceled' };

export const json = (status: number, body: unknown): Reply => ({ kind: 'json', status, body });
