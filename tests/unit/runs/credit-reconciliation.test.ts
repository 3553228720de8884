import { describe, expect, it } from 'vitest';
import { reconcileCredits, type ReconcileInput } from '../../../src/core/runs/engine/credit-reconciliation';

// What the account balance says about a session cut mid-call: the rule alone (the real CLI
// killed against the sandbox is in tests/integration/runs/credit-reconciliation.test.ts).

const base: ReconcileInput = {
  session: { startedAt: 1_000, balanceStart: 10_000, recordedStart: 200 },
  balanceNow: 9_000,
  recordedNow: 1_150,
  interruptedJobs: 4,
  overlapping: 0,
  serviceGone: false,
};

describe('reconcileCredits', () => {
  it('balance moved 1,000, 950 recorded with results: 50 charged without a result', () => {
    expect(reconcileCredits(base)).toMatchObject({
      state: 'attributed',
      unreceivedCredits: 50,
      interruptedJobs: 4,
    });
  });

  it('every charge recorded: 0, still attributed', () => {
    expect(reconcileCredits({ ...base, recordedNow: 1_200 })).toMatchObject({
      state: 'attributed',
      unreceivedCredits: 0,
    });
  });

  it.each([
    ['another run overlapped', { overlapping: 2 }, /2 session\(s\) of other runs/],
    ['the balance went up (top-up)', { balanceNow: 50_000 }, /went up/],
    ['fewer credits moved than recorded (a top-up inside the window)', { balanceNow: 9_500 }, /went up/],
    ['the balance could not be read now', { balanceNow: null }, /could not be read/],
    [
      'no balance at the cut session start',
      { session: { ...base.session, balanceStart: null } },
      /could not be read/,
    ],
    ['the sandbox died with its process', { serviceGone: true }, /built-in sandbox/],
  ] as const)('%s: not attributable, no number', (_name, over, note) => {
    const out = reconcileCredits({ ...base, ...over });
    expect(out.state).toBe('not-attributable');
    expect(out.unreceivedCredits).toBeNull();
    expect(out.note).toMatch(note);
  });
});
