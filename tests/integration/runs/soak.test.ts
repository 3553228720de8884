import { describe, expect, it } from 'vitest';
import { runSoak, soakLines, soakProblems } from '../../bench/soak-run';

// The fault soak at CI size (tests/bench/soak.bench.ts runs 10,000 jobs): 500 synchronous
// jobs against `parallax sandbox` in its own child process with 10 % mixed faults (500, 502,
// 429, drop, slow, malformed), the `parallax run` child SIGKILLed mid-run, then `parallax
// resume`. Checked job by job against the sandbox's request log; no timing is asserted.

describe('fault soak (500 jobs)', () => {
  it('SIGKILL mid-run then resume: nothing lost or duplicated, credits match the sandbox, no sync call sent again after it ran', async () => {
    const report = await runSoak({ jobs: 500, killAt: 0.4, latencyMs: '50-250' });
    console.log(soakLines(report).join('\n'));
    expect(soakProblems(report)).toEqual([]);
    expect(report.unfinished).toBe(0);
    expect(report.doneAtKill).toBeLessThan(500);
    // The faults did happen, and each kind left its mark in the history.
    expect(Object.keys(report.faults).sort()).toEqual(['429', '500', '502', 'drop', 'malformed', 'slow']);
    expect(report.states.failed).toBeGreaterThan(0);
    expect(report.states.interrupted).toBeGreaterThan(0);
    expect(report.states.succeeded).toBeGreaterThan(0);
    expect(report.results).toBe(report.states.succeeded);
  }, 300_000);
});
