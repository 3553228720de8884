import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createWebhookDeliverer } from '../../../src/core/alerts';
import type { HistoryStore } from '../../../src/core/history';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// Webhook deliveries of different monitors go out side by side (an endpoint that
// never answers holds up its own monitor only), and a bounded wait (`monitors run
// --webhook-wait`) ends on time even while an attempt is in flight: that attempt is dropped
// and stays pending for the next start. The per-attempt time limit here is a minute, longer
// than the test's own timeout: a wait that sat it out would fail the test.

const tmp = tempFolder();
afterAll(() => tmp.cleanup());
const servers: Server[] = [];
let store: HistoryStore | null = null;

afterEach(async () => {
  store?.close();
  store = null;
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

async function endpoint(answer: boolean): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    req.resume();
    if (answer) res.end('ok');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits: () => hits };
}

function monitorWithWebhook(
  s: HistoryStore,
  name: string,
  url: string,
): { monitorId: string; runId: string } {
  const { run } = newRun(s);
  const monitor = s.saveMonitor({ name, spec: run.spec, cadence: 'daily', enabled: false });
  const { rules, reportDir, reportDays } = s.getMonitorOptions(monitor.id)!;
  s.saveMonitorOptions(monitor.id, { rules, reportDir, reportDays, webhookUrl: url });
  return { monitorId: monitor.id, runId: run.id };
}

describe('webhook deliveries', () => {
  it('a hanging endpoint delays no other monitor, and a bounded wait leaves it pending on time', async () => {
    store = openTemp(tmp.file('hooks.db'));
    const hanging = await endpoint(false);
    const fine = await endpoint(true);
    const a = monitorWithWebhook(store, 'Hangs', hanging.url);
    const b = monitorWithWebhook(store, 'Answers', fine.url);
    const stuck = store.enqueueWebhook({ monitorId: a.monitorId, runId: a.runId, payload: { n: 1 } });
    const first = store.enqueueWebhook({ monitorId: b.monitorId, runId: b.runId, payload: { n: 2 } });
    const second = store.enqueueWebhook({ monitorId: b.monitorId, runId: b.runId, payload: { n: 3 } });
    const d = createWebhookDeliverer({ store, fetch: globalThis.fetch, now: Date.now, timeoutMs: 60_000 });
    const pending = await d.drain(1_000);
    expect(pending).toBe(1);
    expect(store.getWebhookDelivery(first)?.state).toBe('delivered');
    expect(store.getWebhookDelivery(second)?.state).toBe('delivered');
    // Dropped, not failed: no attempt recorded, due again for the next start.
    expect(store.getWebhookDelivery(stuck)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(hanging.hits()).toBe(1);
    await d.close();
  });
});
