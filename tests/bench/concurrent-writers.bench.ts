import { runStress, stressLines, stressProblems } from './concurrent-writers-run';

// `npm run bench -- concurrent`: 200 trials of 2 to 8 real `parallax run` child
// processes started at the same instant on one history file, new and existing files in turn,
// against one sandbox over loopback HTTP. Targets: 0 runs lost, 0 answers lost (every answer the
// sandbox served found in the file), no process failing. The CI-size version (10 trials) runs in
// `npm test` (tests/integration/store/concurrent-writers.test.ts).

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const report = await runStress({ trials: 200, maxProcesses: 8 });
  for (const line of stressLines(report)) console.log(line);
  const problems = stressProblems(report);
  for (const p of problems) console.log(`MISSED: ${p}`);
  return {
    name: 'concurrency stress: 200 trials of 2-8 processes on one file: 0 runs lost, 0 answers lost',
    targetsMet: problems.length === 0,
  };
}
