import type { MessagePort } from 'node:worker_threads';
import { openHistory } from '../../history';
import { funnelDays } from '../../outcomes';
import type { FunnelDaysMessage, FunnelDaysRequest } from './funnel-worker';

// The funnel totals' thread (funnel-worker.ts says why): its own read-only connection to the
// history, the same computation the sync does in-process, the rows (or what failed) posted once.

export function runFunnelDays(port: MessagePort, request: FunnelDaysRequest): void {
  let message: FunnelDaysMessage;
  try {
    const store = openHistory({
      path: request.dbPath,
      readonly: true,
      create: false,
      integrityCheck: 'none',
    });
    try {
      message = { type: 'rows', rows: funnelDays(store, { days: request.days, now: request.now }) };
    } finally {
      store.close();
    }
  } catch (error) {
    message = { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
}
