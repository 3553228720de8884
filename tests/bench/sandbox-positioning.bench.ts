import { ENGINE_NAMES } from '../../src/shared/api/engines';
import type { BrandDefinition } from '../../src/shared/analytics/brand-types';
import type { Answer } from '../../src/sandbox/engines/answer';
import {
  composeAnswer,
  planBrands,
  positioningEventsOn,
  recoverSandboxPositioning,
} from '../../src/sandbox/engines/positioning';
import { answer, COUNTRIES, PROMPTS } from '../support/sandbox-positioning';
import type { Bench } from './run-all';

// The sandbox's positioning: what writing it costs a synthetic answer (the sandbox answers every
// test and benchmark, so it must stay cheap: planning and writing the brands' units < 25 % of
// building the answer, medians of rounds) and what reading it back from an answer's text costs
// (the sandbox's chat endpoint does it per request: < 1 ms a text at p95). 6,720 answers over
// every engine, 14 locations (the nine languages), 10 prompts, 3 days, 2 repeats.

const BRANDS: BrandDefinition[] = ['Veloxa', 'Fleetfoot', 'Novabook', 'Sonaro', 'Pipewise', 'Privata'].map(
  (name, i) => ({ id: `b${i}`, name, kind: i === 0 ? 'brand' : 'competitor', aliases: [], domains: [] }),
);

function buildAll(): { answers: Answer[]; ms: number } {
  const answers: Answer[] = [];
  const t0 = performance.now();
  for (const engine of ENGINE_NAMES)
    for (const where of COUNTRIES)
      for (const prompt of PROMPTS)
        for (const day of [20_500, 20_510, 20_540])
          for (const repeat of [0, 1]) answers.push(answer({ engine, prompt, ...where, day, repeat }));
  return { answers, ms: performance.now() - t0 };
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

/** Planning and writing one answer's positioning again, as buildAnswer does. */
function writePositioning(a: Answer): void {
  const { input, category, locale } = a;
  const events = positioningEventsOn(input.seed, category.id, category.global, input.day);
  const plan = planBrands(
    { ...input, key: a.key, categoryId: category.id, events },
    a.positioning.shape,
    a.brands,
    a.entrants,
  );
  composeAnswer({
    lang: locale.lang,
    shape: a.positioning.shape,
    categoryName: a.categoryName,
    countryName: locale.countryName,
    brands: plan,
    citation: () => '',
    outro: '',
    key: a.key,
  });
}

function median(run: () => number): number {
  const rounds = Array.from({ length: 5 }, run).sort((a, b) => a - b);
  return quantile(rounds, 0.5);
}

const bench: Bench = async () => {
  let answers: Answer[] = [];
  const build = median(() => {
    const built = buildAll();
    answers = built.answers;
    return (built.ms * 1000) / built.answers.length;
  });
  const write = median(() => {
    const t0 = performance.now();
    for (const a of answers) writePositioning(a);
    return ((performance.now() - t0) * 1000) / answers.length;
  });
  const times: number[] = [];
  for (let r = 0; r < 3; r++)
    for (const a of answers)
      for (const text of [a.markdown, a.text]) {
        const t0 = performance.now();
        recoverSandboxPositioning(text, BRANDS);
        times.push(performance.now() - t0);
      }
  times.sort((a, b) => a - b);
  const p50 = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);
  const share = write / build;
  console.log(
    `answers ${answers.length}; build ${build.toFixed(1)} µs an answer, of which positioning ${write.toFixed(1)} µs (${(share * 100).toFixed(0)} %)`,
  );
  console.log(`recover ${(p50 * 1000).toFixed(1)} µs a text median, p95 ${(p95 * 1000).toFixed(1)} µs`);
  const targetsMet = share < 0.25 && p95 < 1;
  console.log(
    `targets: positioning < 25 % of an answer ${share < 0.25 ? 'met' : 'MISSED'}, recover p95 < 1 ms ${p95 < 1 ? 'met' : 'MISSED'}`,
  );
  return { name: 'sandbox positioning (write, read back)', targetsMet };
};

export default bench;
