import { judgePositioning } from '../../src/shared/positioning';
import { emptyScore, loadPositioningSet, ratio, scoreAnswer } from './positioning-set';

// Tuning aid for the built-in judge: `npx tsx tests/support/positioning-errors.ts` prints the
// accuracy of both parts of the labelled set and the errors of the SEEN part only, so the
// held-out part stays unseen while tuning. `--held-out` also lists the held-out errors: use it
// only to report, never to tune (tests/fixtures/positioning/README.md).

const set = loadPositioningSet();
const seen = emptyScore();
const held = emptyScore();
for (const a of set) {
  const result = judgePositioning({ text: a.text, format: a.format, language: a.language, brands: a.brands });
  scoreAnswer(a.heldOut ? held : seen, a, result);
}
for (const [name, s] of [
  ['seen', seen],
  ['held-out', held],
] as const) {
  console.log(
    `${name}: ${s.answers} answers, status ${(ratio(s.statusMerged, s.judged) * 100).toFixed(1)} % ` +
      `(exact ${(ratio(s.statusExact, s.judged) * 100).toFixed(1)} %), sentiment ${(ratio(s.sentiment, s.judged) * 100).toFixed(1)} %, ` +
      `unnamed brands judged ${s.falseBrands}`,
  );
}
for (const e of seen.errors) console.log(`seen  ${e}`);
if (process.argv.includes('--held-out')) for (const e of held.errors) console.log(`held  ${e}`);
