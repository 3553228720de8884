import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookDeliverer, buildWebhookPayload } from '../../../src/core/alerts';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { defaultAlertRules } from '../../../src/shared/alerts/rules';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import { json, startLoopback, type Loopback } from '../api/loopback-server';

// The webhook outbox against a real HTTP receiver on 127.0.0.1: the first attempt gets a 500,
// the retry (after the backoff, on an injected clock) a 200; a 4xx that will not heal is not
// retried; errors never show the URL's secret path.

const SECRET = '/services/T000/B000/s3cr3t-path';

let dir: string;
let store: HistoryStore;
let receiver: Loopback;
let clock: number;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-webhook-'));
  clock = Date.UTC(2026, 10, 2, 8, 0);
  store = openHistory({ path: join(dir, 'history.db'), now: () => clock });
  receiver = await startLoopback();
});
afterEach(async () => {
  store.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A monitor with a webhook, a completed run, and a delivery queued for it. */
function queueDelivery(url: string): { deliveryId: number; monitorId: string } {
  const monitor = store.saveMonitor({
    name: 'Shoes',
    cadence: 'daily',
    spec: runSpecSchema.parse({
      prompts: ['best running shoes'],
      engines: ['assistant-a'],
      countries: ['US'],
    }),
  });
  store.saveMonitorOptions(monitor.id, {
    rules: defaultAlertRules(),
    webhookUrl: url,
    reportDir: null,
    reportDays: null,
  });
  const { run } = store.createRun({
    spec: monitor.spec,
    keyLabel: 'sandbox',
    sandbox: true,
    baseUrl: 'http://sandbox',
    costEstimate: 5,
    monitorId: monitor.id,
  });
  const payload = buildWebhookPayload({
    monitorId: monitor.id,
    monitorName: 'Shoes',
    runId: run.id,
    prevRunId: 'prev',
    alerts: [],
  });
  return {
    deliveryId: store.enqueueWebhook({ monitorId: monitor.id, runId: run.id, payload }),
    monitorId: monitor.id,
  };
}

function deliverer(extra: { maxAttempts?: number } = {}) {
  const errors: string[] = [];
  const d = createWebhookDeliverer({
    store,
    fetch: globalThis.fetch,
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    setTimer: () => () => undefined,
    backoff: { baseMs: 60_000, maxMs: 600_000, maxAttempts: extra.maxAttempts ?? 5 },
    logError: (m) => errors.push(m),
  });
  return { d, errors };
}

describe('webhook deliveries', () => {
  it('retries a 500 after the backoff and delivers on the 200, with a Slack-compatible text', async () => {
    receiver.handle((_req, res, attempt) => json(res, attempt === 1 ? 500 : 200, { ok: attempt > 1 }));
    const { deliveryId } = queueDelivery(`${receiver.baseUrl}${SECRET}`);
    const { d } = deliverer();

    expect(await d.deliverDue()).toBe(1);
    const first = store.getWebhookDelivery(deliveryId);
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    expect(first?.nextAttemptAt).toBe(clock + 60_000);
    expect(first?.lastError).toContain('HTTP 500');
    expect(first?.lastError).not.toContain('s3cr3t');
    // Not due yet: nothing is sent before the backoff.
    expect(await d.deliverDue()).toBe(0);

    // The CLI's bounded wait: sleeps until the retry (on the injected clock) and delivers it.
    expect(await d.drain(5 * 60_000)).toBe(0);
    expect(store.getWebhookDelivery(deliveryId)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatus: 200,
      lastError: null,
    });

    expect(receiver.seen).toHaveLength(2);
    const sent = receiver.seen[1]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(SECRET);
    expect(sent.headers['content-type']).toBe('application/json');
    const body = JSON.parse(sent.body) as { text: string; monitor: { name: string } };
    expect(body.text).toMatch(/^Parallax · 0 changes in Shoes/);
    expect(body.monitor.name).toBe('Shoes');
    await d.close();
  });

  it('gives up on a 404 at once, and after maxAttempts on a dead host; errors hide the secret path', async () => {
    receiver.handle((_req, res) => json(res, 404, {}));
    const gone = queueDelivery(`${receiver.baseUrl}${SECRET}`);
    const { d, errors } = deliverer({ maxAttempts: 2 });
    await d.deliverDue();
    expect(store.getWebhookDelivery(gone.deliveryId)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastStatus: 404,
    });
    expect(store.lastWebhookDeliveries().get(gone.monitorId)?.state).toBe('failed');

    // A port nobody listens on: connection refused, retried once, then failed.
    const dead = await startLoopback();
    const deadUrl = `${dead.baseUrl}${SECRET}`;
    await dead.close();
    const refused = queueDelivery(deadUrl);
    expect(await d.drain(10 * 60_000)).toBe(0);
    const final = store.getWebhookDelivery(refused.deliveryId);
    expect(final).toMatchObject({ state: 'failed', attempts: 2, lastStatus: null });
    expect(final?.lastError).toContain('127.0.0.1');
    for (const text of [final?.lastError ?? '', ...errors]) expect(text).not.toContain('s3cr3t');
    await d.close();
  });

  it('a bounded wait leaves what it cannot deliver pending for the next open', async () => {
    receiver.handle((_req, res) => json(res, 503, {}));
    const { deliveryId } = queueDelivery(`${receiver.baseUrl}${SECRET}`);
    const { d } = deliverer();
    // The first retry is 60 s away; a 10 s wait gives up with it pending.
    expect(await d.drain(10_000)).toBe(1);
    expect(store.getWebhookDelivery(deliveryId)).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: 503,
    });
    await d.close();
  });
});
