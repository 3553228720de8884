import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTextDictionary, registerStoreFunctions, SOURCE_TEXTS } from '../../src/core/history/codec';
import { openHistory } from '../../src/core/history';
import { sourceTuple } from '../../src/core/history/answers';
import { rng } from './bench-random';
import { makeResult } from './store-answers';

// This thread's CPU a source for the ids of a first sync's source texts (text-dictionary.ts),
// page after page of the sync bench's answers (10 sources each, nearly all new) into a new
// history, as ingest asks for them. With a second dictionary module (`npx tsx
// tests/bench/text-ids-cpu.ts [pages] [other worktree]`) the two are alternated page by page
// in one process, each on a file of its own, so a busy machine affects both alike.

const PAGE = 4000;
const pages = Number(process.argv[2] ?? 10);
const otherRoot = process.argv[3];

type Make = typeof createTextDictionary;
const cpuMs = (): number => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'text-ids-'));
  const makers: Array<[string, Make]> = [['this', createTextDictionary]];
  if (otherRoot) {
    const other = (await import(join(otherRoot, 'src/core/history/codec/index.ts'))) as {
      createTextDictionary: Make;
    };
    makers.push(['other', other.createTextDictionary]);
  }
  const runs = makers.map(([name, make]) => {
    const path = join(folder, `${name}.db`);
    openHistory({ path }).close();
    const db = new Database(path);
    registerStoreFunctions(db);
    db.pragma('cache_size = -262144');
    return { name, db, texts: make(db, SOURCE_TEXTS), ms: 0, tuples: 0 };
  });
  const r = rng(11);
  try {
    for (let p = 0; p < pages; p++) {
      const tuples = Array.from({ length: PAGE }, () =>
        makeResult(r, 80).normalized.sources.map(sourceTuple),
      ).flat();
      for (const run of p % 2 === 0 ? runs : [...runs].reverse()) {
        const t0 = cpuMs();
        run.db.transaction(() => {
          run.texts.checkGeneration();
          run.texts.idsOf(tuples);
        })();
        run.ms += cpuMs() - t0;
        run.tuples += tuples.length;
      }
    }
    for (const run of runs)
      console.log(
        JSON.stringify({
          code: run.name,
          tuples: run.tuples,
          cpuPerTuple: `${((run.ms * 1000) / run.tuples).toFixed(2)} µs`,
        }),
      );
  } finally {
    for (const run of runs) run.db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
