import type { SandboxStats } from '../types';

// What the sandbox saw, so tests and benchmarks can assert on it.

export function emptyStats(): SandboxStats {
  return {
    requests: {},
    responses: {},
    peakConcurrency: {},
    concurrencyRejections: 0,
    rateLimitRejections: 0,
    creditsCharged: {},
    monitorCalls: 0,
    tasksCreated: 0,
    tasksCompleted: 0,
    tasksFailed: 0,
    canceled: 0,
    faultsInjected: {},
    webhooksDelivered: 0,
    webhooksFailed: 0,
  };
}

export function bump(record: Record<string, number>, key: string, by = 1): void {
  record[key] = (record[key] ?? 0) + by;
}

/** Deep copy, so callers can keep a snapshot while the server keeps counting. */
export function copyStats(stats: SandboxStats): SandboxStats {
  return structuredClone(stats);
}
