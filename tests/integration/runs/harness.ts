import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanName } from '../../../src/shared/api/engines';
import { runSpecSchema, type RunSpec, type RunSpecInput } from '../../../src/shared/domain/run-spec';
import { createApiClient, type ApiClient } from '../../../src/core/runs/api';
import { openHistory, type HistoryStore } from '../../../src/core/history';
import { createRunEngine, type RunEngine, type RunEngineDeps } from '../../../src/core/runs/engine';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox';
import { seedEmptyHistory } from '../../support/empty-history';

// A real sandbox over loopback HTTP, a real SQLite file in a temp folder, the real client
// and the real engine: what each run-engine test starts from.

export interface Harness {
  sandbox: RunningSandbox;
  store: HistoryStore;
  client: ApiClient;
  engine: RunEngine;
  dbPath: string;
  dir: string;
  close(): Promise<void>;
}

export const fastSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, Math.min(ms, 20));
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

export function spec(input: RunSpecInput): RunSpec {
  return runSpecSchema.parse(input);
}

export async function openHarness(opts: {
  sandbox?: SandboxOptions;
  plan?: PlanName;
  engine?: Partial<RunEngineDeps>;
  dir?: string;
}): Promise<Harness> {
  const sandbox = await startSandbox({ latencyMs: 5, seed: 7, ...opts.sandbox });
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'parallax-runs-'));
  const dbPath = join(dir, 'history.db');
  seedEmptyHistory(dbPath);
  const store = openHistory({ path: dbPath });
  const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, sleep: fastSleep });
  const engine = createRunEngine({
    store,
    client,
    now: Date.now,
    sleep: fastSleep,
    plan: () => opts.plan ?? opts.sandbox?.plan ?? 'Starter',
    pollIntervalMs: { min: 20, max: 100 },
    ...opts.engine,
  });
  return {
    sandbox,
    store,
    client,
    engine,
    dbPath,
    dir,
    async close() {
      await engine.close();
      store.close();
      await sandbox.close();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const META = { keyLabel: 'sandbox', sandbox: true, baseUrl: 'http://sandbox' };
