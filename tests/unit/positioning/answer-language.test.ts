import { describe, expect, it } from 'vitest';
import { answerLanguage } from '../../../src/shared/positioning/language-guess';

// The judge's language guess for an answer without a hint. Its marker words are counted on
// pieces of the text cut at ASCII punctuation and spaces rather than on the whole text folded
// at once (language-index.ts); these answers pin that both count the same words, accents,
// full-width letters, ligatures and all.

describe('the judge language of an answer without a hint', () => {
  it('counts accented and compatibility forms of marker words as the folded text has them', () => {
    // "für", "nicht" and "Die" make it German, even with accents and capitals.
    expect(answerLanguage(null, 'Die Sohle ist FÜR nasse Wege nicht gemacht, und die Dämpfung auch.')).toBe(
      'de',
    );
    // "não", "você" fold to the Portuguese markers "nao", "voce".
    expect(answerLanguage(null, 'Não compre se você corre muito: os modelos da marca são duros.')).toBe('pt');
    // Full-width Latin letters decompose to ASCII: "ｔｈｅ" is "the".
    expect(answerLanguage(null, 'ｔｈｅ ｂｅｓｔ ａｎｄ ｔｈｅ ｃｈｅａｐｅｓｔ is it')).toBe('en');
    // A word glued to punctuation still counts; a long word made of markers does not.
    expect(answerLanguage(null, '(und)...der,die;das theandisforwith')).toBe('de');
  });

  it('tells Japanese by its kana and keeps the hint when it names a language the judge has', () => {
    expect(answerLanguage(null, 'おすすめはVeloxaです。軽くて走りやすいシューズです。')).toBe('ja');
    expect(answerLanguage(null, 'Veloxa ist der Testsieger – ein Schuh für die Straße.')).toBe('de');
    expect(answerLanguage('fr', 'the and is for with')).toBe('fr');
    expect(answerLanguage(null, '')).toBe('en');
  });
});

describe('the kana the guess looks for', () => {
  it('are at U+3000 and above but for two combining marks (the Latin fast path skips the rest)', () => {
    const kana = /[\p{scx=Hiragana}\p{scx=Katakana}]/u;
    const below: number[] = [];
    for (let c = 0; c < 0x3000; c++) if (kana.test(String.fromCharCode(c))) below.push(c);
    expect(below).toEqual([0x305, 0x323]);
  });
});
