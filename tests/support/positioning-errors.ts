import { judgePositioning } from '../../src/shared/positioning';
import {
  emptyScore,
  loadPositioningSet,
  partOf,
  ratio,
  scoreAnswer,
  type LabelledAnswer,
  type Score,
} from './positioning-set';

// Tuning aid for the built-in judge: `npx tsx tests/support/positioning-errors.ts` prints the
// accuracy of each part of the labelled set (the first part, the indirect-wording part, the
// latter's held-out batches `fresh`, `third`, `fourth`, `fifth` and `sixth`) per language, seen and held-out, and the errors of the
// SEEN answers only, so the held-out answers stay unseen while tuning. `--part indirect` (or
// `--part first`) keeps one part's errors;
// `--files indirect-pass6-` keeps only the files whose name starts so (figures and errors);
// `--held-out` also lists the held-out errors: use it only to report, never to tune
// (tests/fixtures/positioning/README.md).

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const only = arg('--part');
const filePrefix = arg('--files');

const scores = new Map<string, Score>();
const seenErrors: string[] = [];
const heldErrors: string[] = [];
function add(key: string, a: LabelledAnswer, result: Parameters<typeof scoreAnswer>[2]): Score {
  const s = scores.get(key) ?? emptyScore();
  scores.set(key, s);
  const before = s.errors.length;
  scoreAnswer(s, a, result);
  return { ...s, errors: s.errors.slice(before) };
}
for (const a of loadPositioningSet().filter(
  (x) => filePrefix === undefined || x.file.startsWith(filePrefix),
)) {
  const result = judgePositioning({ text: a.text, format: a.format, language: a.language, brands: a.brands });
  const part = partOf(a);
  const side = a.heldOut ? 'held-out' : 'seen';
  const one = add(`${part} ${a.language} ${side}`, a, result);
  add(`${part} all ${side}`, a, result);
  add(`${part} all whole`, a, result);
  if (only !== undefined && only !== part) continue;
  (a.heldOut ? heldErrors : seenErrors).push(...one.errors);
}
const pct = (n: number, d: number): string => `${(ratio(n, d) * 100).toFixed(1)} %`.padStart(8);
console.log('part     lang side      answers brands  status   exact sentiment');
for (const [key, s] of [...scores].sort(([a], [b]) => a.localeCompare(b))) {
  const [part, lang, side] = key.split(' ') as [string, string, string];
  console.log(
    `${part.padEnd(8)} ${lang.padEnd(4)} ${side.padEnd(9)} ${String(s.answers).padStart(7)} ${String(s.judged).padStart(6)}` +
      `${pct(s.statusMerged, s.judged)}${pct(s.statusExact, s.judged)}${pct(s.sentiment, s.judged)}`,
  );
}
for (const e of seenErrors) console.log(`seen  ${e}`);
if (process.argv.includes('--held-out')) for (const e of heldErrors) console.log(`held  ${e}`);
