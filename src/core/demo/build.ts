import type { DemoBuildView } from '../../shared/ipc/channels/demo';
import type { MonitorView } from '../../shared/ipc/channels/library';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox';
import { builtinProfile } from '../../shared/profile/builtin';
import { createApiClient, createMonitorScheduler, createRunEngine, type RunEngine } from '../runs';
import type { HistoryStore } from '../history';
import { createDemoClock, DAY_MS, demoDays, RUN_HOUR_MS } from './clock';
import {
  DEMO_MONITORS,
  DEMO_PLAN,
  DEMO_SEED,
  demoBrands,
  demoCommerceEvents,
  demoSpec,
  type DemoBrand,
  type DemoVariant,
} from './plan';
import { demoFactSheet } from './facts';
import { readDemoRecord, writeDemoRecord, type DemoRecord } from './record';

// Builds the demo history through the real run engine, against an in-process sandbox, with a
// clock that walks the past N days: each day at 06:00 UTC (a few minutes apart) every demo
// monitor runs once and the build waits for its run to finish. Everything is labelled: runs
// are sandbox runs tagged 'demo', monitors are named "Demo · …" and the meta record lists what
// was created, so one call deletes it all. The monitors are saved disabled: they exist to
// explain where the runs came from and must never start by themselves against a real key.

export interface DemoProgress {
  phase: 'building' | 'done' | 'canceled' | 'failed';
  /** Days built so far. */
  day: number;
  days: number;
  runs: number;
  results: number;
  message: string | null;
}

export interface BuildDemoOptions {
  /** Opens the history file with the given clock for every stored timestamp (the demo's). */
  openStore: (now: () => number) => HistoryStore;
  days: number;
  /** 'preview': every engine through the "Preview: all engines" profile (default 'spec'). */
  variant?: DemoVariant;
  /** The real clock (which days are "the past N days"); default Date.now. */
  now?: () => number;
  signal?: AbortSignal;
  onProgress?: (p: DemoProgress) => void;
  /**
   * How the run engine reaches the sandbox: 'in-process' (default) calls its request pipeline
   * directly (src/sandbox/http/in-process.ts: about an eighth less CPU an answer); 'http' over
   * loopback HTTP, as any other client of the sandbox (tests prove both give one history).
   */
  transport?: 'in-process' | 'http';
  /** Test seam: how the sandbox is started. */
  startSandbox?: (options: SandboxOptions) => Promise<RunningSandbox>;
}

/** The build was refused before anything was written (a demo is already there, a name clash…). */
export class DemoRefusedError extends Error {
  override readonly name = 'DemoRefusedError';
}

const MONITOR_GAP_MS = 5 * 60_000;
const MAX_DAYS = 365;

export async function buildDemoHistory(opts: BuildDemoOptions): Promise<DemoBuildView> {
  if (!Number.isInteger(opts.days) || opts.days < 1 || opts.days > MAX_DAYS)
    throw new DemoRefusedError(`--days must be a whole number from 1 to ${MAX_DAYS}, got ${opts.days}`);
  const realNow = opts.now ?? Date.now;
  const variant = opts.variant ?? 'spec';
  const started = realNow();
  const days = demoDays(started, opts.days);
  const clock = createDemoClock((days[0] as number) + RUN_HOUR_MS - 3_600_000, realNow);
  const store = opts.openStore(clock.now);
  let sandbox: RunningSandbox | null = null;
  let engine: RunEngine | null = null;
  let record: DemoRecord | null = null;
  let runs = 0;
  let results = 0;
  let built = 0;
  const report = (phase: DemoProgress['phase'], message: string | null): void =>
    opts.onProgress?.({ phase, day: built, days: days.length, runs, results, message });
  try {
    refuseIfPresent(store);
    const brands = demoBrands();
    refuseNameClashes(store, brands);
    record = {
      version: 1,
      status: 'building',
      days: days.length,
      firstDay: days[0] as number,
      lastDay: days[days.length - 1] as number,
      startedAt: started,
      builtAt: null,
      monitorIds: [],
      brandIds: [],
      runIds: [],
      variant,
    };
    writeDemoRecord(store, record);
    // Brands and their fact sheets first: every result is then analysed and checked once, at ingest.
    for (const b of brands) {
      const saved = store.saveBrand(b);
      record.brandIds.push(saved.id);
      const facts = demoFactSheet(b.name, Math.floor(record.lastDay / DAY_MS));
      if (facts.length > 0) store.setBrandFacts(saved.id, facts);
      writeDemoRecord(store, record);
    }

    sandbox = await (opts.startSandbox ?? startSandbox)({
      // The engines as the spec lists them, as in the app's sandbox: the demo's monitors must
      // run there too (an engine the spec has as coming soon answers 404). The preview serves
      // every engine, as the app's sandbox does under the preview profile.
      available: variant === 'preview' ? 'all' : 'spec',
      latencyMs: 0,
      plan: DEMO_PLAN,
      credits: 1_000_000_000,
      rateLimit: 1_000_000,
      seed: DEMO_SEED,
      clock: clock.now,
      commerceEvents: demoCommerceEvents(Math.floor(record.lastDay / DAY_MS)),
    });
    const baseUrl = sandbox.baseUrl;
    const client = createApiClient({
      baseUrl,
      apiKey: sandbox.apiKey,
      ...(opts.transport === 'http' ? {} : { fetch: sandbox.fetch }),
      ...(variant === 'preview' ? { profile: builtinProfile('preview').profile } : {}),
    });
    const runEngine = createRunEngine({
      store,
      client,
      now: clock.now,
      plan: () => DEMO_PLAN,
      progressIntervalMs: 60_000,
    });
    engine = runEngine;
    const scheduler = createMonitorScheduler({
      store,
      engine: runEngine,
      now: clock.now,
      runMeta: () => ({ keyLabel: 'sandbox', sandbox: true, baseUrl }),
    });
    const monitors: MonitorView[] = [];
    for (const m of DEMO_MONITORS) {
      const saved = scheduler.add({
        name: m.name,
        spec: demoSpec(m, variant),
        cadence: 'daily',
        enabled: false,
      });
      monitors.push(saved);
      record.monitorIds.push(saved.id);
      writeDemoRecord(store, record);
    }
    report('building', null);

    for (const day of days) {
      if (opts.signal?.aborted) break;
      for (const [i, monitor] of monitors.entries()) {
        if (opts.signal?.aborted) break;
        clock.set(day + RUN_HOUR_MS + i * MONITOR_GAP_MS);
        const outcome = await scheduler.runNow(monitor.id);
        if (!outcome.runId) throw new Error(`${monitor.name} did not start: ${outcome.error ?? 'unknown'}`);
        const runId = outcome.runId;
        record.runIds.push(runId);
        writeDemoRecord(store, record);
        const cancel = (): void => void runEngine.cancel(runId, { clearQueue: false }).catch(() => {});
        opts.signal?.addEventListener('abort', cancel, { once: true });
        try {
          let end = await runEngine.wait(runId);
          // A run left paused would be resumed at the next start against a sandbox long gone.
          if (end.status === 'paused') end = await runEngine.cancel(runId, { clearQueue: false });
          runs += 1;
          results += end.counts.succeeded;
        } finally {
          opts.signal?.removeEventListener('abort', cancel);
        }
      }
      if (opts.signal?.aborted) break;
      built += 1;
      report('building', new Date(day).toISOString().slice(0, 10));
    }
    const canceled = opts.signal?.aborted === true;
    record.status = canceled ? 'canceled' : 'built';
    record.builtAt = realNow();
    writeDemoRecord(store, record);
    report(canceled ? 'canceled' : 'done', null);
    return {
      days: built,
      monitors: record.monitorIds.length,
      runs,
      results,
      brands: record.brandIds.length,
      elapsedMs: realNow() - started,
      canceled,
      variant,
    };
  } catch (error) {
    if (record) {
      record.status = 'failed';
      writeDemoRecord(store, record);
    }
    report('failed', error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    try {
      await engine?.close();
    } finally {
      store.close();
      await sandbox?.close();
    }
  }
}

function refuseIfPresent(store: HistoryStore): void {
  const existing = readDemoRecord(store);
  if (!existing) return;
  const what = existing.status === 'building' ? 'being built (or was interrupted)' : existing.status;
  throw new DemoRefusedError(
    `This history already has a demo (${what}, ${existing.runIds.length} runs): delete it first ` +
      '(`parallax demo --delete`, or Delete the demo history in Settings).',
  );
}

function refuseNameClashes(store: HistoryStore, brands: readonly DemoBrand[]): void {
  const taken = new Set(store.listBrands().map((b) => b.name.toLowerCase()));
  const clashes = brands.filter((b) => taken.has(b.name.toLowerCase())).map((b) => b.name);
  if (clashes.length > 0)
    throw new DemoRefusedError(
      `The demo defines the brands ${clashes.join(', ')}, which this history already has; ` +
        'rename or delete them first, or build the demo into another file (--db PATH).',
    );
}
