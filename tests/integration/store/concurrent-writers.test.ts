import { describe, expect, it } from 'vitest';
import { runStress, stressLines, stressProblems } from '../../bench/concurrent-writers-run';

// Issue 31.1 at CI size (`npm run bench -- concurrent` runs 200 trials): real `parallax run`
// child processes started at the same instant on one new or existing history file, against
// the sandbox over loopback HTTP. Every run a process reports as completed is in the file with
// all its answers, every answer the sandbox served is stored, and no process fails at open.
// Before the fix, the first process's read-only look at the file deleted the -wal and -shm the
// others had just created (a run's answers went to an orphaned WAL), and a process that waited
// for the migration lock ran the migrations again ("table meta already exists").

describe('several processes on one history file at once', () => {
  it('10 trials of 2-8 `parallax run` processes started together: no run, answer or process lost', async () => {
    const report = await runStress({ trials: 10, maxProcesses: 8 });
    console.log(stressLines(report).join('\n'));
    expect(stressProblems(report)).toEqual([]);
    expect(report.servedAnswers).toBeGreaterThan(0);
    expect(report.storedAnswers).toBe(report.servedAnswers);
  }, 300_000);
});
