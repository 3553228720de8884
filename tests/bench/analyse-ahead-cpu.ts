import { createBuiltinJudgePool } from '../../src/core/positioning/positioning';
import { offerBrandHits, offerLeads } from '../../src/core/history';
import { brandHits } from '../../src/core/history/visibility';
import { compileBrandMatcher, mentionSource, type BrandDefinition } from '../../src/shared/analytics';
import { listItemLeads } from '../../src/shared/analytics/discovery-extract';
import type { NormalizedResult } from '../../src/shared/domain/result';
import { makeResult } from './store-answers';

// The main thread's CPU an answer for the analysis a pull now makes on its preparing thread
// (store/visibility/visibility-ahead.ts): the brand hits and list leads made here, as ingest
// makes them without a thread, against sending the answers to the thread and offering its
// reply, as sync/judge-ahead.ts does. Alternated in one process, so a busy machine affects both
// alike. Run with `npx tsx tests/bench/analyse-ahead-cpu.ts [answer words, default 80 as the
// sync bench's]`.

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
const pages: NormalizedResult[][] = Array.from({ length: PAGES }, () =>
  Array.from({ length: PAGE }, () => makeResult(r, words).normalized),
);
const matcher = compileBrandMatcher(brands);
const pool = createBuiltinJudgePool(
  {
    file: new URL('../../src/core/positioning/positioning/positioning-worker.ts', import.meta.url),
    execArgv: ['--import', 'tsx'],
  },
  1,
);
const cpuMs = (): number => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

function inline(): number {
  const t0 = cpuMs();
  for (const page of pages)
    for (const answer of page) {
      const mention = mentionSource(answer);
      brandHits(matcher, mention.text, answer.sources, mention.lines);
      listItemLeads(answer.markdown ?? answer.text);
    }
  return cpuMs() - t0;
}

/** This thread's CPU only: the time spent waiting for the thread is not counted. */
async function ahead(): Promise<number> {
  let spent = 0;
  for (const page of pages) {
    const t0 = cpuMs();
    const reply = pool.analyseAhead(
      brands,
      page.map((n) => ({ text: n.text, sources: n.sources, markdown: n.markdown })),
    );
    spent += cpuMs() - t0;
    const analysed = await reply;
    const t1 = cpuMs();
    page.forEach((answer, at) => {
      const made = analysed[at];
      if (made === undefined) return;
      offerLeads(answer, made.leads);
      offerBrandHits(answer, { brandsKey: 'bench', hits: made.hits });
    });
    spent += cpuMs() - t1;
  }
  return spent;
}

const perAnswer = (ms: number): string => `${((ms * 1000) / (PAGES * PAGE)).toFixed(1)} µs`;
try {
  await ahead();
  inline();
  for (let round = 1; round <= 4; round++) {
    const here = inline();
    const there = await ahead();
    console.log(JSON.stringify({ round, words, inline: perAnswer(here), ahead: perAnswer(there) }));
  }
} finally {
  await pool.close();
}
