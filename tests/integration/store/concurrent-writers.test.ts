import { describe, expect, it } from 'vitest';
import { runStress, stressLines, stressProblems } from '../../bench/concurrent-writers-run';

// The concurrency stress at CI size (`npm run bench -- concurrent` runs 200 trials of 2 to 8
// processes; here four: the most processes and the fewest, each on a new and an existing file,
// 20 processes in all): real `parallax run`
// child processes started at the same instant on one new or existing history file, against
// the sandbox over loopback HTTP. Every run a process reports as completed is in the file with
// all its answers, every answer the sandbox served is stored, and no process fails at open.
// What it guards: a process's read-only look at the file must not delete the -wal and -shm
// the others have just created (a run's answers would go to an orphaned WAL), and a process that
// waited for the migration lock must not run the migrations again ("table meta already exists").

describe('several processes on one history file at once', () => {
  it('8 and 2 `parallax run` processes started together, on a new and an existing file: no run, answer or process lost', async () => {
    const report = await runStress({ trials: 4, maxProcesses: 8, processCounts: [8, 8, 2, 2] });
    console.log(stressLines(report).join('\n'));
    expect(stressProblems(report)).toEqual([]);
    expect(report.servedAnswers).toBeGreaterThan(0);
    expect(report.storedAnswers).toBe(report.servedAnswers);
  }, 300_000);
});
