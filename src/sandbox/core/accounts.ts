import { randomBytes, randomUUID } from 'node:crypto';
import { PLAN_SLOTS, type PlanName } from '../../shared/api/engines';
import type { SandboxAccount } from '../types';

// Accounts of the sandbox: plan (concurrency slots), credit balance with a monthly billing
// cycle, API keys that can be created and revoked, and a per-account rate limit.

/** Credits included per monthly cycle (service facts §7, plans table). */
export const PLAN_CREDITS: Record<PlanName, number> = {
  Free: 500,
  Lite: 37_500,
  Hobby: 250_000,
  Starter: 650_000,
  Growth: 1_350_000,
  Business: 2_800_000,
  'Enterprise 2K': 5_871_025,
  'Enterprise 3K': 9_306_606,
  'Enterprise 4K': 12_756_261,
  'Enterprise 5K': 16_391_783,
};

const CYCLE_MS = 30 * 24 * 60 * 60 * 1000;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_PATTERN = /^sk_[A-Za-z0-9]{40}$/;

export function generateApiKey(): string {
  const bytes = randomBytes(40);
  let out = 'sk_';
  for (const b of bytes) out += KEY_ALPHABET[b % KEY_ALPHABET.length];
  return out;
}

export interface AccountState {
  id: string;
  plan: PlanName;
  credits: number;
  keys: Set<string>;
  rateLimit: number;
  /** Token bucket: one second's worth of burst, refilled continuously. */
  tokens: number;
  tokensAt: number;
  /** Slots in use: running sync calls plus PROCESSING tasks. */
  slotsUsed: number;
  cycleStart: number;
}

export function slotsOf(account: AccountState): number {
  return PLAN_SLOTS[account.plan];
}

export class AccountRegistry {
  private readonly byId = new Map<string, AccountState>();
  private readonly byKey = new Map<string, AccountState>();

  constructor(
    private readonly clock: () => number,
    private readonly defaultRateLimit: number,
  ) {}

  create(opts: { plan?: PlanName; credits?: number; rateLimit?: number } = {}): {
    account: AccountState;
    apiKey: string;
  } {
    const plan = opts.plan ?? 'Starter';
    if (!(plan in PLAN_SLOTS)) throw new Error(`unknown plan ${String(plan)}`);
    const rateLimit = opts.rateLimit ?? this.defaultRateLimit;
    const now = this.clock();
    const account: AccountState = {
      id: `acct_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      plan,
      credits: opts.credits ?? PLAN_CREDITS[plan],
      keys: new Set(),
      rateLimit,
      tokens: rateLimit,
      tokensAt: now,
      slotsUsed: 0,
      cycleStart: now,
    };
    this.byId.set(account.id, account);
    return { account, apiKey: this.createKey(account.id) };
  }

  get(id: string): AccountState {
    const account = this.byId.get(id);
    if (!account) throw new Error(`unknown account ${id}`);
    this.rollCycle(account);
    return account;
  }

  all(): AccountState[] {
    return [...this.byId.values()];
  }

  findByKey(key: string): AccountState | undefined {
    const account = this.byKey.get(key);
    if (account) this.rollCycle(account);
    return account;
  }

  createKey(accountId: string): string {
    const account = this.get(accountId);
    const key = generateApiKey();
    account.keys.add(key);
    this.byKey.set(key, account);
    return key;
  }

  revokeKey(key: string): void {
    const account = this.byKey.get(key);
    if (!account) return;
    account.keys.delete(key);
    this.byKey.delete(key);
  }

  setCredits(accountId: string, credits: number): void {
    this.get(accountId).credits = credits;
  }

  snapshot(accountId: string): SandboxAccount {
    const a = this.get(accountId);
    return { id: a.id, plan: a.plan, credits: a.credits, apiKeys: [...a.keys] };
  }

  /** Takes one request from the account's bucket; false when the window is spent. */
  takeToken(account: AccountState): boolean {
    this.refill(account);
    if (account.tokens < 1) return false;
    account.tokens -= 1;
    return true;
  }

  remainingTokens(account: AccountState): number {
    this.refill(account);
    return Math.max(0, Math.floor(account.tokens));
  }

  cycle(account: AccountState): { perCycle: number; cycleResetsAt: string } {
    this.rollCycle(account);
    return {
      perCycle: PLAN_CREDITS[account.plan],
      cycleResetsAt: new Date(account.cycleStart + CYCLE_MS).toISOString(),
    };
  }

  private refill(account: AccountState): void {
    const now = this.clock();
    const elapsed = Math.max(0, now - account.tokensAt);
    account.tokens = Math.min(account.rateLimit, account.tokens + (elapsed * account.rateLimit) / 1000);
    account.tokensAt = now;
  }

  /** A new billing cycle resets the balance to the plan's credits (no rollover). */
  private rollCycle(account: AccountState): void {
    const now = this.clock();
    if (now < account.cycleStart + CYCLE_MS) return;
    while (now >= account.cycleStart + CYCLE_MS) account.cycleStart += CYCLE_MS;
    account.credits = PLAN_CREDITS[account.plan];
  }
}
