import { createBuiltinJudgePool } from '../../src/main/positioning';
import { offerBrandHits, offerDoc, offerLeads, resultDocParts } from '../../src/main/store';
import { readNormalized } from '../../src/main/sync/normalized';
import { docPartsFrom } from '../../src/main/sync/prepare-ahead';
import type { BrandDefinition } from '../../src/shared/analytics';
import type { NormalizedResult } from '../../src/shared/domain/result';
import { makeResult } from './store-answers';

// The main thread's CPU an answer for handing a pulled page to the preparing thread and
// offering what comes back (sync/judge-ahead.ts): the page's answer objects sent twice (their
// document's parts to pack, their text, sources and Markdown to analyse), against their pulled
// texts sent once (sync/prepare-ahead.ts: the thread reads, packs and analyses them). Reading the
// answers here is the same either way and not counted. Alternated in one process, so a busy
// machine affects both alike. Run with `npx tsx tests/bench/prepare-ahead-cpu.ts [answer words,
// default 80 as the sync bench's]`.

const PAGES = 4;
const PAGE = 4000;

let seed = 7;
const r = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const brands: BrandDefinition[] = ['Nike', 'Hoka', 'Asics', 'Adidas'].map((name, i) => ({
  id: `b${i}`,
  name,
  kind: i === 0 ? 'brand' : 'competitor',
  aliases: [],
  domains: [],
}));
const words = Number(process.argv[2] ?? 80);

interface Pulled {
  normalized: NormalizedResult;
  json: string;
  raw: string;
}

/** A page as a pull reads it: each answer's document JSON, raw JSON, and the object read from it. */
const pages: Pulled[][] = Array.from({ length: PAGES }, () =>
  Array.from({ length: PAGE }, () => {
    const made = makeResult(r, words);
    const json = JSON.stringify(made.normalized);
    return { normalized: readNormalized(json, '') as NormalizedResult, json, raw: made.raw };
  }),
);
const pool = createBuiltinJudgePool(
  {
    file: new URL('../../src/main/positioning/positioning-worker.ts', import.meta.url),
    execArgv: ['--import', 'tsx'],
  },
  1,
);
const cpuMs = (): number => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** This thread's CPU only, to send and to offer: the time spent waiting for the thread is not counted. */
async function twice(): Promise<number> {
  let spent = 0;
  for (const page of pages) {
    const t0 = cpuMs();
    const parts = page.map((p) => resultDocParts(p.normalized, p.raw));
    const packed = pool.packDocs(parts);
    const analysed = pool.analyseAhead(
      brands,
      page.map(({ normalized: n }) => ({ text: n.text, sources: n.sources, markdown: n.markdown })),
    );
    spent += cpuMs() - t0;
    const [docs, made] = await Promise.all([packed, analysed]);
    const t1 = cpuMs();
    page.forEach(({ normalized }, at) => {
      offerDoc(normalized, { parts: parts[at] as (typeof parts)[number], doc: docs[at] as Uint8Array });
      offerLeads(normalized, made[at]?.leads ?? []);
      offerBrandHits(normalized, { brandsKey: 'bench', hits: made[at]?.hits ?? [] });
    });
    spent += cpuMs() - t1;
  }
  return spent;
}

async function once(): Promise<number> {
  let spent = 0;
  for (const page of pages) {
    const t0 = cpuMs();
    const reply = pool.prepareAhead(
      brands,
      page.flatMap((p) => [p.json, p.raw]),
    );
    spent += cpuMs() - t0;
    const { prepared, docs } = await reply;
    const t1 = cpuMs();
    page.forEach(({ normalized, raw }, at) => {
      const made = prepared[at];
      if (!made) return;
      offerDoc(normalized, { parts: docPartsFrom(normalized, raw, made), doc: docs[at] as Uint8Array });
      offerLeads(normalized, made.leads);
      offerBrandHits(normalized, { brandsKey: 'bench', hits: made.hits });
    });
    spent += cpuMs() - t1;
  }
  return spent;
}

const perAnswer = (ms: number): string => `${((ms * 1000) / (PAGES * PAGE)).toFixed(1)} µs`;
try {
  await twice();
  await once();
  for (let round = 1; round <= 4; round++) {
    const before = await twice();
    const now = await once();
    console.log(JSON.stringify({ round, words, twice: perAnswer(before), once: perAnswer(now) }));
  }
} finally {
  await pool.close();
}
