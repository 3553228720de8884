import { describe, expect, it } from 'vitest';
import { judgePositioning } from '../../../src/shared/positioning';
import {
  emptyScore,
  loadPositioningSet,
  ratio,
  scoreAnswer,
  type Score,
} from '../../support/positioning-set';

// Regression floor on the labelled set (tests/fixtures/positioning): accuracy on a fixed set is
// deterministic, so the targets are asserted here and the benchmark prints the detail.
// Targets: status with top and recommended counted together ≥ 85 %, sentiment ≥ 80 %, no brand
// judged that the answer does not name; on the whole set and on the held-out part alone.

const STATUS_TARGET = 0.85;
const SENTIMENT_TARGET = 0.8;

/** The set without its indirect-wording part (which has targets of its own). */
const set = loadPositioningSet().filter((a) => !a.file.startsWith('indirect-'));
/** Languages added after the first seven (langs-a): each held to the targets on its own, whole and held out. */
const ADDED = ['nl', 'pl', 'sv', 'tr'];
/** Languages of their own script added beside them (langs-b): each held to the targets on the whole language. */
const ADDED_SCRIPTS = ['ru', 'ar', 'ko', 'zh'];

function scoreOf(answers: typeof set, withHint = true): Score {
  const score = emptyScore();
  for (const a of answers) {
    const result = judgePositioning({
      text: a.text,
      format: a.format,
      language: withHint ? a.language : null,
      brands: a.brands,
    });
    scoreAnswer(score, a, result);
  }
  return score;
}

describe('built-in judge on the labelled set', () => {
  it('the set has what the issue asks: ≥ 25 answers in en/de/fr/ja, ≥ 12 in es/it/pt, ≥ 20 in the languages added later, every status', () => {
    const perLang = new Map<string, number>();
    for (const a of set) perLang.set(a.language, (perLang.get(a.language) ?? 0) + 1);
    for (const l of ['en', 'de', 'fr', 'ja']) expect(perLang.get(l)).toBeGreaterThanOrEqual(25);
    for (const l of ['es', 'it', 'pt']) expect(perLang.get(l)).toBeGreaterThanOrEqual(12);
    for (const l of ADDED) expect(perLang.get(l)).toBeGreaterThanOrEqual(20);
    const statuses = new Set(set.flatMap((a) => Object.values(a.labels).map((l) => l.status)));
    expect([...statuses].sort()).toEqual(['cautioned', 'mentioned', 'recommended', 'top']);
    const heldOut = set.filter((a) => a.heldOut).length / set.length;
    expect(heldOut).toBeGreaterThan(0.28);
  });

  it.each([
    ['whole set', () => set],
    ['held-out part', () => set.filter((a) => a.heldOut)],
  ])('%s: status ≥ 85 % (top+recommended together), sentiment ≥ 80 %, no unnamed brand', (_name, answers) => {
    const s = scoreOf(answers());
    expect(s.falseBrands).toBe(0);
    expect(s.missed).toBe(0);
    expect(ratio(s.statusMerged, s.judged)).toBeGreaterThanOrEqual(STATUS_TARGET);
    expect(ratio(s.sentiment, s.judged)).toBeGreaterThanOrEqual(SENTIMENT_TARGET);
  });

  it.each(ADDED)(
    '%s alone, whole and held-out: status ≥ 85 %, sentiment ≥ 80 %, no unnamed brand',
    (lang) => {
      const answers = set.filter((a) => a.language === lang);
      for (const part of [answers, answers.filter((a) => a.heldOut)]) {
        const s = scoreOf(part);
        expect(s.falseBrands).toBe(0);
        expect(s.missed).toBe(0);
        expect(ratio(s.statusMerged, s.judged)).toBeGreaterThanOrEqual(STATUS_TARGET);
        expect(ratio(s.sentiment, s.judged)).toBeGreaterThanOrEqual(SENTIMENT_TARGET);
      }
    },
  );

  it.each(ADDED_SCRIPTS)(
    '%s: ≥ 20 answers, a third held out; whole language status ≥ 85 %, sentiment ≥ 80 %',
    (lang) => {
      const answers = set.filter((a) => a.language === lang);
      expect(answers.length).toBeGreaterThanOrEqual(20);
      expect(answers.filter((a) => a.heldOut).length).toBeGreaterThanOrEqual(6);
      const s = scoreOf(answers);
      expect(s.missed).toBe(0);
      expect(s.falseBrands).toBe(0);
      expect(ratio(s.statusMerged, s.judged)).toBeGreaterThanOrEqual(STATUS_TARGET);
      expect(ratio(s.sentiment, s.judged)).toBeGreaterThanOrEqual(SENTIMENT_TARGET);
    },
  );

  it('without the language hint the status target still holds (language guessed from the text)', () => {
    const s = scoreOf(set, false);
    expect(s.falseBrands).toBe(0);
    expect(ratio(s.statusMerged, s.judged)).toBeGreaterThanOrEqual(STATUS_TARGET);
  });
});
