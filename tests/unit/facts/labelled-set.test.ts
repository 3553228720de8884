import { describe, expect, it } from 'vitest';
import {
  emptyFactsScore,
  loadFactsSet,
  precisionOf,
  recallOf,
  runChecker,
  scoreFactAnswer,
  type FactsScore,
  type LabelledFactAnswer,
} from '../../support/facts-set';

// Regression floor on the labelled facts set (tests/fixtures/facts): the targets for the
// built-in checker's contradictions, precision ≥ 90 % and recall ≥ 80 %, on the whole set and on
// the held-out part alone, on the second batch (written after tuning, never tuned on) and on the
// eight languages added later (written by outside authors before the checker read them); the
// figures per language are printed (docs/internals/facts.md).

const LATER_LANGUAGES = ['ar', 'ko', 'nl', 'pl', 'ru', 'sv', 'tr', 'zh'];

const PRECISION_TARGET = 0.9;
const RECALL_TARGET = 0.8;

const set = loadFactsSet();

function scoreOf(answers: readonly LabelledFactAnswer[]): FactsScore {
  const score = emptyFactsScore();
  for (const a of answers) scoreFactAnswer(score, a, runChecker(a));
  return score;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

describe('built-in facts checker on the labelled set', () => {
  it("the set has what the issue asks: ≥ 150 checks, the judge's fifteen languages, contradictions in each, a held-out part", () => {
    const checks = set.reduce((n, a) => n + a.expected.size, 0);
    expect(checks).toBeGreaterThanOrEqual(150);
    const languages = new Set(set.map((a) => a.language));
    expect([...languages].sort()).toEqual(
      ['de', 'en', 'es', 'fr', 'it', 'ja', 'pt', ...LATER_LANGUAGES].sort(),
    );
    for (const l of languages) {
      const contradictions = set
        .filter((a) => a.language === l)
        .reduce((n, a) => n + [...a.expected.values()].filter((v) => v === 'contradicted').length, 0);
      expect(contradictions, l).toBeGreaterThanOrEqual(4);
    }
    expect(set.filter((a) => a.heldOut).length / set.length).toBeGreaterThan(0.25);
  });

  it.each([
    ['whole set', () => set],
    ['held-out part', () => set.filter((a) => a.heldOut)],
    ['second batch (written after tuning)', () => set.filter((a) => a.batch === 2)],
    ['the eight languages added later', () => set.filter((a) => LATER_LANGUAGES.includes(a.language))],
  ])('%s: contradictions with precision ≥ 90 % and recall ≥ 80 %', (name, answers) => {
    const s = scoreOf(answers());
    const lines = [
      `${name}: ${s.checks} checks, ${s.truePositives + s.falseNegatives} contradictions labelled`,
    ];
    lines.push(
      `  all: precision ${pct(precisionOf(s))}, recall ${pct(recallOf(s))}, agreement ${pct(s.agreed / s.checks)}`,
    );
    for (const l of [...new Set(answers().map((a) => a.language))].sort()) {
      const own = scoreOf(answers().filter((a) => a.language === l));
      lines.push(
        `  ${l}: ${own.checks} checks, precision ${pct(precisionOf(own))}, recall ${pct(recallOf(own))}, agreement ${pct(own.agreed / own.checks)}`,
      );
    }
    console.log(lines.join('\n'));
    expect(precisionOf(s)).toBeGreaterThanOrEqual(PRECISION_TARGET);
    expect(recallOf(s)).toBeGreaterThanOrEqual(RECALL_TARGET);
  });
});
