import { performance } from 'node:perf_hooks';
import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import {
  createBuiltinJudge,
  judgePositioning,
  type JudgeInput,
  type PositioningStatus,
} from '../../src/shared/positioning';
import {
  STATUSES,
  emptyScore,
  loadPositioningSet,
  partOf,
  ratio,
  scoreAnswer,
  type LabelledAnswer,
  type Score,
  type SetPart,
} from '../support/positioning-set';
import { rng } from './bench-random';
import type { Bench } from './run-all';

// The built-in positioning judge:
// - accuracy on the labelled set (tests/fixtures/positioning) per language, seen vs held-out:
//   status with top and recommended counted together (the target), exact 4-way status,
//   sentiment, brands judged that the answer does not name, attribute recall/precision, and
//   the status confusion matrix; also without the language hint;
// - CPU per answer at ingest (user + system, process.cpuUsage) over answers of 2-6 KB Markdown
//   made of several labelled answers of one language, with brand sets of 6-20 brands (the
//   answers' own brands plus others), one judge per brand set as ingest keeps it. The target is
//   read on the second pass over the 4,000 answers: during the first one V8 is still compiling
//   the judge (its optimising compiler's threads count in process.cpuUsage, and the first
//   1,000-2,000 answers cost 1.2-1.9 x the rest), which the app pays once (its judge threads
//   live from sync to sync); the first pass is printed beside it.
// Targets: status ≥ 85 %, sentiment ≥ 80 % on the first part, 0 unnamed brands judged, ≤ 0.3 ms
// CPU per answer; the indirect-wording part (indirect-*.yaml) is printed apart with its own
// held-out targets (status ≥ 90 %, sentiment ≥ 85 %).

const STATUS_TARGET = 0.85;
const SENTIMENT_TARGET = 0.8;
/** The indirect-wording part's held-out targets (reported, see docs/internals/positioning-judge.md). */
const INDIRECT_STATUS_TARGET = 0.9;
const INDIRECT_SENTIMENT_TARGET = 0.85;
const CPU_TARGET_MS = 0.3;
const CPU_ANSWERS = 4000;
const BRAND_SETS = 24;

function pct(n: number, d: number): string {
  return `${(ratio(n, d) * 100).toFixed(1)} %`.padStart(8);
}

function scoreAll(answers: readonly LabelledAnswer[], withHint: boolean): Score {
  const s = emptyScore();
  for (const a of answers) {
    scoreAnswer(
      s,
      a,
      judgePositioning({
        text: a.text,
        format: a.format,
        language: withHint ? a.language : null,
        brands: a.brands,
      }),
    );
  }
  return s;
}

function row(label: string, s: Score): string {
  return (
    `${label.padEnd(16)} ${String(s.answers).padStart(4)} ${String(s.judged).padStart(6)}` +
    `${pct(s.statusMerged, s.judged)}${pct(s.statusExact, s.judged)}${pct(s.sentiment, s.judged)}` +
    `${String(s.falseBrands).padStart(7)}${pct(s.attributeHits, s.attributeLabels)}${pct(s.attributeHits, s.attributeOutput)}`
  );
}

function printPart(
  name: string,
  set: readonly LabelledAnswer[],
): { whole: Score; held: Score; noHint: Score } {
  console.log(`accuracy on the labelled set, ${name} (status: top+recommended together; exact: 4-way)`);
  console.log('part             answers brands  status   exact sentiment unnamed attr-rec attr-prec');
  const langs = [...new Set(set.map((a) => a.language))];
  for (const lang of langs) {
    for (const held of [false, true]) {
      const part = set.filter((a) => a.language === lang && a.heldOut === held);
      if (part.length === 0) continue;
      console.log(row(`${lang} ${held ? 'held-out' : 'seen'}`, scoreAll(part, true)));
    }
  }
  const seen = scoreAll(
    set.filter((a) => !a.heldOut),
    true,
  );
  const held = scoreAll(
    set.filter((a) => a.heldOut),
    true,
  );
  const whole = scoreAll(set, true);
  const noHint = scoreAll(set, false);
  if (seen.answers > 0) console.log(row('all seen', seen));
  console.log(row('all held-out', held));
  console.log(row('all', whole));
  console.log(row('all, no hint', noHint));
  printConfusion(whole);
  return { whole, held, noHint };
}

/** The held-out batches of indirect wording, each written after tuning a judge version. */
const HELD_OUT_BATCHES: ReadonlyArray<{ part: SetPart; name: string; after: number }> = [
  { part: 'fresh', name: 'second', after: 4 },
  { part: 'third', name: 'third', after: 5 },
  { part: 'fourth', name: 'fourth', after: 6 },
  { part: 'fifth', name: 'fifth', after: 7 },
  { part: 'sixth', name: 'sixth', after: 8 },
  { part: 'seventh', name: 'seventh', after: 9 },
  { part: 'eighth', name: 'eighth', after: 9 },
  { part: 'ninth', name: 'ninth', after: 10 },
  { part: 'tenth', name: 'tenth', after: 11 },
  { part: 'eleventh', name: 'eleventh', after: 12 },
];

function printAccuracy(set: readonly LabelledAnswer[]): { whole: Score; held: Score; noHint: Score } {
  const first = printPart(
    'first part',
    set.filter((a) => partOf(a) === 'first'),
  );
  const indirect = printPart(
    'indirect wording',
    set.filter((a) => partOf(a) === 'indirect'),
  );
  const held: Array<[string, Score]> = [['held-out', indirect.held]];
  for (const { part, name, after } of HELD_OUT_BATCHES) {
    const batch = printPart(
      `indirect wording, ${name} held-out (written after tuning judge version ${after})`,
      set.filter((a) => partOf(a) === part),
    );
    held.push([`${name} held-out`, batch.held]);
  }
  const targets = `(targets ${INDIRECT_STATUS_TARGET * 100} %, ${INDIRECT_SENTIMENT_TARGET * 100} %)`;
  for (const [name, s] of held) {
    console.log(
      `indirect wording, ${name}: status ${pct(s.statusMerged, s.judged)}, sentiment ${pct(s.sentiment, s.judged)} ${targets}`,
    );
  }
  return first;
}

function printConfusion(s: Score): void {
  console.log('status confusion (rows: label, columns: judged)');
  console.log(`${''.padEnd(12)}${[...STATUSES, 'none'].map((x) => x.padStart(12)).join('')}`);
  for (const label of STATUSES) {
    const cells = [...STATUSES, 'none' as const].map((j) =>
      String(s.confusion[label][j as PositioningStatus | 'none']).padStart(12),
    );
    console.log(`${label.padEnd(12)}${cells.join('')}`);
  }
}

/** UTF-8 bytes a character of the language takes, near enough: sizes are in bytes. */
const UTF8_BYTES_PER_CHAR: Readonly<Record<string, number>> = { ja: 3, zh: 3, ko: 3, ru: 2, ar: 2 };

/** Answers of 2-6 KB: labelled answers of one language joined, with 6-20 brands defined. */
export function ingestCorpus(
  set: readonly LabelledAnswer[],
): Array<{ input: JudgeInput; judge: ReturnType<typeof createBuiltinJudge> }> {
  const r = rng(30);
  const byLang = new Map<string, LabelledAnswer[]>();
  for (const a of set) byLang.set(a.language, [...(byLang.get(a.language) ?? []), a]);
  const langs = [...byLang.keys()];
  const allBrands = [...new Map(set.flatMap((a) => a.brands).map((b) => [b.id, b])).values()];
  const sets: Array<{ lang: string; parts: LabelledAnswer[]; brands: BrandDefinition[] }> = [];
  for (let k = 0; k < BRAND_SETS; k++) {
    const lang = langs[k % langs.length] as string;
    const pool = byLang.get(lang) as LabelledAnswer[];
    const parts: LabelledAnswer[] = [];
    let size = 0;
    const target = 2048 + r() * 4096;
    while (size < target) {
      const a = pool[Math.floor(r() * pool.length)] as LabelledAnswer;
      parts.push(a);
      size += a.text.length * (UTF8_BYTES_PER_CHAR[lang] ?? 1);
    }
    const own = [...new Map(parts.flatMap((a) => a.brands).map((b) => [b.id, b])).values()].slice(0, 20);
    const want = 6 + Math.floor(r() * 15);
    const extra = allBrands
      .filter((b) => !own.some((o) => o.id === b.id))
      .slice(0, Math.max(0, want - own.length));
    sets.push({ lang, parts, brands: [...own, ...extra].slice(0, Math.max(want, Math.min(own.length, 20))) });
  }
  const judges = sets.map((s) => createBuiltinJudge(s.brands));
  return Array.from({ length: CPU_ANSWERS }, (_, i) => {
    const s = sets[i % sets.length] as (typeof sets)[number];
    const shuffled = [...s.parts].sort(() => r() - 0.5);
    const text = shuffled.map((a) => a.text).join('\n\n');
    return {
      input: { text, format: 'markdown' as const, language: s.lang, brands: s.brands },
      judge: judges[i % sets.length] as ReturnType<typeof createBuiltinJudge>,
    };
  });
}

interface CpuFigures {
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  kb: number;
  brands: number;
}

/** CPU per answer over one pass of `corpus`, after `warmUp` answers judged unmeasured. */
function measureCpu(
  corpus: ReadonlyArray<{ input: JudgeInput; judge: ReturnType<typeof createBuiltinJudge> }>,
  warmUp = 300,
): CpuFigures {
  for (let i = 0; i < warmUp; i++) {
    const c = corpus[i % corpus.length] as (typeof corpus)[number];
    c.judge.judge(c.input); // warm-up: JIT and the per-language phrase indexes
  }
  const samples: number[] = [];
  const total0 = process.cpuUsage();
  for (const c of corpus) {
    const t = process.cpuUsage();
    c.judge.judge(c.input);
    const d = process.cpuUsage(t);
    samples.push((d.user + d.system) / 1000);
  }
  const total = process.cpuUsage(total0);
  samples.sort((a, b) => a - b);
  const bytes = corpus.reduce((n, c) => n + Buffer.byteLength(c.input.text), 0);
  return {
    meanMs: (total.user + total.system) / 1000 / corpus.length,
    p50Ms: samples[Math.floor(samples.length / 2)] as number,
    p95Ms: samples[Math.floor(samples.length * 0.95)] as number,
    kb: bytes / corpus.length / 1024,
    brands: corpus.reduce((n, c) => n + c.input.brands.length, 0) / corpus.length,
  };
}

const bench: Bench = async () => {
  const set = loadPositioningSet();
  const { whole, held, noHint } = printAccuracy(set);
  const corpus = ingestCorpus(set);
  const t = performance.now();
  const first = measureCpu(corpus);
  // The same answers again, the JIT settled: the cost per answer of an app that keeps ingesting.
  const cpu = measureCpu(corpus, 0);
  console.log(
    `CPU per answer at ingest: mean ${cpu.meanMs.toFixed(3)} ms, p50 ${cpu.p50Ms.toFixed(3)} ms, p95 ${cpu.p95Ms.toFixed(3)} ms ` +
      `(${corpus.length} answers, ${cpu.kb.toFixed(1)} KB and ${cpu.brands.toFixed(1)} brands on average, second pass; ` +
      `first pass, JIT still compiling: mean ${first.meanMs.toFixed(3)} ms, p50 ${first.p50Ms.toFixed(3)} ms, p95 ${first.p95Ms.toFixed(3)} ms; ` +
      `${((performance.now() - t) / 1000).toFixed(1)} s wall)`,
  );
  const single = measureCpu(
    set.map((a) => ({
      input: { text: a.text, format: a.format, language: a.language, brands: a.brands },
      judge: createBuiltinJudge(a.brands),
    })),
  );
  console.log(
    `CPU per answer, the labelled answers as they are: mean ${single.meanMs.toFixed(3)} ms, p50 ${single.p50Ms.toFixed(3)} ms ` +
      `(${set.length} answers, ${single.kb.toFixed(1)} KB and ${single.brands.toFixed(1)} brands on average)`,
  );
  const met =
    ratio(whole.statusMerged, whole.judged) >= STATUS_TARGET &&
    ratio(held.statusMerged, held.judged) >= STATUS_TARGET &&
    ratio(whole.sentiment, whole.judged) >= SENTIMENT_TARGET &&
    ratio(held.sentiment, held.judged) >= SENTIMENT_TARGET &&
    whole.falseBrands === 0 &&
    noHint.falseBrands === 0 &&
    cpu.meanMs <= CPU_TARGET_MS;
  console.log(
    `targets: status ≥ ${STATUS_TARGET * 100} %, sentiment ≥ ${SENTIMENT_TARGET * 100} % (whole set and held-out), 0 unnamed brands, ≤ ${CPU_TARGET_MS} ms CPU per answer (mean)`,
  );
  return { name: 'built-in positioning judge: accuracy and CPU per answer', targetsMet: met };
};

export default bench;
