import { describe, expect, it } from 'vitest';
import { compileBrandMatcher, type BrandDefinition } from '../../../src/shared/analytics';
import { guessAnswerLanguage, languageName } from '../../../src/shared/analytics/answer-language';
import { chooseCompareMode, compareStructure } from '../../../src/shared/analytics/compare-mode';
import { summarizeRepeats } from '../../../src/shared/analytics/repeat-summary';
import { runTitle } from '../../../src/shared/domain/run-title';
import { result, src, srcs } from './fixtures';

// The logic behind Compare's diff mode, its repeat lines and the names runs go by, on answers
// written for these tests (several languages, brand names in Latin letters inside CJK text).

const BRANDS: BrandDefinition[] = [
  { id: 'veloxa', name: 'Veloxa', kind: 'brand', aliases: ['ヴェロクサ'], domains: ['veloxa.com'] },
  { id: 'fleetfoot', name: 'Fleetfoot', kind: 'competitor', aliases: [], domains: ['fleetfoot.co.uk'] },
  { id: 'norrun', name: 'Norrun', kind: 'competitor', aliases: [], domains: ['norrun.de'] },
];
const matcher = compileBrandMatcher(BRANDS);

/** A web search results page without answer text: its organic results' titles and snippets. */
function resultsPage(...lines: [title: string, snippet?: string][]): ReturnType<typeof result> {
  return result({
    engine: 'search',
    sources: lines.map(([title, snippet], i) => ({
      ...src(`https://site${i + 1}.example/page`, i + 1, 'organic'),
      title,
      snippet: snippet ?? null,
    })),
  });
}

const DE =
  'Für lange Läufe auf Asphalt empfehlen wir den Veloxa Glide, weil er gut dämpft. Der Fleetfoot Aero ist leichter, aber die Sohle hält nicht so lange.';
const EN =
  'For long road runs we would pick the Fleetfoot Aero first; the Veloxa Glide is a close second and cushions better.';
const JA =
  'ロードでの長距離ランには Veloxa Glide がおすすめです。クッション性が高く、Fleetfoot Aero より耐久性があります。';
const ZH = '长距离路跑推荐 Veloxa Glide，缓震很好。Norrun 的鞋更轻，但是鞋底不耐磨。';

describe('guessAnswerLanguage', () => {
  it('tells Japanese from Chinese by kana, even with brand names in Latin letters', () => {
    expect(guessAnswerLanguage(JA).code).toBe('ja');
    expect(guessAnswerLanguage(ZH).code).toBe('zh');
  });

  it('reads Latin-script answers by their words, and other scripts by their letters', () => {
    expect(guessAnswerLanguage(DE).code).toBe('de');
    expect(guessAnswerLanguage(EN).code).toBe('en');
    expect(guessAnswerLanguage('Лучшие кроссовки для бега: Veloxa и Fleetfoot.').code).toBe('und-Cyrl');
    expect(guessAnswerLanguage('최고의 러닝화는 Veloxa 입니다').code).toBe('ko');
    expect(guessAnswerLanguage('1234 — 5678').code).toBe('und');
  });

  it('names languages in words an analyst reads', () => {
    expect(languageName('ja')).toBe('Japanese');
    expect(languageName('de')).toBe('German');
    expect(languageName('und-Cyrl')).toBe('Cyrillic-script text');
  });
});

describe('chooseCompareMode', () => {
  it('diffs words only between two answers in one language', () => {
    expect(chooseCompareMode(EN, EN.replace('second', 'third'))).toEqual({ kind: 'words', language: 'en' });
    expect(chooseCompareMode(JA, JA.replace('おすすめ', '人気'))).toEqual({ kind: 'words', language: 'ja' });
  });

  it('compares answers in different languages by structure, and says why', () => {
    const mode = chooseCompareMode(DE, JA);
    expect(mode.kind).toBe('structure');
    if (mode.kind !== 'structure') return;
    expect(mode.languages).toEqual(['de', 'ja']);
    expect(mode.reason).toMatch(/different languages \(German, Japanese\)/);
    expect(chooseCompareMode(JA, ZH).kind).toBe('structure');
  });

  it('compares a results page without text by structure, not by an empty word diff', () => {
    for (const [a, b] of [
      ['', ''],
      [' \n', EN],
      [EN, ''],
    ] as const) {
      const mode = chooseCompareMode(a, b);
      expect(mode.kind).toBe('structure');
      if (mode.kind === 'structure') expect(mode.reason).toMatch(/results page without text/);
    }
  });
});

describe('compareStructure', () => {
  it('lists the brands either answer names with their rank in each, and the cited domains', () => {
    const de = result({
      text: DE,
      sources: srcs('https://veloxa.com/glide', 'https://www.runnersworld.de/test'),
    });
    const en = result({
      text: EN,
      sources: srcs('https://fleetfoot.co.uk/aero', 'https://veloxa.com/glide'),
    });
    const { brands, sources } = compareStructure(de, en, matcher);
    expect(brands.map((b) => [b.name, b.rankA, b.rankB, b.change])).toEqual([
      ['Fleetfoot', 2, 1, 'up'],
      ['Veloxa', 1, 2, 'down'],
    ]);
    expect(JSON.stringify(sources)).toContain('fleetfoot.co.uk');
    expect(JSON.stringify(sources)).toContain('runnersworld.de');
  });

  it('marks a brand named in only one answer, and lists none without brands', () => {
    const ja = result({ text: JA });
    const zh = result({ text: ZH });
    const { brands } = compareStructure(ja, zh, matcher);
    expect(brands.map((b) => [b.name, b.change])).toEqual([
      ['Veloxa', 'same'],
      ['Norrun', 'only-b'],
      ['Fleetfoot', 'only-a'],
    ]);
    expect(compareStructure(ja, zh, null).brands).toEqual([]);
  });

  it('reads a results page without text by its titles and snippets, ranked by result', () => {
    const page = resultsPage(
      ['Best road running shoes of the year'],
      ['Norrun Trail 2 review', 'Lighter than the Veloxa Glide'],
      ['Fleetfoot Aero tested'],
    );
    const { brands } = compareStructure(result({ text: EN }), page, matcher);
    expect(brands.map((b) => [b.name, b.rankA, b.rankB, b.change])).toEqual([
      ['Veloxa', 2, 2, 'same'],
      ['Norrun', null, 2, 'only-b'],
      ['Fleetfoot', 1, 3, 'down'],
    ]);
  });
});

describe('summarizeRepeats', () => {
  const first = (name: string): ReturnType<typeof result> =>
    result({ text: `${name} comes first here, then the others: Veloxa, Fleetfoot, Norrun.` });

  it('says how many repeats name which brand first', () => {
    const answers = [
      ...Array.from({ length: 48 }, () => first('Veloxa')),
      first('Fleetfoot'),
      first('Norrun'),
    ];
    const summary = summarizeRepeats(answers, matcher);
    expect(summary.text).toBe('50 repeats: 48 name Veloxa first');
    expect(summary.leader).toEqual({ brandId: 'veloxa', name: 'Veloxa', answers: 48 });
  });

  it('writes "all", "both", "it" and the singular in plain English', () => {
    expect(summarizeRepeats([first('Fleetfoot'), first('Fleetfoot'), first('Fleetfoot')], matcher).text).toBe(
      '3 repeats: all name Fleetfoot first',
    );
    expect(summarizeRepeats([first('Norrun'), first('Norrun')], matcher).text).toBe(
      '2 repeats: both name Norrun first',
    );
    expect(summarizeRepeats([first('Veloxa')], matcher).text).toBe('1 repeat: it names Veloxa first');
  });

  it('gives ties to the brand defined first, and says when no answer names a tracked brand', () => {
    expect(summarizeRepeats([first('Fleetfoot'), first('Veloxa')], matcher).text).toBe(
      '2 repeats: 1 names Veloxa first',
    );
    const none = [result({ text: 'Any shoe that fits will do.' }), result({ text: 'Try several.' })];
    expect(summarizeRepeats(none, matcher).text).toBe('2 repeats: none names a tracked brand');
    expect(summarizeRepeats(none, null).text).toBe('2 repeats');
  });

  it('counts results pages without text by the brand their highest-ranked naming result names first', () => {
    const pages = [
      resultsPage(['Best trail shoes'], ['Veloxa Glide review', 'Beats the Fleetfoot Aero']),
      resultsPage(['Veloxa Glide 3 | Official store'], ['Fleetfoot Aero']),
      resultsPage(['Fleetfoot Aero vs Veloxa Glide']),
    ];
    expect(summarizeRepeats(pages, matcher).text).toBe('3 repeats: 2 name Veloxa first');
    expect(summarizeRepeats([resultsPage(['Best trail shoes'])], matcher).text).toBe(
      '1 repeat: none names a tracked brand',
    );
  });
});

describe('runTitle', () => {
  it('names a run by its name, never its id', () => {
    expect(runTitle({ name: '  Demo · Trail and race ', firstPrompt: 'x', promptCount: 4 })).toBe(
      'Demo · Trail and race',
    );
  });

  it('falls back to the first prompt, cut at a word, with how many more there are', () => {
    expect(runTitle({ name: null, firstPrompt: 'best trail running shoes', promptCount: 1 })).toBe(
      '“best trail running shoes”',
    );
    expect(runTitle({ name: '', firstPrompt: 'best trail running shoes', promptCount: 2 })).toBe(
      '“best trail running shoes” + 1 more prompt',
    );
    const long = runTitle({
      name: null,
      firstPrompt: 'which   running shoes are best for flat feet and long distances on asphalt in winter',
      promptCount: 3,
    });
    expect(long).toBe('“which running shoes are best for flat feet and long…” + 2 more prompts');
  });

  it('counts prompts when it knows nothing else', () => {
    expect(runTitle({ name: null, promptCount: 1 })).toBe('1 prompt');
    expect(runTitle({ name: null, firstPrompt: null, promptCount: 3 })).toBe('3 prompts');
  });
});
