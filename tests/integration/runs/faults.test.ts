import { afterEach, describe, expect, it } from 'vitest';
import { openHarness, spec, META, type Harness } from './harness';

// Each fault is scripted for exactly one request; the sandbox counts what it saw, so these
// check the spec's retry rules end to end: sync 500/502/drop are final (may have been
// charged, the server already retried), 429 is retried, async creation and polling retry 5xx.

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

const MONITOR = 'POST /v1/monitor/assistant-a';
const oneJob = spec({ prompts: ['one prompt'], engines: ['assistant-a'], countries: ['US'] });

describe('faults during runs', () => {
  it.each(['500', '502'] as const)(
    'a sync %s is final: one request, the job failed with code and request id',
    async (fault) => {
      h = await openHarness({});
      h.sandbox.scriptFault({ path: '/v1/monitor/assistant-a', fault });
      const { runId } = await h.engine.start(oneJob, META);
      const end = await h.engine.wait(runId);
      expect(h.sandbox.stats().requests[MONITOR]).toBe(1);
      expect(end.counts.failed).toBe(1);
      expect(end.status).toBe('failed');
      const [job] = h.store.listJobs(runId);
      expect(job?.httpStatus).toBe(Number(fault));
      expect(job?.errorCode).toBe(fault === '500' ? 'INTERNAL_SERVER_ERROR' : 'EXTERNAL_SERVICE_ERROR');
      expect(job?.requestId).toBeTruthy();
      expect(end.recentErrors[0]?.requestId).toBe(job?.requestId);
    },
  );

  it('a sync 429 is retried and the job succeeds: two requests', async () => {
    h = await openHarness({});
    h.sandbox.scriptFault({ path: '/v1/monitor/assistant-a', fault: '429' });
    const { runId } = await h.engine.start(oneJob, META);
    const end = await h.engine.wait(runId);
    expect(h.sandbox.stats().requests[MONITOR]).toBe(2);
    expect(end.counts.succeeded).toBe(1);
  });

  it('a dropped sync connection is not re-sent: the job is interrupted (may have been charged)', async () => {
    h = await openHarness({});
    h.sandbox.scriptFault({ path: '/v1/monitor/assistant-a', fault: 'drop' });
    const { runId } = await h.engine.start(oneJob, META);
    const end = await h.engine.wait(runId);
    expect(h.sandbox.stats().requests[MONITOR]).toBe(1);
    expect(end.counts.interrupted).toBe(1);
    const [job] = h.store.listJobs(runId);
    expect(job?.errorMessage).toContain('may have been charged');

    // Re-run only on request: a second request, and now it succeeds.
    await h.engine.rerunInterrupted(runId);
    const again = await h.engine.wait(runId);
    expect(again.counts.succeeded).toBe(1);
    expect(h.sandbox.stats().requests[MONITOR]).toBe(2);
  });

  it('async: a 500 on batch creation and on polling is retried, no twin task is created', async () => {
    h = await openHarness({});
    h.sandbox.scriptFault({ path: '/v1/async/task/batch', fault: '500' });
    h.sandbox.scriptFault({ path: '/v1/async/task/:id', method: 'GET', fault: '502' });
    h.sandbox.scriptFault({ path: '/v1/async/task/:id', method: 'GET', fault: 'drop' });
    const s = spec({ prompts: ['a', 'b', 'c'], engines: ['assistant-a'], countries: ['US'], mode: 'async' });
    const { runId } = await h.engine.start(s, META);
    const end = await h.engine.wait(runId);
    const stats = h.sandbox.stats();
    expect(end.counts.succeeded).toBe(3);
    expect(stats.requests['POST /v1/async/task/batch']).toBe(2);
    expect(stats.tasksCreated).toBe(3);
    expect(stats.faultsInjected['502']).toBe(1);
    expect(stats.faultsInjected.drop).toBe(1);
    expect(new Set(h.store.getRunMatrix(runId).map((c) => c.resultId)).size).toBe(3);
  });

  it('a revoked key pauses the run and keeps every job (none failed, the rest pending)', async () => {
    let revoked = '';
    let succeeded = 0;
    // The key is revoked the moment the first job is reported succeeded (its result is
    // committed by then), not after polling the progress: with one slot (Free), at most the
    // next job's call can be on its way, so at least two jobs are left to be stopped.
    const harness = await openHarness({
      sandbox: { latencyMs: 20 },
      plan: 'Free',
      engine: {
        onKeyRevoked: (m) => (revoked = m),
        onJob: (e) => {
          if (e.state !== 'succeeded' || ++succeeded !== 1) return;
          harness.sandbox.revokeKey(harness.sandbox.apiKey);
        },
      },
    });
    h = harness;
    const s = spec({ prompts: ['a', 'b', 'c', 'd'], engines: ['assistant-a'], countries: ['US'] });
    const { runId } = await h.engine.start(s, META);
    const paused = await h.engine.wait(runId);
    expect(succeeded).toBeGreaterThanOrEqual(1);
    expect(paused.status).toBe('paused');
    expect(revoked).toMatch(/key/i);
    expect(paused.counts.failed).toBe(0);
    expect(paused.counts.pending).toBeGreaterThan(0);
    expect(paused.counts.succeeded + paused.counts.pending).toBe(4);
  });
});
