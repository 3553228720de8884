import type { HistoryStore, JobRecord } from '../../src/core/history';
import type { NormalizedResult, NormalizedSource } from '../../src/shared/domain/result';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { rng } from './bench-random';

// Synthetic answers for the store benches: a multilingual vocabulary drawn with a Zipf-like skew,
// answers of ~5 KB with 10 sources, and runs to hold them.

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

export function word(r: () => number): string {
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

export function makeResult(
  r: () => number,
  answerWords: number,
): { normalized: NormalizedResult; raw: string } {
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

export function createBigRun(
  store: HistoryStore,
  prompts: number,
  countries: string[],
  repeats: number,
  seed: number,
  engines: string[] = ['assistant-a'],
): JobRecord[] {
  const r = rng(seed);
  const spec = runSpecSchema.parse({
    name: `bench run ${seed}`,
    prompts: Array.from({ length: prompts }, (_, i) => `prompt ${i} ${sentence(r, 6)}`),
    engines,
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

export const COUNTRIES = ['US', 'DE', 'FR', 'ES', 'JP', 'GB', 'IT', 'NL', 'SE', 'PL'];
