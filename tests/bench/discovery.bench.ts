import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDiscoveryService } from '../../src/core/analysis/discovery';
import { openHistory } from '../../src/core/history';
import { createDiscoveryIndexer } from '../../src/core/history/discovery';
import {
  extractCandidates,
  originBit,
  type ExtractedCandidate,
} from '../../src/shared/analytics/discovery-extract';
import type { DiscoveryQuery } from '../../src/shared/analytics/discovery-types';
import { demoLikeResult, discoveryIngestCost } from './discovery-ingest';
import type { Bench } from './run-all';
import { BENCH_NOW, cachedHistory, migrateDiscoveryTables } from './visibility.bench';
import { rng } from './bench-random';

// Competitor discovery:
// - ingest cost per result with demo-like content (entities, shopping, ads, a Markdown list);
//   the same helper run on a checkout from before the discovery index gives the "before";
// - extraction alone per result;
// - the queue on the 1M-result bench history (visibility.bench's cached file, which gets
//   migration 004 applied in place, timed there): its answers carry no candidates, so a copy
//   gets synthetic ones through the real indexer (2-7 names per answer out of 3,000, Zipf-like,
//   every origin), then the queue for 30 and 90 days, with an engine and a location filter.
// Target: the queue ≤ 300 ms at p95 (the Visibility view's budget).

const TARGET_P95_MS = 300;
const NAME_POOL = 3000;

function percentiles(samples: number[]): { p50: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { p50: at(0.5), p95: at(0.95) };
}

function extractionCost(): number {
  const r = rng(3);
  const results = Array.from({ length: 5000 }, () => demoLikeResult(r, 'assistant-a'));
  const t = performance.now();
  for (const res of results) extractCandidates(res);
  return ((performance.now() - t) * 1000) / results.length;
}

/** Synthetic candidates for every answer of the copy, written by the real indexer; returns µs/answer. */
function seedCandidates(path: string): { answers: number; rows: number; usPerAnswer: number } {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const indexer = createDiscoveryIndexer(db);
    const r = rng(99);
    const origins = [
      originBit('entity'),
      originBit('merchant'),
      originBit('advertiser'),
      originBit('list-item'),
      originBit('entity') | originBit('list-item'),
    ];
    const seqs = db.prepare('SELECT seq FROM vis_result ORDER BY seq').pluck().all() as number[];
    let rows = 0;
    const t = performance.now();
    for (let at = 0; at < seqs.length; at += 2000) {
      db.transaction(() => {
        for (const seq of seqs.slice(at, at + 2000)) {
          const count = 2 + Math.floor(r() * 6);
          const picked = new Map<string, ExtractedCandidate>();
          for (let k = 0; k < count; k++) {
            const id = Math.floor(NAME_POOL * r() ** 3);
            const key = `name ${id}`;
            const form = r() < 0.1 ? `Name ${id} Inc.` : `Name ${id}`;
            picked.set(key, { key, form, origins: origins[Math.floor(r() * origins.length)] as number });
          }
          indexer.indexCandidates(seq, [...picked.values()]);
          rows += picked.size;
        }
        indexer.flush();
      }).immediate();
    }
    return { answers: seqs.length, rows, usPerAnswer: ((performance.now() - t) * 1000) / seqs.length };
  } finally {
    db.close();
  }
}

const bench: Bench = async () => {
  const ingest = Math.min(discoveryIngestCost(), discoveryIngestCost(), discoveryIngestCost());
  console.log(`ingest, demo-like results (discovery index included): ${ingest.toFixed(0)} µs CPU/result`);
  console.log(`candidate extraction alone: ${extractionCost().toFixed(1)} µs/result`);

  const { path: cached } = await cachedHistory();
  const dir = mkdtempSync(join(tmpdir(), 'parallax-discbench-'));
  let worst = 0;
  try {
    const copy = join(dir, 'copy.db');
    const t0 = performance.now();
    copyFileSync(cached, copy);
    console.log(`copied the 1M history in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    console.log(
      `migration 004 over the 1M answers (text and Markdown read, no candidates in them): ${migrateDiscoveryTables(copy).toFixed(1)} s`,
    );
    const seeded = seedCandidates(copy);
    console.log(
      `synthetic candidates: ${seeded.rows.toLocaleString('en')} names over ${seeded.answers.toLocaleString('en')} answers, ` +
        `written by the indexer at ${seeded.usPerAnswer.toFixed(1)} µs/answer`,
    );
    const store = openHistory({ path: copy, now: () => BENCH_NOW, integrityCheck: 'none' });
    try {
      const service = createDiscoveryService({ store, now: () => BENCH_NOW });
      const cases: Array<[string, DiscoveryQuery]> = [
        ['30 days', { period: { days: 30 }, limit: 50 }],
        ['90 days', { period: { days: 90 }, limit: 50 }],
        ['90 days, one engine', { period: { days: 90 }, engines: ['assistant-a'], limit: 50 }],
        ['30 days, one engine', { period: { days: 30 }, engines: ['assistant-a'], limit: 50 }],
        ['30 days, one location', { period: { days: 30 }, locations: ['DE'], limit: 50 }],
        ['90 days, one location', { period: { days: 90 }, locations: ['DE'], limit: 50 }],
        // The app's list: 500 names without examples and domains (its detail pane asks for them).
        ['90 days, 500 names (the app list)', { period: { days: 90 }, limit: 500, details: false }],
        ['30 days, 500 names (the app list)', { period: { days: 30 }, limit: 500, details: false }],
      ];
      for (const [label, query] of cases) {
        const samples: number[] = [];
        let total = 0;
        for (let i = 0; i < 12; i++) {
          const t = performance.now();
          total = service.queue(query).total;
          samples.push(performance.now() - t);
        }
        const { p50, p95 } = percentiles(samples.slice(2));
        worst = Math.max(worst, p95);
        console.log(`queue ${label}: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (${total} names)`);
      }
    } finally {
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`worst p95 ${worst.toFixed(0)} ms (target ≤ ${TARGET_P95_MS} ms)`);
  return { name: 'competitor discovery queue on 1M results', targetsMet: worst <= TARGET_P95_MS };
};

export default bench;
