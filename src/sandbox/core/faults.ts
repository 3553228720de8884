import { createRng, type Rng } from './prng';
import type { FaultKind, FaultRates, ScriptedFault } from '../types';

// Fault injection: scripted faults (exact, for retry tests) are taken first, then random
// ones drawn from the configured rates with a seeded generator (repeatable runs).

export interface Fault {
  kind: FaultKind;
  slowMs: number;
}

interface ScriptEntry {
  fault: ScriptedFault;
  left: number;
}

const DEFAULT_SLOW_MS = 2000;
const RANDOM_KINDS = ['500', '502', '429', 'drop', 'slow', 'malformed', 'refusal', 'invalid-json'] as const;

export class FaultInjector {
  private rates: FaultRates = {};
  private readonly scripted: ScriptEntry[] = [];
  private readonly rng: Rng;

  constructor(seed: number, rates?: FaultRates) {
    this.rng = createRng(seed ^ 0x5eed_fa17);
    if (rates) this.setRates(rates);
  }

  setRates(rates: FaultRates): void {
    for (const kind of RANDOM_KINDS) {
      const r = rates[kind];
      if (r !== undefined && (!Number.isFinite(r) || r < 0 || r > 1)) {
        throw new Error(`fault rate ${kind} must be between 0 and 1`);
      }
    }
    this.rates = { ...rates };
  }

  script(fault: ScriptedFault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1)
      throw new Error('scripted fault times must be a positive integer');
    this.scripted.push({ fault, left: times });
  }

  /**
   * The fault for one HTTP request (method + concrete path + route template) or, with method
   * 'TASK', for one execution attempt of an async task (path = the engine's monitor path).
   * `allowed` limits random faults to the kinds that make sense at that point.
   */
  take(method: string, path: string, template: string, allowed: readonly FaultKind[]): Fault | null {
    const scripted = this.takeScripted(method, path, template);
    if (scripted) return scripted;
    return this.drawRandom(allowed);
  }

  private takeScripted(method: string, path: string, template: string): Fault | null {
    const i = this.scripted.findIndex(({ fault }) => matches(fault, method, path, template));
    if (i < 0) return null;
    const entry = this.scripted[i] as ScriptEntry;
    entry.left -= 1;
    if (entry.left <= 0) this.scripted.splice(i, 1);
    return { kind: entry.fault.fault, slowMs: entry.fault.slowMs ?? this.rates.slowMs ?? DEFAULT_SLOW_MS };
  }

  private drawRandom(allowed: readonly FaultKind[]): Fault | null {
    let total = 0;
    for (const kind of RANDOM_KINDS) total += this.rates[kind] ?? 0;
    if (total === 0) return null;
    let draw = this.rng.next();
    for (const kind of RANDOM_KINDS) {
      const r = this.rates[kind] ?? 0;
      if (draw < r) {
        return allowed.includes(kind) ? { kind, slowMs: this.rates.slowMs ?? DEFAULT_SLOW_MS } : null;
      }
      draw -= r;
    }
    return null;
  }
}

function matches(f: ScriptedFault, method: string, path: string, template: string): boolean {
  const wantMethod = f.method?.toUpperCase();
  // A fault without a method hits HTTP requests only; task attempts need method 'TASK'.
  if (wantMethod === undefined ? method === 'TASK' : wantMethod !== method) return false;
  if (f.path === undefined) return true;
  if (typeof f.path === 'string') return f.path === path || f.path === template;
  f.path.lastIndex = 0;
  return f.path.test(path);
}
