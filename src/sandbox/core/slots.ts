import { slotsOf, type AccountState } from './accounts';
import type { SandboxStats } from '../types';

// Concurrency slots: a sync monitor call holds one for its whole run, an async task only
// while PROCESSING. Both draw from the same per-account pool; the peak is recorded.

export class SlotPool {
  /** Called whenever a slot frees, so the async scheduler can start the next task. */
  onRelease: () => void = () => {};

  constructor(private readonly stats: () => SandboxStats) {}

  tryAcquire(account: AccountState): boolean {
    if (account.slotsUsed >= slotsOf(account)) return false;
    account.slotsUsed += 1;
    const stats = this.stats();
    const peak = stats.peakConcurrency[account.id] ?? 0;
    if (account.slotsUsed > peak) stats.peakConcurrency[account.id] = account.slotsUsed;
    return true;
  }

  release(account: AccountState): void {
    account.slotsUsed = Math.max(0, account.slotsUsed - 1);
    this.onRelease();
  }

  reject(): void {
    this.stats().concurrencyRejections += 1;
  }
}
