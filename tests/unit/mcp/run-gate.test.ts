import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/platform/errors/app-error';
import { assistantCap, cappedSpec, createEstimateTokens } from '../../../src/core/mcp';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import type { RunEstimateView } from '../../../src/shared/ipc/channels/runs';

// The rules an assistant's run keeps to: a budget cap on the paid service (its own, else the
// app's per-run cap; none: refused), never on the sandbox; and an estimate token that starts
// the run it priced, once, within its time.

const spec = runSpecSchema.parse({
  prompts: ['best running shoes'],
  engines: ['assistant-a'],
  countries: ['US'],
});
const estimate: RunEstimateView = {
  jobs: 1,
  maxCredits: 12,
  balance: null,
  balanceAfter: null,
  budget: null,
  blockers: [],
  fieldErrors: [],
  unavailableEngines: [],
};

describe('assistantCap', () => {
  const off = { mcpRunsEnabled: true, mcpBudgetCap: null, budgetCap: null };
  it('never caps the sandbox, even without any cap set', () => {
    expect(assistantCap(off, true)).toEqual({ cap: null, refusal: null });
    expect(assistantCap({ ...off, mcpBudgetCap: 5 }, true)).toEqual({ cap: null, refusal: null });
  });
  it('refuses the paid service without a cap, and prefers the assistant cap over the per-run cap', () => {
    expect(assistantCap(off, false).refusal).toContain('need a budget cap');
    expect(assistantCap({ ...off, budgetCap: 100 }, false)).toEqual({ cap: 100, refusal: null });
    expect(assistantCap({ ...off, budgetCap: 100, mcpBudgetCap: 30 }, false)).toEqual({
      cap: 30,
      refusal: null,
    });
  });
});

describe('cappedSpec', () => {
  it("lowers the spec's budget to the cap, keeping a lower budget of its own", () => {
    expect(cappedSpec(spec, null)).toBe(spec);
    expect(cappedSpec(spec, 40).budget).toBe(40);
    expect(cappedSpec({ ...spec, budget: 10 }, 40).budget).toBe(10);
    expect(cappedSpec({ ...spec, budget: 90 }, 40).budget).toBe(40);
  });
});

describe('estimate tokens', () => {
  it('give back the priced run once, and refuse a guessed or reused token', () => {
    let n = 0;
    const tokens = createEstimateTokens(
      () => 1_000,
      () => `token-${++n}`,
    );
    const { token, expiresAt } = tokens.issue({ spec, estimate, sandbox: false });
    expect(token).toBe('token-1');
    expect(expiresAt).toBe(1_000 + 10 * 60_000);
    expect(() => tokens.take('token-2')).toThrow(AppError);
    expect(tokens.take(token)).toEqual({ spec, estimate, sandbox: false, expiresAt });
    expect(() => tokens.take(token)).toThrow(/already used/);
  });
  it('expire after their time', () => {
    let now = 0;
    const tokens = createEstimateTokens(() => now, undefined, 1_000);
    const first = tokens.issue({ spec, estimate, sandbox: true }).token;
    const second = tokens.issue({ spec, estimate, sandbox: true }).token;
    expect(first).not.toBe(second);
    now = 999;
    expect(tokens.take(first).sandbox).toBe(true);
    now = 1_000;
    expect(() => tokens.take(second)).toThrow(/has expired/);
  });
});
