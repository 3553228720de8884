import { describe, expect, it } from 'vitest';
import { judgePositioning } from '../../../src/shared/positioning';
import {
  emptyScore,
  loadPositioningSet,
  partOf,
  ratio,
  scoreAnswer,
  type LabelledAnswer,
  type Score,
} from '../../support/positioning-set';
import { judgeNamed } from '../../support/positioning-cases';

// The indirect-wording part of the labelled set (tests/fixtures/positioning/indirect-*.yaml:
// alternatives, problems without a verdict word, verdict columns, conditionals, "used to be",
// pros/cons with a closing verdict), its second to seventh held-out batches
// (indirect-fresh-*.yaml, indirect-third-*.yaml, indirect-fourth-*.yaml, indirect-fifth-*.yaml,
// indirect-sixth-*.yaml, indirect-seventh-*.yaml, each written after a version's rules were tuned
// and never tuned on)
// and what reading it must not cost the first part. Floors are the figures measured when the rules were last changed
// (docs/internals/positioning-judge.md): accuracy on a fixed set is deterministic, so a rule that
// loses answers fails here.

const all = loadPositioningSet();
const indirect = all.filter((a) => partOf(a) === 'indirect');
const fresh = all.filter((a) => partOf(a) === 'fresh');
const third = all.filter((a) => partOf(a) === 'third');
const fourth = all.filter((a) => partOf(a) === 'fourth');
const fifth = all.filter((a) => partOf(a) === 'fifth');
const sixth = all.filter((a) => partOf(a) === 'sixth');
const seventh = all.filter((a) => partOf(a) === 'seventh');
const pass8 = all.filter((a) => a.file.startsWith('indirect-pass8-'));
const pass9 = all.filter((a) => a.file.startsWith('indirect-pass9-'));
const pass10 = all.filter((a) => a.file.startsWith('indirect-pass10-'));
const pass11 = all.filter((a) => a.file.startsWith('indirect-pass11-'));
const pass12 = all.filter((a) => a.file.startsWith('indirect-pass12-'));
const eighth = all.filter((a) => partOf(a) === 'eighth');
const ninth = all.filter((a) => partOf(a) === 'ninth');
const tenth = all.filter((a) => partOf(a) === 'tenth');
const eleventh = all.filter((a) => partOf(a) === 'eleventh');
/** The seven languages' own files, as they were before the indirect part: other files do not move these floors. */
const FIRST_FILES = new Set(['en', 'de', 'fr', 'es', 'it', 'pt', 'ja']);
const first = all.filter((a) => FIRST_FILES.has(a.file));
/** The languages whose passes of seen answers were written first. */
const FIVE = new Set(['en', 'de', 'fr', 'es', 'it']);
/** The indirect part's first files, whose answers are held out by number. */
const FIRST_INDIRECT = new Set(['indirect-en', 'indirect-de', 'indirect-fr']);

function scoreOf(answers: readonly LabelledAnswer[]): Score {
  const score = emptyScore();
  for (const a of answers) {
    scoreAnswer(
      score,
      a,
      judgePositioning({ text: a.text, format: a.format, language: a.language, brands: a.brands }),
    );
  }
  return score;
}

const status = (s: Score): number => ratio(s.statusMerged, s.judged);
const sentiment = (s: Score): number => ratio(s.sentiment, s.judged);

describe('built-in judge on indirect wording', () => {
  it('the part has ≥ 60 answers in ≥ 3 languages, English the largest, six shapes, a third of the first files held out, ≥ 40 more seen', () => {
    expect(indirect.length).toBeGreaterThanOrEqual(60);
    const langs = new Map<string, number>();
    for (const a of indirect) langs.set(a.language, (langs.get(a.language) ?? 0) + 1);
    expect(langs.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...langs.values())).toBe(langs.get('en'));
    expect([...new Set(indirect.map((a) => a.shape))].sort()).toEqual([
      'alternatives',
      'conditional',
      'problems-report',
      'pros-cons-verdict',
      'used-to-be',
      'verdict-table',
    ]);
    // The first 64 answers hold out every third; the later files are seen or held out whole.
    const numbered = indirect.filter((a) => FIRST_INDIRECT.has(a.file));
    const held = numbered.filter((a) => a.heldOut).length / numbered.length;
    expect(held).toBeGreaterThan(0.3);
    expect(held).toBeLessThan(0.37);
    const more = indirect.filter((a) => a.file.startsWith('indirect-more-'));
    expect(more.length).toBeGreaterThanOrEqual(40);
    expect(more.every((a) => !a.heldOut)).toBe(true);
    const pass4 = indirect.filter((a) => a.file.startsWith('indirect-pass4-'));
    expect(pass4.length).toBeGreaterThanOrEqual(40);
    expect(pass4.every((a) => !a.heldOut)).toBe(true);
    const pass5 = indirect.filter((a) => a.file.startsWith('indirect-pass5-'));
    expect(pass5.length).toBeGreaterThanOrEqual(40);
    expect(pass5.every((a) => !a.heldOut)).toBe(true);
    expect(pass5.filter((a) => a.language === 'de').length).toBeGreaterThanOrEqual(10);
    const pass6 = indirect.filter((a) => a.file.startsWith('indirect-pass6-') && FIVE.has(a.language));
    expect(pass6.length).toBeGreaterThanOrEqual(40);
    expect(pass6.every((a) => !a.heldOut)).toBe(true);
    expect(pass6.filter((a) => a.language === 'de').length).toBeGreaterThanOrEqual(10);
    const pass7 = indirect.filter((a) => a.file.startsWith('indirect-pass7-'));
    expect(pass7.length).toBeGreaterThanOrEqual(40);
    expect(pass7.every((a) => !a.heldOut)).toBe(true);
    expect(pass7.filter((a) => a.language === 'de').length).toBeGreaterThanOrEqual(10);
    expect(new Set(pass7.map((a) => a.shape)).size).toBe(6);
  });

  it('the eighth pass has ≥ 3 seen answers in each of ten more languages and ≥ 15 in the five', () => {
    expect(pass8.every((a) => !a.heldOut)).toBe(true);
    const more = ['ar', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'sv', 'tr', 'zh'];
    for (const lang of more)
      expect(pass8.filter((a) => a.language === lang).length).toBeGreaterThanOrEqual(3);
    expect(pass8.filter((a) => FIVE.has(a.language)).length).toBeGreaterThanOrEqual(15);
  });

  it.each([
    { name: 'seventh', batch: seventh },
    { name: 'eighth', batch: eighth },
    { name: 'ninth', batch: ninth },
    { name: 'tenth', batch: tenth },
    { name: 'eleventh', batch: eleventh },
  ])(
    'the $name held-out batch has ≥ 24 answers, all held out, in the six shapes and nine or more languages',
    ({ batch }) => {
      expect(batch.length).toBeGreaterThanOrEqual(24);
      expect(batch.every((a) => a.heldOut)).toBe(true);
      expect(new Set(batch.map((a) => a.shape)).size).toBe(6);
      expect(new Set(batch.map((a) => a.language)).size).toBeGreaterThanOrEqual(9);
    },
  );

  it.each([
    { name: 'sixth', batch: sixth, least: 24 },
    { name: 'fifth', batch: fifth, least: 24 },
    { name: 'fourth', batch: fourth, least: 24 },
    { name: 'third', batch: third, least: 24 },
    { name: 'second', batch: fresh, least: 20 },
  ])(
    'the $name held-out batch has ≥ $least answers, all held out, in the six shapes and five languages',
    ({ batch, least }) => {
      expect(batch.length).toBeGreaterThanOrEqual(least);
      expect(batch.every((a) => a.heldOut)).toBe(true);
      expect(new Set(batch.map((a) => a.shape)).size).toBe(6);
      expect([...new Set(batch.map((a) => a.language))].sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
    },
  );

  it.each([
    // Judge version 7 read 88.1 / 88.1 % (first 64), 76.5 / 80.4 % (held out), 96.1 / 90.8 % (the
    // 96 more seen answers), 85.2 / 84.3 % (the fourth pass), 98.8 / 90.7 % (the fifth pass),
    // 88.9 / 86.7 % (the sixth), 60.2 / 65.3 % (the seventh pass of 40, read before it was tuned
    // on), 82.6 / 71.7 % (the second held-out batch), 79.2 / 75.5 % (the third), 82.4 / 72.5 %
    // (the fourth: version 8 reads one Spanish brand less), 53.8 / 63.5 % (the fifth) and 48.2 /
    // 62.5 % (the sixth, written after version 8 was tuned). Judge version 8 read the eighth pass
    // at 35.1 / 53.2 % before it was tuned on, and the seventh held-out batch (written after
    // version 9) at the same 65.2 / 71.7 % as version 9.
    ['first 64 answers', () => indirect.filter((a) => FIRST_INDIRECT.has(a.file)), 0.893, 0.893],
    ['held-out answers', () => indirect.filter((a) => a.heldOut), 0.882, 0.862],
    [
      'the 96 more seen answers',
      () => indirect.filter((a) => a.file.startsWith('indirect-more-')),
      0.96,
      0.907,
    ],
    [
      'the fourth pass of seen answers',
      () => indirect.filter((a) => a.file.startsWith('indirect-pass4-')),
      0.851,
      0.833,
    ],
    [
      'the fifth pass of seen answers',
      () => indirect.filter((a) => a.file.startsWith('indirect-pass5-')),
      0.988,
      0.906,
    ],
    [
      'the sixth pass of seen answers',
      () => indirect.filter((a) => a.file.startsWith('indirect-pass6-') && FIVE.has(a.language)),
      0.933,
      0.877,
    ],
    [
      'the seventh pass of seen answers',
      () => indirect.filter((a) => a.file.startsWith('indirect-pass7-')),
      0.734,
      0.703,
    ],
    // Read with roots for the first time (version 7): 24 answers in eight more languages, whose
    // statuses version 8's plain reading left `mentioned` (12.8 %); version 9 reads their shape.
    [
      'the roots of eight more languages',
      () => indirect.filter((a) => a.file.startsWith('indirect-pass6-') && !FIVE.has(a.language)),
      0.948,
      1,
    ],
    ['the eighth pass of seen answers', () => pass8, 0.766, 0.883],
    ['the eighth pass, ten more languages', () => pass8.filter((a) => !FIVE.has(a.language)), 0.807, 0.942],
    // Version 9 read the ninth pass at 61.5 / 58.2 % before it was tuned on, version 10 at 67.0 /
    // 62.6 %, version 11 at 73.6 / 67.0 %; version 10 read the tenth at 71.1 / 61.2 % before it was
    // tuned on, version 11 at 82.6 / 72.7 %.
    ['the ninth pass of seen answers', () => pass9, 0.736, 0.67],
    ['the tenth pass of seen answers', () => pass10, 0.826, 0.727],
    // Version 11 read the eleventh pass at 75.2 / 73.5 % before it was tuned on; version 12 at 86.3 / 79.5 %.
    ['the eleventh pass of seen answers', () => pass11, 0.863, 0.794],
    // Version 12 read the twelfth pass at 71.8 / 66.1 % before it was tuned on; version 13 at 77.4 / 69.4 %.
    ['the twelfth pass of seen answers', () => pass12, 0.774, 0.693],
    ['second held-out batch', () => fresh, 0.847, 0.717],
    ['third held-out batch', () => third, 0.792, 0.754],
    ['fourth held-out batch', () => fourth, 0.823, 0.725],
    ['fifth held-out batch', () => fifth, 0.634, 0.653],
    ['sixth held-out batch', () => sixth, 0.642, 0.75],
    ['seventh held-out batch', () => seventh, 0.673, 0.717],
    // Written by a second author after version 9, before version 10 was tuned: both read it alike;
    // version 11 reads one brand more. The ninth, by a third author after version 10: 67.4 / 61.6 %
    // with version 10, 70.9 / 65.1 % with version 11.
    ['eighth held-out batch', () => eighth, 0.8, 0.738],
    ['ninth held-out batch', () => ninth, 0.709, 0.651],
    // By a fourth author after version 11: 73.1 / 67.9 % with version 11, 74.4 / 69.2 % with version 12.
    ['tenth held-out batch', () => tenth, 0.743, 0.692],
    // By another outside author after version 12: 77.9 / 66.2 % with versions 12 and 13.
    ['eleventh held-out batch', () => eleventh, 0.779, 0.662],
  ])('%s: status and sentiment no lower than when measured, no unnamed brand', (_name, answers, st, se) => {
    const s = scoreOf(answers());
    expect(s.falseBrands).toBe(0);
    expect(s.missed).toBe(0);
    expect(status(s)).toBeGreaterThanOrEqual(st);
    expect(sentiment(s)).toBeGreaterThanOrEqual(se);
  });

  it.each([
    // Before these rules: whole 94.4 / 84.4 %, seen 97.3 / 85.9 %, held-out 88.0 / 81.0 %.
    ['whole first part', () => first, 0.944, 0.844],
    ['its seen answers', () => first.filter((a) => !a.heldOut), 0.973, 0.859],
    ['its held-out answers', () => first.filter((a) => a.heldOut), 0.88, 0.81],
  ])('%s: no lower than before the indirect rules', (_name, answers, st, se) => {
    const s = scoreOf(answers());
    expect(status(s)).toBeGreaterThanOrEqual(st);
    expect(sentiment(s)).toBeGreaterThanOrEqual(se);
  });

  it('reads each style on a fresh answer: alternatives, problems, a verdict column, a case, past praise, a closing verdict', () => {
    const judge = judgeNamed;
    expect(
      judge(
        'Zentro is fine for hobby projects. For anything customer-facing, a more mature platform like Corvix or Stackly is the safer route.',
        ['Zentro', 'Corvix', 'Stackly'],
      ),
    ).toMatchObject({ corvix: 'recommended positive', stackly: 'recommended positive' });
    expect(
      judge(
        'Storix has had two data breaches in 18 months and still does not offer two-factor login. Files are stored unencrypted at rest.',
        ['Storix'],
      ),
    ).toEqual({ storix: 'cautioned negative' });
    expect(
      judge(
        '| Service | Price | Worth it? |\n|---|---|---|\n| Streamo | $9 | Yes, for sports fans |\n| Flixa | $12 | No: thin catalogue |',
        ['Streamo', 'Flixa'],
      ),
    ).toEqual({ streamo: 'recommended positive', flixa: 'cautioned negative' });
    expect(
      judge(
        'Wenn Sie viel reisen, ist Reisebank die bessere Wahl. Für reine Online-Nutzer reicht Klickbank.',
        ['Reisebank', 'Klickbank'],
        'de',
      ),
    ).toMatchObject({ klickbank: 'recommended neutral' });
    expect(
      judge(
        'Pixelmeister war lange das beste Bildbearbeitungsprogramm für Einsteiger. Inzwischen kostet er ein Abo, stürzt bei großen Dateien ab und Updates kommen nur noch selten.',
        ['Pixelmeister'],
        'de',
      ),
    ).toEqual({ pixelmeister: 'cautioned negative' });
    expect(
      judge(
        '**Pros:** fast, cheap\n\n**Cons:** noisy\n\n**Verdict:** Blendix is a good buy for occasional smoothies.',
        ['Blendix'],
      ),
    ).toEqual({ blendix: 'top positive' });
    // Praise taken back ("used to be") makes the answer advice: the brand spoken well of now is the alternative.
    expect(
      judge(
        'Lumo used to be the budget pick everyone loved, cheap and bright. Brightly is reliable and well built.',
        ['Lumo', 'Brightly'],
      ),
    ).toMatchObject({ brightly: 'recommended positive' });
    expect(
      judge('| Host | Verdict |\n|---|---|\n| Lumo | Hard to recommend: three outages this spring |', [
        'Lumo',
      ]),
    ).toEqual({ lumo: 'cautioned negative' });
    expect(
      judge('As a freelancer with a handful of clients, Brightly covers everything you need.', ['Brightly']),
    ).toEqual({ brightly: 'recommended positive' });
    // A German condition may open with its verb ("Sind Sie …, …").
    expect(
      judge(
        'Sind Sie oft im Ausland unterwegs, spart Ihnen die Reisekarte alle Gebühren.',
        ['Reisekarte'],
        'de',
      ),
    ).toMatchObject({ reisekarte: 'recommended positive' });
    expect(
      judge(
        "Fonix era una volta il marchio più conveniente. Gli aggiornamenti arrivano con mesi di ritardo e l'assistenza è stata ridotta.",
        ['Fonix'],
        'it',
      ),
    ).toEqual({ fonix: 'cautioned negative' });
    // A news report of losses stays a mention: its blame is news, not a warning.
    expect(
      judge(
        'La Banque Ardent a annoncé jeudi la fermeture de 90 agences et une hausse de ses frais. Les associations dénoncent une décision qui pénalise les clients âgés.',
        ['Banque Ardent'],
        'fr',
      ),
    ).toEqual({ 'banque ardent': 'mentioned negative' });
  });
});
