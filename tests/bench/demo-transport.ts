import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoHistory } from '../../src/core/demo';
import { openHistory } from '../../src/core/history';

// `npx tsx tests/bench/demo-transport.ts [days] [rounds]`: the demo builder's CPU an answer
// with its sandbox reached in-process (the default, src/sandbox/http/in-process.ts) against
// loopback HTTP, paired: the two alternate in one process, so a busy machine slows both alike.

type Transport = 'in-process' | 'http';

async function buildOnce(days: number, transport: Transport): Promise<{ cpuMs: number; answers: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-demo-transport-'));
  const path = join(dir, 'parallax.db');
  try {
    const c0 = process.cpuUsage();
    const view = await buildDemoHistory({
      openStore: (now) => openHistory({ path, now }),
      days,
      variant: 'preview',
      transport,
    });
    const cpu = process.cpuUsage(c0);
    return { cpuMs: (cpu.user + cpu.system) / 1000, answers: view.results };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const days = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 3);
const perAnswer: Record<Transport, number[]> = { 'in-process': [], http: [] };
await buildOnce(1, 'http'); // warm-up: module loading and JIT are not the builder's cost
for (let round = 0; round < rounds; round++) {
  const order: Transport[] = round % 2 === 0 ? ['http', 'in-process'] : ['in-process', 'http'];
  for (const transport of order) {
    const { cpuMs, answers } = await buildOnce(days, transport);
    perAnswer[transport].push(cpuMs / answers);
    console.log(
      `${transport}: ${answers} answers, CPU ${cpuMs.toFixed(0)} ms, ${(cpuMs / answers).toFixed(3)} ms an answer`,
    );
  }
}
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const http = mean(perAnswer.http);
const inProcess = mean(perAnswer['in-process']);
console.log(
  `mean CPU an answer: http ${http.toFixed(3)} ms, in-process ${inProcess.toFixed(3)} ms (${((inProcess / http) * 100).toFixed(0)} %)`,
);
