import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openHistory, type HistoryStore, type IngestItem, type JobRecord } from '../../src/main/store';
import type { NormalizedResult, NormalizedSource } from '../../src/shared/domain/result';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import type { Bench } from './run-all';
import { rng } from './bench-random';

// Store benchmarks (issue 5). Figures are printed; targets decide targetsMet:
//   ingest 10,000 results of ~5 KB with 10 sources each   < 3 s
//   FTS query over 100,000 answers                         < 50 ms at p95
//   open a 100,000-result database + first page of runs   < 100 ms
// The ingest is compared with the same rows written by raw prepared inserts in one transaction.

const TARGET_INGEST_MS = 3000;
const TARGET_FTS_P95_MS = 50;
const TARGET_OPEN_MS = 100;

// A multilingual vocabulary; words are drawn with a Zipf-like skew so some are common, most rare.
const BASE = (
  'the best running shoes for beginners are light cushioned and durable comfort price brand review ' +
  'die besten laufschuhe für anfänger sind leicht gedämpft und langlebig preis marke bewertung ' +
  'les meilleures chaussures de course pour débutants sont légères amorties et durables prix marque avis ' +
  'las mejores zapatillas para correr principiantes son ligeras amortiguadas duraderas precio marca reseña ' +
  'ランニング シューズ 初心者 おすすめ 軽量 クッション 耐久性 価格 ブランド 東京 大阪 ' +
  'nike hoka adidas asics brooks saucony newbalance puma on salomon mizuno altra ' +
  'laptop notebook smartphone coffee espresso café hotel flight insurance bank credit mortgage ' +
  'vitamin protein skincare sunscreen mattress vacuum blender headphones camera drone bicycle'
).split(/\s+/);
const VOCAB: string[] = [...BASE];
const syllables = [
  'ka',
  'lo',
  'mi',
  'ter',
  'ran',
  'vé',
  'sch',
  'ün',
  'ço',
  'dor',
  'pli',
  'gra',
  'zen',
  'tu',
  'ño',
];
const gen = rng(7);
while (VOCAB.length < 5000) {
  let w = '';
  const n = 2 + Math.floor(gen() * 3);
  for (let i = 0; i < n; i++) w += syllables[Math.floor(gen() * syllables.length)];
  VOCAB.push(w);
}

function word(r: () => number): string {
  // Zipf-ish: index ~ N^(u^2)
  const idx = Math.floor(Math.pow(VOCAB.length, r() * r())) - 1;
  return VOCAB[Math.max(0, Math.min(VOCAB.length - 1, idx))]!;
}

function sentence(r: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(word(r));
  const s = out.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

const DOMAINS = Array.from({ length: 400 }, (_, i) => `site${i}.${['com', 'de', 'fr', 'jp', 'es'][i % 5]}`);

function makeResult(r: () => number, answerWords: number): { normalized: NormalizedResult; raw: string } {
  const paragraphs: string[] = [];
  let total = 0;
  while (total < answerWords) {
    const n = 8 + Math.floor(r() * 14);
    paragraphs.push(sentence(r, n));
    total += n;
  }
  const text = paragraphs.join(' ');
  const sources: NormalizedSource[] = Array.from({ length: 10 }, (_, i) => {
    const domain = DOMAINS[Math.floor(Math.pow(DOMAINS.length, r()) - 1)]!;
    return {
      position: i + 1,
      kind: i < 7 ? 'cited' : 'citation-pill',
      url: `https://${domain}/${word(r)}/${Math.floor(r() * 1e6)}`,
      domain,
      title: sentence(r, 6),
      snippet: sentence(r, 12),
      redirectLink: null,
      datePublished: null,
    };
  });
  const normalized: NormalizedResult = {
    engine: 'assistant-a',
    text,
    markdown: paragraphs.map((p) => `- ${p}`).join('\n'),
    htmlUrls: [],
    model: 'model-x',
    searchQueries: [sentence(r, 4), sentence(r, 5)],
    sources,
    entities: [{ type: 'brand', name: word(r) }],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
  };
  const raw = JSON.stringify({
    success: true,
    result: {
      text,
      markdown: normalized.markdown,
      model: 'model-x',
      sources: sources.map((s) => ({
        url: s.url,
        title: s.title,
        snippet: s.snippet,
        favicon: `https://${s.domain}/favicon.ico`,
        id: Math.floor(r() * 1e12).toString(36),
      })),
      searchQueries: normalized.searchQueries,
      meta: {
        requestId: Math.floor(r() * 1e15).toString(16),
        country: 'US',
        latencyMs: Math.floor(r() * 9000),
      },
    },
  });
  return { normalized, raw };
}

function createBigRun(
  store: HistoryStore,
  prompts: number,
  countries: string[],
  repeats: number,
  seed: number,
): JobRecord[] {
  const r = rng(seed);
  const spec = runSpecSchema.parse({
    name: `bench run ${seed}`,
    prompts: Array.from({ length: prompts }, (_, i) => `prompt ${i} ${sentence(r, 6)}`),
    engines: ['assistant-a'],
    countries,
    repeats,
  });
  return store.createRun({
    spec,
    keyLabel: 'sandbox',
    baseUrl: 'http://127.0.0.1',
    sandbox: true,
    costEstimate: 1,
  }).jobs;
}

const COUNTRIES = ['US', 'DE', 'FR', 'ES', 'JP', 'GB', 'IT', 'NL', 'SE', 'PL'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function fmt(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}

async function ingestBench(dir: string): Promise<boolean> {
  console.log('\n-- ingest 10,000 results (~5 KB raw, 10 sources each)');
  const r = rng(1);
  const made = Array.from({ length: 10_000 }, () => makeResult(r, 170));
  const avgRaw = made.reduce((a, m) => a + m.raw.length, 0) / made.length;
  console.log(
    `   payload: raw JSON avg ${(avgRaw / 1024).toFixed(1)} KB, answer text avg ${(made.reduce((a, m) => a + m.normalized.text.length, 0) / made.length / 1024).toFixed(1)} KB`,
  );

  const storePath = join(dir, 'ingest.db');
  const store = openHistory({ path: storePath });
  const jobs = createBigRun(store, 100, COUNTRIES, 10, 1);
  const items: IngestItem[] = made.map((m, i) => ({
    jobId: jobs[i]!.id,
    raw: m.raw,
    normalized: m.normalized,
    fetchedAt: 1_700_000_000_000 + i,
  }));
  const t0 = performance.now();
  for (let i = 0; i < items.length; i += 1000) store.ingestResults(items.slice(i, i + 1000));
  const storeMs = performance.now() - t0;
  store.close();

  // Reference: the same rows (results, raw, sources, entities; same schema and FTS triggers)
  // with plain prepared inserts in one transaction.
  const refPath = join(dir, 'reference.db');
  const prep = openHistory({ path: refPath });
  const refJobs = createBigRun(prep, 100, COUNTRIES, 10, 1);
  prep.close();
  const db = new Database(refPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const insResult =
    db.prepare(`INSERT INTO results (id, job_id, fetched_at, ingested_at, model, shape, search_queries_json,
    html_urls_json, related_searches_json, answer_text, answer_markdown, source_titles) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insRaw = db.prepare('INSERT INTO result_raw (result_seq, raw_json) VALUES (?, ?)');
  const insSource =
    db.prepare(`INSERT INTO sources (result_seq, kind, position, url, domain, title, snippet, redirect_link,
    date_published) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insEntity = db.prepare('INSERT INTO entities (result_seq, position, type, name) VALUES (?, ?, ?, ?)');
  const t1 = performance.now();
  db.transaction(() => {
    made.forEach((m, i) => {
      const n = m.normalized;
      const seq = insResult.run(
        `ref-${i}`,
        refJobs[i]!.id,
        1_700_000_000_000 + i,
        0,
        n.model,
        n.shape,
        JSON.stringify(n.searchQueries),
        '[]',
        '[]',
        n.text,
        n.markdown,
        n.sources.map((x) => x.title).join('\n'),
      ).lastInsertRowid;
      insRaw.run(seq, m.raw);
      for (const s of n.sources)
        insSource.run(
          seq,
          s.kind,
          s.position,
          s.url,
          s.domain,
          s.title,
          s.snippet,
          s.redirectLink,
          s.datePublished,
        );
      n.entities.forEach((e, k) => insEntity.run(seq, k + 1, e.type, e.name));
    });
  })();
  const refMs = performance.now() - t1;
  db.close();

  const met = storeMs < TARGET_INGEST_MS;
  console.log(
    `   store.ingestResults (batches of 1,000): ${fmt(storeMs)}  (${Math.round(10_000 / (storeMs / 1000))} results/s)  target < ${TARGET_INGEST_MS} ms  ${met ? 'met' : 'MISSED'}`,
  );
  console.log(`   raw prepared inserts, one transaction:  ${fmt(refMs)}`);
  console.log(`   ratio store / raw: ${(storeMs / refMs).toFixed(2)}`);
  return met;
}

const BIG_VERSION = 'v4';

function buildBig(path: string): void {
  const t0 = performance.now();
  for (const p of [path, `${path}-wal`, `${path}-shm`]) rmSync(p, { force: true });
  const store = openHistory({ path });
  const r = rng(100);
  let done = 0;
  for (let run = 0; run < 100; run++) {
    const jobs = createBigRun(store, 10, COUNTRIES, 10, 1000 + run); // 1,000 jobs per run
    const items: IngestItem[] = jobs.map((job, i) => {
      const m = makeResult(r, 60 + Math.floor(r() * 200));
      return {
        jobId: job.id,
        raw: m.raw,
        normalized: m.normalized,
        fetchedAt: Date.UTC(2025, 0, 1) + (run * 1000 + i) * 300_000,
      };
    });
    store.ingestResults(items);
    done += items.length;
    if (run % 20 === 19) console.log(`   built ${done.toLocaleString('en')} results…`);
  }
  store.setMeta('bench', BIG_VERSION);
  store.close();
  console.log(
    `   built in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB`,
  );
}

function bigDbPath(): string {
  const path = join(tmpdir(), 'parallax-bench', 'store-100k.db');
  let ok = false;
  if (existsSync(path)) {
    try {
      const s = openHistory({ path, readonly: true, integrityCheck: 'none' });
      ok = s.getMeta('bench') === BIG_VERSION;
      s.close();
    } catch {
      ok = false;
    }
  }
  if (!ok) {
    console.log(`   building the 100,000-result database once at ${path}`);
    buildBig(path);
  } else {
    console.log(`   reusing the 100,000-result database at ${path}`);
  }
  return path;
}

function ftsBench(path: string): boolean {
  console.log('\n-- FTS over 100,000 answers (page of 50 with snippets and total)');
  const store = openHistory({ path, readonly: true });
  const r = rng(99);
  // What analysts type: single words (brand, product, topic) of every frequency, two words,
  // and phrases taken from stored answers. Prefix queries are measured apart (see below).
  const sample = [...store.iterateAnswers({ pageSize: 1000 })]
    .filter((_, i) => i % 997 === 0)
    .map((a) => a.text.split(' '));
  const queries: string[] = [];
  for (let i = 0; i < 120; i++) {
    const kind = i % 3;
    if (kind === 0) queries.push(word(r));
    else if (kind === 1) queries.push(`${word(r)} ${word(r)}`);
    else {
      const words = sample[i % sample.length]!;
      const at = Math.floor(r() * (words.length - 3));
      queries.push(
        `"${words
          .slice(at, at + 2 + (i % 2))
          .join(' ')
          .replace(/[".]/g, '')}"`,
      );
    }
  }
  queries.push('running shoes', 'laufschuhe', 'chaussures légères', 'ランニング', 'nike OR hoka', 'café');
  const prefixQueries = ['kal*', 'ter*', 'bes*', 'runni*', 'laufs*', 'hok*'];
  const measure = (
    label: string,
    opts: {
      scope?: 'all' | 'answers' | 'sources';
      filter?: boolean;
      order?: 'newest' | 'relevance';
      list?: string[];
    },
  ) => {
    const times: number[] = [];
    let capped = 0;
    const list = opts.list ?? queries;
    for (const q of list) {
      const t = performance.now();
      const res = store.search({
        query: q,
        scope: opts.scope,
        order: opts.order,
        ...(opts.filter ? { country: 'DE' } : {}),
        limit: 50,
      });
      times.push(performance.now() - t);
      if (res.totalCapped) capped++;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `   ${label.padEnd(44)} p50 ${fmt(percentile(times, 50))}  p95 ${fmt(p95)}  max ${fmt(times.at(-1)!)}  (${capped}/${list.length} queries over 1,000 matches)`,
    );
    return p95;
  };
  measure('warm-up', {});
  const all = measure('default: answers + source titles, newest', {});
  measure('answers only, newest', { scope: 'answers' });
  measure('default + country filter', { filter: true });
  measure('default, relevance order (bm25 of all)', { order: 'relevance' });
  measure('prefix queries (kal* ter* bes* runni*…)', { list: prefixQueries });
  store.close();
  const met = all < TARGET_FTS_P95_MS;
  console.log(`   target p95 < ${TARGET_FTS_P95_MS} ms (default search): ${met ? 'met' : 'MISSED'}`);
  return met;
}

function openBench(path: string): boolean {
  console.log('\n-- open a 100,000-result database and list the first page of runs');
  const times: number[] = [];
  const checkTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    const store = openHistory({ path });
    const page = store.listRuns({ limit: 50 });
    times.push(performance.now() - t);
    if (page.runs.length !== 50 || page.total !== 100) throw new Error('unexpected run list');
    store.close();
    const raw = new Database(path, { readonly: true });
    const c = performance.now();
    if (i === 0) {
      raw.pragma('quick_check');
      checkTimes.push(performance.now() - c);
    }
    raw.close();
  }
  times.sort((a, b) => a - b);
  checkTimes.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const met = median < TARGET_OPEN_MS;
  console.log(
    `   open (auto integrity check) + listRuns(50): median ${fmt(median)}  max ${fmt(times.at(-1)!)}  target < ${TARGET_OPEN_MS} ms  ${met ? 'met' : 'MISSED'}`,
  );
  console.log(
    `   for comparison, a whole-file PRAGMA quick_check: ${fmt(checkTimes.at(-1)!)} (file ${(statSync(path).size / 1024 / 1024).toFixed(0)} MB)`,
  );
  return met;
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-store-bench-'));
  try {
    const ingest = await ingestBench(dir);
    console.log('\n-- 100,000-result database');
    const big = bigDbPath();
    const fts = ftsBench(big);
    const open = openBench(big);
    return { name: 'store', targetsMet: ingest && fts && open };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default bench;
