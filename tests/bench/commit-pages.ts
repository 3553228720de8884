import type Database from 'better-sqlite3';
import { closeSync, fstatSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory, type HistoryStore, type IngestItem } from '../../src/core/history';
import { rng } from './bench-random';
import { COUNTRIES, createBigRun, makeResult } from './store-answers';

// What a large history's commits cost, and which tables and indexes they write. Stores N answers
// (default 300,000) into a new history as a first sync's ingest does (pages of 4,000 answers, one
// transaction each, with a large pull's settings: replica.widenForLargePull), on this thread and
// without a team server, and prints for each 100,000 the ingest time and CPU an answer and the
// bytes this process wrote an answer (WAL frames and checkpoints). Then it stores one more page
// with the checkpoints held back, reads the page numbers of the WAL's frames, and prints how many
// pages each table and index had written in that commit (SQLite's dbstat).
// Run with `flock /tmp/parallax-heavy.lock npx tsx tests/bench/commit-pages.ts [answers] [file]`;
// with a file of an earlier run (PARALLAX_BENCH_KEEP=1), it adds N answers to it.
// Unlike the sync bench, the answers' documents are packed here (no read-ahead thread) and no
// brand is tracked: ingest's own cost and the commits' pages are what it isolates.

const PAGE = 4_000;
const WINDOW = 100_000;
const CACHE_MIB = 256;

const cpuMs = (): number => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const bytesWritten = (): number => Number(/wchar: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))?.[1]);

/** A page of new answers, on runs of their own (1,000 jobs each). */
function pageOf(store: HistoryStore, r: () => number, seed: () => number): IngestItem[] {
  const jobs = [];
  while (jobs.length < PAGE)
    jobs.push(...createBigRun(store, 5, COUNTRIES, 10, seed(), ['assistant-a', 'assistant-b']));
  return jobs.slice(0, PAGE).map((job) => {
    const m = makeResult(r, 60 + Math.floor(r() * 200));
    return {
      jobId: job.id,
      raw: m.raw,
      normalized: { ...m.normalized, engine: job.engine },
      fetchedAt: Date.now(),
    };
  });
}

/** The WAL's frames by page number: how many times the commit wrote each page. */
function walPages(path: string, pageSize: number): Map<number, number> {
  const fd = openSync(`${path}-wal`, 'r');
  const frames = new Map<number, number>();
  const header = Buffer.alloc(24);
  try {
    const size = fstatSync(fd).size;
    for (let at = 32; at + 24 + pageSize <= size; at += 24 + pageSize) {
      readSync(fd, header, 0, 24, at);
      const page = header.readUInt32BE(0);
      frames.set(page, (frames.get(page) ?? 0) + 1);
    }
  } finally {
    closeSync(fd);
  }
  return frames;
}

/** One page stored with the checkpoints held back: the pages its commit wrote, by table and index. */
function onePageByTable(store: HistoryStore, db: Database.Database, path: string, items: IngestItem[]): void {
  db.pragma('wal_autocheckpoint = 0');
  db.pragma('wal_checkpoint(TRUNCATE)');
  store.ingestResults(items);
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const frames = walPages(path, pageSize);
  const owner = new Map<number, string>();
  const pages = new Map<string, number>();
  for (const [name, page] of db.prepare('SELECT name, pageno FROM dbstat').raw(true).iterate() as Iterable<
    [string, number]
  >) {
    owner.set(page, name);
    pages.set(name, (pages.get(name) ?? 0) + 1);
  }
  const written = new Map<string, number>();
  for (const page of frames.keys()) {
    const name = owner.get(page) ?? '(freed or new)';
    written.set(name, (written.get(name) ?? 0) + 1);
  }
  console.log(
    `one commit of ${PAGE} answers: ${frames.size} pages written (${((frames.size * pageSize) / 2 ** 20).toFixed(0)} MiB)`,
  );
  console.log('pages written  of the b-tree  table or index');
  for (const [name, n] of [...written].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`${String(n).padStart(13)}  ${String(pages.get(name) ?? 0).padStart(13)}  ${name}`);
}

function main(): void {
  const total = Number(process.argv[2] ?? 300_000);
  const path = process.argv[3] ?? join(tmpdir(), 'parallax-commit-pages.db');
  const adding = process.argv[3] !== undefined;
  if (!adding) for (const p of [path, `${path}-wal`, `${path}-shm`]) rmSync(p, { force: true });
  let db: Database.Database | undefined;
  const store = openHistory({ path, configure: (d) => (db = d) });
  if (!db) throw new Error('the history did not hand its connection over');
  const restore = store.replica.widenForLargePull(CACHE_MIB);
  const r = rng(adding ? Date.now() : 100);
  let seed = adding ? Date.now() : 1000;
  let stored = 0;
  let window = { ms: 0, cpu: 0, bytes: bytesWritten() };
  while (stored < total) {
    const items = pageOf(store, r, () => seed++);
    const t0 = performance.now();
    const c0 = cpuMs();
    store.ingestResults(items);
    window.ms += performance.now() - t0;
    window.cpu += cpuMs() - c0;
    stored += items.length;
    if (stored % WINDOW === 0 || stored >= total) {
      const n = stored % WINDOW || WINDOW;
      const bytes = bytesWritten();
      console.log(
        JSON.stringify({
          stored,
          ingestMsPerAnswer: +(window.ms / n).toFixed(3),
          ingestCpuMsPerAnswer: +(window.cpu / n).toFixed(3),
          writtenKbPerAnswer: +((bytes - window.bytes) / n / 1024).toFixed(1),
          fileMb: Math.round(statSync(path).size / 1e6),
        }),
      );
      window = { ms: 0, cpu: 0, bytes };
    }
  }
  onePageByTable(
    store,
    db,
    path,
    pageOf(store, r, () => seed++),
  );
  restore();
  store.close();
  if (!process.env['PARALLAX_BENCH_KEEP'])
    for (const p of [path, `${path}-wal`, `${path}-shm`]) rmSync(p, { force: true });
}

main();
