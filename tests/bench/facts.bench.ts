import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import { checkFacts, type BrandFactSheet, type FactCheckInput } from '../../src/shared/facts';
import {
  emptyFactsScore,
  loadFactSheets,
  loadFactsSet,
  precisionOf,
  recallOf,
  runChecker,
  scoreFactAnswer,
  type LabelledFactAnswer,
} from '../support/facts-set';
import { loadPositioningSet } from '../support/positioning-set';
import { rng } from './bench-random';
import { ingestCorpus } from './positioning.bench';
import type { Bench } from './run-all';

// The built-in facts checker:
// - contradiction precision and recall on the labelled set (tests/fixtures/facts) per language,
//   whole set, held-out part and the second batch written after tuning;
// - CPU per answer at ingest (user + system, process.cpuUsage), second pass as in the
//   positioning bench: (1) the positioning bench's 4,000 answers of 2-6 KB with fact sheets for
//   three of each answer's brands, the checker alone and the checker with the positioning judge
//   (both run at ingest); (2) 4,000 answers of 2-6 KB made of the facts set's answers joined,
//   dense with claims, the checker alone.
// Targets: precision ≥ 90 %, recall ≥ 80 % (whole set and held-out), checker + judge ≤ 0.5 ms
// CPU per answer (mean).

const PRECISION_TARGET = 0.9;
const RECALL_TARGET = 0.8;
const CPU_TARGET_MS = 0.5;
const CPU_ANSWERS = 4000;

type Sample = { facts: FactCheckInput; judge: () => unknown };

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} %`.padStart(8);
}

function printAccuracy(set: readonly LabelledFactAnswer[]): boolean {
  let met = true;
  const parts: Array<[string, LabelledFactAnswer[]]> = [
    ['whole set', [...set]],
    ['held-out', set.filter((a) => a.heldOut)],
    ['second batch', set.filter((a) => a.batch === 2)],
  ];
  for (const [name, answers] of parts) {
    console.log(`${name} (${answers.length} answers)`);
    for (const lang of ['all', ...[...new Set(answers.map((a) => a.language))].sort()]) {
      const s = emptyFactsScore();
      for (const a of answers.filter((x) => lang === 'all' || x.language === lang))
        scoreFactAnswer(s, a, runChecker(a));
      console.log(
        `  ${lang.padEnd(4)} checks ${String(s.checks).padStart(4)}  contradictions ${String(s.truePositives + s.falseNegatives).padStart(3)}` +
          `  precision ${pct(precisionOf(s))}  recall ${pct(recallOf(s))}  agreement ${pct(s.agreed / s.checks)}`,
      );
      if (lang === 'all' && name !== 'second batch')
        met &&= precisionOf(s) >= PRECISION_TARGET && recallOf(s) >= RECALL_TARGET;
    }
  }
  return met;
}

/** The labelled sheets given to the first three brands of an answer's brand set. */
function sheetsFor(brands: readonly BrandDefinition[], sheets: readonly BrandFactSheet[]): BrandFactSheet[] {
  return sheets
    .slice(0, Math.min(3, brands.length))
    .map((s, i) => ({ ...s, brandId: (brands[i] as BrandDefinition).id }));
}

function positioningCorpus(sheets: readonly BrandFactSheet[]): Sample[] {
  const own = new Map<readonly BrandDefinition[], BrandFactSheet[]>();
  return ingestCorpus(loadPositioningSet()).map(({ input, judge }) => {
    let s = own.get(input.brands);
    if (s === undefined) {
      s = sheetsFor(input.brands, sheets);
      own.set(input.brands, s);
    }
    return { facts: { ...input, sheets: s }, judge: () => judge.judge(input) };
  });
}

function factsCorpus(set: readonly LabelledFactAnswer[]): Sample[] {
  const r = rng(63);
  const byLang = new Map<string, LabelledFactAnswer[]>();
  for (const a of set) byLang.set(a.language, [...(byLang.get(a.language) ?? []), a]);
  const langs = [...byLang.keys()];
  return Array.from({ length: CPU_ANSWERS }, (_, i) => {
    const lang = langs[i % langs.length] as string;
    const pool = byLang.get(lang) as LabelledFactAnswer[];
    const parts: string[] = [];
    const target = 2048 + r() * 4096;
    for (let size = 0; size < target;) {
      const a = pool[Math.floor(r() * pool.length)] as LabelledFactAnswer;
      parts.push(a.text);
      size += a.text.length * (lang === 'ja' ? 3 : 1);
    }
    const first = pool[0] as LabelledFactAnswer;
    const facts: FactCheckInput = {
      text: parts.join('\n\n'),
      format: 'markdown',
      language: lang,
      country: first.country,
      brands: first.brands,
      sheets: first.sheets,
    };
    return { facts, judge: () => null };
  });
}

interface Cpu {
  meanMs: number;
  p95Ms: number;
  kb: number;
}

function measure(corpus: readonly Sample[], run: (s: Sample) => unknown): Cpu {
  for (let i = 0; i < 300; i++) run(corpus[i % corpus.length] as Sample);
  const pass = (): Cpu => {
    const samples: number[] = [];
    const total0 = process.cpuUsage();
    for (const c of corpus) {
      const t = process.cpuUsage();
      run(c);
      const d = process.cpuUsage(t);
      samples.push((d.user + d.system) / 1000);
    }
    const total = process.cpuUsage(total0);
    samples.sort((a, b) => a - b);
    return {
      meanMs: (total.user + total.system) / 1000 / corpus.length,
      p95Ms: samples[Math.floor(samples.length * 0.95)] as number,
      kb: corpus.reduce((n, c) => n + Buffer.byteLength(c.facts.text), 0) / corpus.length / 1024,
    };
  };
  pass();
  // The second pass, the JIT settled (see the positioning bench).
  return pass();
}

function show(name: string, c: Cpu): void {
  console.log(
    `${name}: mean ${c.meanMs.toFixed(3)} ms, p95 ${c.p95Ms.toFixed(3)} ms (${c.kb.toFixed(1)} KB on average)`,
  );
}

const bench: Bench = async () => {
  const set = loadFactsSet();
  const accuracyMet = printAccuracy(set);
  const sheets = [...loadFactSheets().values()];
  const ingest = positioningCorpus(sheets);
  const judge = measure(ingest, (s) => s.judge());
  const facts = measure(ingest, (s) => checkFacts(s.facts));
  const both = measure(ingest, (s) => {
    s.judge();
    return checkFacts(s.facts);
  });
  console.log(
    `CPU per answer at ingest (${ingest.length} answers of the positioning bench, three brands with a sheet):`,
  );
  show('  positioning judge alone', judge);
  show('  facts checker alone', facts);
  show('  judge + checker', both);
  const dense = measure(factsCorpus(set), (s) => checkFacts(s.facts));
  show(`facts checker on answers dense with claims (${CPU_ANSWERS} answers of the facts set joined)`, dense);
  console.log(
    `targets: contradictions precision ≥ ${PRECISION_TARGET * 100} %, recall ≥ ${RECALL_TARGET * 100} % (whole set and held-out); judge + checker ≤ ${CPU_TARGET_MS} ms CPU per answer (mean)`,
  );
  return {
    name: 'built-in facts checker: contradictions and CPU per answer',
    targetsMet: accuracyMet && both.meanMs <= CPU_TARGET_MS,
  };
};

export default bench;
