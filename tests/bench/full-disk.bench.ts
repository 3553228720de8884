import { fullDiskLines, fullDiskProblems, runFullDisk } from './full-disk-run';

// `npm run bench -- full-disk`: a history on a 64 MB tmpfs, filled to the last byte
// while a real `parallax run` stores its answers, then grown to 512 MB; once left to go on by
// itself, once paused with Ctrl-C while full and resumed after. Targets: nothing sent while the
// disk is full, every answer the sandbox charged for stored, credits recorded = credits taken.
// Mounting needs root: elsewhere it says so and is not counted. The same without a small disk
// (SQLite's max_page_count) runs in `npm test` (tests/integration/runs/full-disk.test.ts).

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const name =
    'full-disk soak on a tmpfs filled mid-run then grown: nothing sent while full, every charged answer stored, credits recorded = taken';
  if (process.getuid?.() !== 0) {
    console.log('not run: mounting a tmpfs needs root');
    return { name: `${name} (not run: needs root)`, targetsMet: true };
  }
  const problems: string[] = [];
  for (const scenario of ['waits', 'paused'] as const) {
    const report = await runFullDisk({ scenario, prompts: 30 });
    for (const line of fullDiskLines(report)) console.log(line);
    problems.push(...fullDiskProblems(report).map((p) => `${scenario}: ${p}`));
  }
  for (const p of problems) console.log(`MISSED: ${p}`);
  return { name, targetsMet: problems.length === 0 };
}
