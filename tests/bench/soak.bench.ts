import { runSoak, soakLines, soakProblems } from './soak-run';

// `npm run bench -- soak`: 10,000 synchronous jobs against `parallax sandbox` in
// a child process of its own (plan Enterprise 5K, 50–250 ms, 10 % mixed faults), the
// `parallax run` child SIGKILLed once 40 % are done, then `parallax resume`. Targets: 0
// results lost or duplicated, the history's credits (recorded with results + charged without
// a result, which the resume works out from the account balance for the answers the sandbox
// sent in the instant of the kill) equal to what the sandbox charged, no synchronous call
// sent again after it ran on the service. The same at 500 jobs runs in
// `npm test` (tests/integration/runs/soak.test.ts).

const JOBS = 10_000;

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const report = await runSoak({ jobs: JOBS, killAt: 0.4, latencyMs: '50-250' });
  for (const line of soakLines(report)) console.log(line);
  const problems = soakProblems(report);
  for (const p of problems) console.log(`MISSED: ${p}`);
  return {
    name: 'soak: 10,000 jobs, 10 % faults, SIGKILL + resume: nothing lost or duplicated, credits match, no sync call re-sent',
    targetsMet: problems.length === 0,
  };
}
