import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportRunToFile } from '../../src/core/outputs/export';
import { openHistory, type HistoryStore } from '../../src/core/history';
import { NEUTRAL_PROFILE } from '../../src/shared/profile';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { compileBrandMatcher, findBrandMentions } from '../../src/shared/analytics/brand-matcher';
import { diffText } from '../../src/shared/analytics/text-diff';
import type { NormalizedResult } from '../../src/shared/domain/result';
import { checkFacts } from '../../src/shared/facts';
import { FACT_SET_BRANDS, loadFactSheets } from '../support/facts-set';

// `npm run bench -- hostile`: huge and hostile answers. Targets: a 1 MB answer of
// one repeated word searched in ≤ 1 s (it never finished before: FTS5's snippet() scores every
// pair of matches); a 5 MB answer stored (with its search indexing), searched and exported
// (csv, json, ndjson, md, html, xlsx) within 2 s each; word diff, brand matching and the facts
// checker on 1 and 5 MB answers printed, with their growth from 1 to 5 MB (linear is ×5), the
// facts checker on three shapes that once read the answer again at every claim (one endless
// sentence full of fact words, question after question, Arabic), each 5 MB within 2 s.

const SEARCH_1MB_MS = 1_000;
const EACH_5MB_MS = 2_000;

const VARIED =
  'The Nike Pegasus 41 and Brooks Ghost 16 are great picks; Hoka Clifton 9 (by Hoka One One) offers cushioning, ' +
  'while ASICS Gel-Nimbus suits long runs. Visit runnersworld.com or Zappos for deals.\n';

const answerOf = (unit: string, bytes: number): string => unit.repeat(Math.ceil(bytes / unit.length));

/** Hostile answers for the facts checker, against the labelled set's sheets (tests/fixtures/facts). */
const FACTS_SHAPES = [
  [
    'one sentence of fact words',
    'Vaultico heeft geen gratis versie, Windows, macOS ve Android uygulamaları var uit Berlijn ',
  ],
  ['question after question', 'Vaultico? Premium? free plan? users? Windows, macOS? '],
  ['Arabic', 'Vaultico والخطة المجانية لا تقدم مقرها في مدريد ٢٠١٧ '],
] as const;

function normalized(text: string): NormalizedResult {
  return {
    engine: 'assistant-a',
    text,
    markdown: text,
    htmlUrls: [],
    model: null,
    searchQueries: [],
    sources: [],
    entities: [],
    products: [],
    ads: [],
    peopleAlsoAsk: [],
    aiOverview: null,
    relatedSearches: [],
    shape: null,
  };
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = fn();
  return { value, ms: performance.now() - t0 };
}

async function timedAsync<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

function ingestOne(store: HistoryStore, text: string): string {
  const { run } = store.createRun({
    spec: runSpecSchema.parse({ prompts: ['huge'], engines: ['assistant-a'], countries: ['US'] }),
    keyLabel: null,
    baseUrl: 'http://127.0.0.1:1',
    sandbox: true,
    costEstimate: 5,
  });
  const [job] = store.listJobs(run.id);
  store.transitionJob(job!.id, { jobState: 'running' });
  store.ingestResults([
    {
      jobId: job!.id,
      raw: JSON.stringify({ success: true, result: { text } }),
      normalized: normalized(text),
      fetchedAt: Date.now(),
      jobPatch: { jobState: 'succeeded', creditsCharged: 5 },
    },
  ]);
  return run.id;
}

export default async function bench(): Promise<{ name: string; targetsMet: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), 'parallax-hostile-'));
  const missed: string[] = [];
  try {
    const store = openHistory({ path: join(dir, 'history.db') });
    store.saveBrand({ name: 'Nike', kind: 'brand', aliases: ['Nike Pegasus'], domains: ['nike.com'] });
    store.saveBrand({ name: 'Hoka', kind: 'competitor', aliases: [], domains: [] });

    ingestOne(store, answerOf('walrus ', 1024 * 1024));
    const search1 = timed(() => store.search({ query: 'walrus' }));
    console.log(
      `search, 1 MB answer of one repeated word: ${search1.ms.toFixed(0)} ms (target ≤ ${SEARCH_1MB_MS})`,
    );
    if (search1.ms > SEARCH_1MB_MS) missed.push('search of a 1 MB answer');

    for (const [label, unit, word] of [
      ['one repeated word', 'narwhal ', 'narwhal'],
      ['varied text with brands', VARIED, 'cushioning'],
    ] as const) {
      const text = answerOf(unit, 5 * 1024 * 1024);
      const stored = timed(() => ingestOne(store, text));
      const searched = timed(() => store.search({ query: word }));
      const lines = [
        `5 MB answer, ${label}: stored and indexed ${stored.ms.toFixed(0)} ms, searched ${searched.ms.toFixed(0)} ms`,
      ];
      if (stored.ms > EACH_5MB_MS) missed.push(`5 MB ${label}: store`);
      if (searched.ms > EACH_5MB_MS) missed.push(`5 MB ${label}: search`);
      for (const format of ['csv', 'json', 'ndjson', 'md', 'html', 'xlsx'] as const) {
        const run = store.getRun(stored.value)!;
        const out = await timedAsync(() =>
          exportRunToFile(
            { historyPath: store.readPath, run, profile: NEUTRAL_PROFILE },
            { format, path: join(dir, `x-${format}`) },
          ),
        );
        lines.push(`  export ${format}: ${out.ms.toFixed(0)} ms`);
        if (out.ms > EACH_5MB_MS) missed.push(`5 MB ${label}: export ${format}`);
      }
      for (const l of lines) console.log(l);
    }
    store.close();

    const matcher = compileBrandMatcher([
      { id: 'n', name: 'Nike', kind: 'brand', aliases: ['Nike Pegasus'], domains: ['nike.com'] },
      { id: 'h', name: 'Hoka', kind: 'competitor', aliases: ['Hoka One One'], domains: [] },
    ]);
    const growth = (fn: (bytes: number) => void): [number, number] => {
      const one = timed(() => fn(1024 * 1024)).ms;
      const five = timed(() => fn(5 * 1024 * 1024)).ms;
      return [one, five];
    };
    const [m1, m5] = growth((bytes) => findBrandMentions(matcher, answerOf(VARIED, bytes)));
    console.log(
      `brand matching: 1 MB ${m1.toFixed(0)} ms, 5 MB ${m5.toFixed(0)} ms (×${(m5 / m1).toFixed(1)})`,
    );
    const [d1, d5] = growth((bytes) => {
      const a = answerOf(VARIED, bytes);
      diffText(a, `${a.slice(0, a.length / 2)}Adidas Boston 12 is new here. ${a.slice(a.length / 2)}`);
    });
    console.log(
      `word diff of two answers: 1 MB ${d1.toFixed(0)} ms, 5 MB ${d5.toFixed(0)} ms (×${(d5 / d1).toFixed(1)})`,
    );
    if (m5 > EACH_5MB_MS) missed.push('brand matching of 5 MB');
    const sheets = [...loadFactSheets().values()];
    for (const [label, unit] of FACTS_SHAPES) {
      const [f1, f5] = growth((bytes) =>
        checkFacts({
          text: answerOf(unit, bytes),
          format: 'text',
          country: 'NL',
          brands: FACT_SET_BRANDS,
          sheets,
        }),
      );
      console.log(
        `facts checker, ${label}: 1 MB ${f1.toFixed(0)} ms, 5 MB ${f5.toFixed(0)} ms (×${(f5 / f1).toFixed(1)})`,
      );
      if (f5 > EACH_5MB_MS) missed.push(`facts checker on 5 MB, ${label}`);
    }
    if (d5 > EACH_5MB_MS) missed.push('word diff of 5 MB');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const m of missed) console.log(`MISSED: ${m}`);
  return {
    name: 'huge answers: 1 MB one-word search ≤ 1 s; 5 MB stored, indexed, searched and exported ≤ 2 s each; diff, brand matching and the facts checker linear',
    targetsMet: missed.length === 0,
  };
}
