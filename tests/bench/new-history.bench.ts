import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, MIGRATIONS, openHistory, registerStoreFunctions } from '../../src/core/history';
import type { Bench } from './run-all';
import { percentile } from './timing';

// `npm run bench -- new-history`: what a new history file costs, in CPU of this process: its
// schema made from the schema baseline (src/core/history/schema/baseline.ts) against every
// migration replayed, alternated in rounds of FILES new files each; then openHistory and close
// on a new path and on the same file again. A first start, a new workspace and `--db` on a new
// path pay it; so does every test that makes a history. Target: a new file's schema ≤ 25 ms of
// CPU at the median of the rounds (docs/internals/storage.md has the figures).

const FILES = 30;
const ROUNDS = 3;
const TARGET_SCHEMA_MS = 25;

/** CPU ms (user + system) of `work`, per call, over FILES calls. */
function cpuPerCall(work: () => void): number {
  const start = process.cpuUsage();
  for (let i = 0; i < FILES; i++) work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / FILES;
}

const median = (xs: readonly number[]): number =>
  percentile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-new-history-'));
  let made = 0;
  const schemaOfNewFile = (baseline: 'baseline' | 'replay') => (): void => {
    const db = new Database(join(dir, `schema-${++made}.db`));
    registerStoreFunctions(db);
    applyMigrations(db, MIGRATIONS, baseline === 'replay' ? null : undefined);
    db.close();
  };
  try {
    const fromBaseline: number[] = [];
    const replayed: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      replayed.push(cpuPerCall(schemaOfNewFile('replay')));
      fromBaseline.push(cpuPerCall(schemaOfNewFile('baseline')));
    }
    const openNew = cpuPerCall(() => openHistory({ path: join(dir, `open-${++made}.db`) }).close());
    const again = join(dir, 'again.db');
    openHistory({ path: again }).close();
    const openAgain = cpuPerCall(() => openHistory({ path: again }).close());
    const schemaMs = median(fromBaseline);
    console.log(
      `a new file's schema, ${MIGRATIONS.length} migrations: from the baseline ${fromBaseline.map((x) => x.toFixed(1)).join(' / ')} ms, ` +
        `replayed ${replayed.map((x) => x.toFixed(1)).join(' / ')} ms of CPU (${ROUNDS} rounds of ${FILES} files; ` +
        `${(median(replayed) / schemaMs).toFixed(1)}x less at the median)`,
    );
    console.log(
      `openHistory + close: a new path ${openNew.toFixed(1)} ms, the same file again ${openAgain.toFixed(1)} ms of CPU`,
    );
    console.log(
      `target: a new file's schema ≤ ${TARGET_SCHEMA_MS} ms of CPU (median ${schemaMs.toFixed(1)} ms)`,
    );
    return { name: 'a new history file (schema baseline)', targetsMet: schemaMs <= TARGET_SCHEMA_MS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
