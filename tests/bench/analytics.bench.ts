import {
  brandVisibility,
  buildSourceMatrix,
  compileBrandMatcher,
  diffText,
  type BrandDefinition,
  type SourceMatrixColumn,
} from '../../src/shared/analytics';
import type { NormalizedSource } from '../../src/shared/domain/result';
import type { Bench } from './run-all';

// Comparison analytics: word diff of two 20 KB answers (< 20 ms), source matrix of 50 results ×
// 20 sources (< 10 ms), brand scan of 10,000 answers of 1-2 KB for 20 brands (< 1 s).
// Targets are checked on the median; p95 is printed beside it (the machine is shared).

/** Deterministic pseudo-random numbers, so every run measures the same inputs. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const VOCAB = (
  'the best running shoes for flat feet include models with stability cushioning and support that ' +
  'stay durable comfortable lightweight across price ranges according to expert reviews tests ' +
  'runners podiatrists recommend a wide toe box firm heel counter arch support for long distances ' +
  'trail road marathon training daily trainer recovery café naïve über déjà vu'
).split(' ');
const BRAND_NAMES = [
  'Nike',
  'Adidas',
  'Asics',
  'Brooks',
  'Hoka',
  'New Balance',
  'Saucony',
  'Puma',
  'Reebok',
  'Mizuno',
  'On Running',
  'Salomon',
  'Altra',
  'Under Armour',
  'Skechers',
  'Vans',
  'Converse',
  'Fila',
  'Merrell',
  'Löwa',
];

function sentence(r: () => number, brandRate: number): string {
  const n = 8 + Math.floor(r() * 14);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    words.push(
      r() < brandRate
        ? (BRAND_NAMES[Math.floor(r() * BRAND_NAMES.length)] as string)
        : (VOCAB[Math.floor(r() * VOCAB.length)] as string),
    );
  }
  const s = words.join(' ');
  return `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}.`;
}

function paragraph(r: () => number, brandRate: number): string {
  const kind = r();
  const sentences = Array.from({ length: 2 + Math.floor(r() * 4) }, () => sentence(r, brandRate));
  if (kind < 0.15) return `## ${sentences[0] ?? ''}`;
  if (kind < 0.4) return sentences.map((s) => `- ${s}`).join('\n');
  return sentences.join(' ');
}

function answer(r: () => number, size: number, brandRate: number): string[] {
  const paras: string[] = [];
  let len = 0;
  while (len < size) {
    const p = paragraph(r, brandRate);
    paras.push(p);
    len += p.length + 2;
  }
  return paras;
}

/** The same answer from another country or date: some sentences reworded, paragraphs added and dropped. */
function variant(r: () => number, paras: string[]): string[] {
  const out: string[] = [];
  for (const p of paras) {
    const roll = r();
    if (roll < 0.05) continue; // dropped
    if (roll < 0.1) out.push(paragraph(r, 0.05)); // inserted before
    if (roll < 0.35) {
      // Reword about a third of its sentences, and swap single words in others.
      out.push(
        p
          .split('. ')
          .map((s) =>
            r() < 0.3
              ? sentence(r, 0.05).slice(0, -1)
              : s.replace(/\b\w+\b/u, VOCAB[Math.floor(r() * VOCAB.length)] as string),
          )
          .join('. '),
      );
    } else {
      out.push(p);
    }
  }
  return out;
}

function stats(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number;
  return { median: at(0.5), p95: at(0.95) };
}

function measure<T>(
  warmup: number,
  iterations: number,
  run: () => T,
): { median: number; p95: number; last: T } {
  let last = run();
  for (let i = 1; i < warmup; i++) last = run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    last = run();
    samples.push(performance.now() - t0);
  }
  return { ...stats(samples), last };
}

const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;

function source(r: () => number, position: number, pool: number): NormalizedSource {
  const d = Math.floor(r() * r() * pool); // skewed: low ids are common, like big sites
  const host = `www.site${d}.${d % 3 === 0 ? 'co.uk' : 'com'}`;
  return {
    position,
    kind: 'cited',
    url: `https://${host}/article/${Math.floor(r() * 1000)}?utm_source=answer#s${position}`,
    domain: host.replace(/^www\./u, ''),
    title: null,
    snippet: null,
    redirectLink: null,
    datePublished: null,
  };
}

const bench: Bench = async () => {
  let ok = true;

  // 1. Word diff of two 20 KB answers.
  const r1 = rng(42);
  const base = answer(r1, 20_000, 0.05);
  const a = base.join('\n\n');
  const b = variant(r1, base).join('\n\n');
  const related = measure(3, 25, () => diffText(a, b));
  const pass1 = related.median < 20;
  ok &&= pass1;
  console.log(
    `word diff, 20 KB answers (${a.length} / ${b.length} chars, similarity ${related.last.similarity.toFixed(3)}, ` +
      `${related.last.hunks.length} hunks): median ${fmt(related.median)}, p95 ${fmt(related.p95)} ` +
      `(target < 20 ms: ${pass1 ? 'met' : 'MISSED'})`,
  );
  const unrelated = answer(rng(7), 20_000, 0.05).join('\n\n');
  const far = measure(2, 10, () => diffText(a, unrelated));
  console.log(
    `word diff, two unrelated 20 KB answers (informative; similarity ${far.last.similarity.toFixed(3)}, ` +
      `coarse regions ${far.last.coarseRegions}): median ${fmt(far.median)}, p95 ${fmt(far.p95)}`,
  );

  // 2. Source matrix of 50 results × 20 sources.
  const r2 = rng(1);
  const columns: SourceMatrixColumn[] = Array.from({ length: 50 }, (_, c) => ({
    id: `result-${c}`,
    sources: Array.from({ length: 20 }, (_, i) => source(r2, i + 1, 150)),
  }));
  const matrix = measure(5, 50, () => buildSourceMatrix(columns));
  const pass2 = matrix.median < 10;
  ok &&= pass2;
  console.log(
    `source matrix, 50 results × 20 sources (${matrix.last.rows.length} domains, ` +
      `${matrix.last.rows.filter((x) => x.shared).length} shared): median ${fmt(matrix.median)}, p95 ${fmt(matrix.p95)} ` +
      `(target < 10 ms: ${pass2 ? 'met' : 'MISSED'})`,
  );

  // 3. Brand scan of 10,000 stored answers for 20 brands.
  const r3 = rng(3);
  const brands: BrandDefinition[] = BRAND_NAMES.map((name, i) => ({
    id: `b${i}`,
    name,
    kind: i === 0 ? 'brand' : 'competitor',
    aliases: [`${name} Inc`, name.replace(/ /gu, '')],
    domains: [`${name.toLowerCase().replace(/[^a-z]/gu, '')}.com`],
  }));
  const results = Array.from({ length: 10_000 }, () => {
    const text = answer(r3, 1_000 + Math.floor(r3() * 1_000), 0.04).join('\n\n');
    return {
      text,
      sources: Array.from({ length: 8 }, (_, i) => source(r3, i + 1, 300)),
      entities: [],
      products: [],
      ads: [],
    };
  });
  const totalChars = results.reduce((n, x) => n + x.text.length, 0);
  const scan = measure(1, 5, () => {
    const matcher = compileBrandMatcher(brands);
    let mentions = 0;
    for (const res of results) mentions += brandVisibility(matcher, res).totalMentions;
    return mentions;
  });
  const pass3 = scan.median < 1000;
  ok &&= pass3;
  console.log(
    `brand scan, 10,000 answers (${(totalChars / 1e6).toFixed(1)} M chars, ${scan.last} mentions) × 20 brands: ` +
      `median ${fmt(scan.median)}, p95 ${fmt(scan.p95)} (target < 1000 ms: ${pass3 ? 'met' : 'MISSED'})`,
  );

  return { name: 'analytics', targetsMet: ok };
};

export default bench;
