import type { MessagePort } from 'node:worker_threads';
import { openHistory } from '../../history';
import { funnelDays, type FunnelDay } from '../../outcomes';
import { FUNNEL_CHUNK_ROWS, type FunnelDaysMessage, type FunnelDaysRequest } from './funnel-worker';

// The funnel totals' thread (funnel-worker.ts says why): its own read-only connection to the
// history, the same computation the sync does in-process, then the rows posted a chunk at a
// time, each once the syncing thread took the one before (or what failed, in one line).

function computed(request: FunnelDaysRequest): FunnelDay[] {
  const store = openHistory({ path: request.dbPath, readonly: true, create: false, integrityCheck: 'none' });
  try {
    return funnelDays(store, { days: request.days, now: request.now });
  } finally {
    store.close();
  }
}

export async function runFunnelDays(port: MessagePort, request: FunnelDaysRequest): Promise<void> {
  const post = (message: FunnelDaysMessage): void => port.postMessage(message);
  let rows: FunnelDay[];
  try {
    rows = computed(request);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  for (let at = 0; at < rows.length; at += FUNNEL_CHUNK_ROWS) {
    const taken = new Promise((resolve) => port.once('message', resolve));
    post({ type: 'rows', rows: rows.slice(at, at + FUNNEL_CHUNK_ROWS) });
    await taken;
  }
  post({ type: 'end' });
}
