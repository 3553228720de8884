import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { openHistory, type HistoryStore } from '../../src/core/history';
import { demoHistoryCopy } from '../support/demo-history';
import type { Bench } from './run-all';

// `npm run bench -- brand-change`: what a tracked brand added to a history with answers costs the
// commerce numbers, on a copy of the tests' 31-day preview demo (9,920 answers, three quarters
// with products or ads; built once and kept, tests/support/demo-history.ts). A competitor
// named in the demo's products and answers is added to a fresh copy, then the Visibility's
// re-analysis and the commerce fill are run to their end in this process (CPU, user + system):
// once with every answer's attribution re-derived from its commerce rows, once on a copy whose
// rows are marked as a history upgraded from schema 46 has them (ad rows without the
// advertisers' names), which the fill reads back from each answer's raw result, as every brand
// change did before. Target: the re-derivation at most half the read-back's CPU.

const TARGET_RATIO = 0.5;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function addBrand(store: HistoryStore, name: string): { visMs: number; fillMs: number; answers: number } {
  let t = cpuMs();
  store.saveBrand({ name, kind: 'competitor', aliases: [], domains: [] });
  while (store.visReanalyseStep(500)?.finished === false);
  const visMs = cpuMs() - t;
  t = cpuMs();
  let answers = 0;
  while (store.commerceFillLeft() > 0) answers += store.fillCommerce(500).done;
  return { visMs, fillMs: cpuMs() - t, answers };
}

function asUpgradedFrom46(path: string): void {
  const db = new Database(path);
  db.prepare('UPDATE com_ad SET name = NULL').run();
  db.prepare('UPDATE com_answer SET ad_names = 0').run();
  db.close();
}

/** The fill's cost on a fresh copy of the demo, the copy prepared by `prepare` first. */
async function onCopy(prepare: (path: string) => void): Promise<ReturnType<typeof addBrand>> {
  const path = await demoHistoryCopy({ days: 31, variant: 'preview' });
  try {
    prepare(path);
    const store = openHistory({ path, now: Date.now });
    try {
      return addBrand(store, 'Trailhawk');
    } finally {
      store.close();
    }
  } finally {
    rmSync(dirname(path), { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const rows = await onCopy(() => undefined);
  const raw = await onCopy(asUpgradedFrom46);
  const ratio = rows.fillMs / raw.fillMs;
  for (const [how, r] of [
    ['re-derived from the rows', rows],
    ['read back from the raw results', raw],
  ] as const)
    console.log(
      `${how}: commerce fill ${r.fillMs.toFixed(0)} ms of CPU over ${r.answers} answers ` +
        `(the Visibility's re-analysis before it ${r.visMs.toFixed(0)} ms)`,
    );
  console.log(`ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO})`);
  return { name: 'commerce after a brand change (31-day demo)', targetsMet: ratio <= TARGET_RATIO };
};

export default bench;
