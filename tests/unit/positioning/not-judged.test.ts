import { describe, expect, it } from 'vitest';
import type { BrandDefinition } from '../../../src/shared/analytics';
import {
  builtinVerdict,
  createBuiltinJudge,
  guessLanguage,
  judgeLanguage,
  NOT_JUDGED_PREFIX,
  notJudgedSentence,
} from '../../../src/shared/positioning';

// The built-in judge tells the language of an answer (script, then frequent words) and does not
// judge one written in a language it has no lists for: no positioning for any brand it names
// (not "mentioned, neutral"), and a note saying which language.

const BRANDS: BrandDefinition[] = [
  { id: 'k', name: 'Keyfort', kind: 'brand', aliases: [], domains: [] },
  { id: 'v', name: 'Vaultico', kind: 'competitor', aliases: [], domains: [] },
];

const SAMPLES: Record<string, string> = {
  nl: 'Keyfort is de beste keuze voor een gezin, maar het is niet goedkoop. Vaultico is ook een optie.',
  pl: 'Keyfort jest najlepszym wyborem dla rodziny, ale nie jest tani. Vaultico to też dobra opcja.',
  sv: 'Keyfort är det bästa valet för familjer, men det är inte billigt. Vaultico har också bra funktioner.',
  tr: 'Keyfort aileler için en iyi seçim, ama ucuz değil. Vaultico da bir seçenek olarak düşünülebilir.',
  fi: 'Keyfort on paras valinta perheille, mutta se ei ole halpa. Vaultico on myös hyvä vaihtoehto.',
  ru: 'Keyfort — лучший выбор для семьи, но он не дешёвый. Vaultico тоже неплох.',
  uk: 'Keyfort — найкращий вибір для родини, але він не дешевий. Vaultico теж непоганий.',
  ar: 'Keyfort هو الخيار الأفضل للعائلات، لكنه ليس رخيصا. Vaultico أيضا خيار جيد.',
  ko: '비밀번호 관리자로는 Keyfort를 추천합니다. Vaultico는 저렴하지만 동기화가 느립니다.',
  zh: '我推荐Keyfort。Vaultico的价格更低，但同步经常失败。',
  th: 'ฉันแนะนำKeyfortเพราะปลอดภัย ส่วนVaulticoราคาถูกกว่า',
  ja: 'おすすめは「Keyfort」です。Vaulticoは安いですが、同期が遅いです。',
  en: 'Keyfort is the best pick for families, but Vaultico is cheaper.',
  de: 'Keyfort ist die beste Wahl für Familien, aber Vaultico ist günstiger.',
};

describe('the language of an answer', () => {
  it.each(Object.entries(SAMPLES))('%s', (lang, text) => {
    expect(guessLanguage(text)).toBe(lang);
  });

  it('is the hint when the judge reads it, unless the text is in the script of a language it does not', () => {
    expect(judgeLanguage('de', SAMPLES.en as string)).toEqual({ read: 'de' });
    expect(judgeLanguage('en', SAMPLES.th as string)).toEqual({ unread: 'th' });
    expect(judgeLanguage('en', SAMPLES.uk as string)).toEqual({ unread: 'uk' });
    // A read language's script overrules a hint for another read language…
    expect(judgeLanguage('en', SAMPLES.ko as string)).toEqual({ read: 'ko' });
    expect(judgeLanguage('ja', SAMPLES.zh as string)).toEqual({ read: 'zh' });
    // … and a hint for a language of its own script does not make a Latin answer one.
    expect(judgeLanguage('ko', SAMPLES.en as string)).toEqual({ read: 'en' });
    expect(judgeLanguage('ru', SAMPLES.de as string)).toEqual({ read: 'de' });
    expect(judgeLanguage('ja', SAMPLES.ja as string)).toEqual({ read: 'ja' });
  });

  it('gives way to the text from a hint the judge does not read only when the text is clearly in a read language', () => {
    expect(judgeLanguage('fi', SAMPLES.fi as string)).toEqual({ unread: 'fi' });
    expect(judgeLanguage('fi', 'Keyfort on paras valinta.')).toEqual({ unread: 'fi' });
    expect(judgeLanguage('fi-FI', SAMPLES.en as string)).toEqual({ read: 'en' });
    // No marker word at all: English, as before (a list of names is read).
    expect(judgeLanguage(null, 'Top 5: **Keyfort**, **Vaultico**')).toEqual({ read: 'en' });
    // One word shared with a language the judge does not read ("on" is Finnish too) is not enough.
    expect(
      judgeLanguage(null, 'Keyfort offers a 30-day money-back guarantee on every plan, no questions asked.'),
    ).toEqual({
      read: 'en',
    });
    expect(judgeLanguage(null, 'Keyfort on paras valinta, ja hinta on hyvä.')).toEqual({ unread: 'fi' });
  });
});

describe('an answer in a language the built-in judge does not read', () => {
  it('is not judged: no positioning for any brand it names, and a note naming the language', () => {
    for (const lang of ['fi', 'uk', 'th']) {
      const verdict = builtinVerdict({ text: SAMPLES[lang] as string, format: 'text', brands: BRANDS });
      expect(Array.isArray(verdict), lang).toBe(false);
      expect((verdict as { notScored: string }).notScored.startsWith(NOT_JUDGED_PREFIX), lang).toBe(true);
      expect((verdict as { notScored: string }).notScored, lang).toContain(`(${lang})`);
    }
    expect(
      builtinVerdict({ text: SAMPLES.fi as string, format: 'text', language: 'fi', brands: BRANDS }),
    ).toEqual({
      notScored: 'not judged: Finnish (fi), a language the built-in judge does not read',
    });
    // The array form gives no positioning rather than "mentioned, neutral".
    expect(
      createBuiltinJudge(BRANDS).judge({ text: SAMPLES.th as string, format: 'text', brands: BRANDS }),
    ).toEqual([]);
  });

  it('is judged as before in the languages the judge reads, and an answer naming no brand has no verdict to give', () => {
    for (const lang of ['en', 'de', 'ja', 'nl', 'pl', 'sv', 'tr', 'ru', 'ar', 'ko', 'zh']) {
      const verdict = builtinVerdict({ text: SAMPLES[lang] as string, format: 'text', brands: BRANDS });
      expect(Array.isArray(verdict) && verdict.map((p) => p.brandId).sort(), lang).toEqual(['k', 'v']);
    }
    expect(builtinVerdict({ text: 'Het weer is mooi vandaag.', format: 'text', brands: BRANDS })).toEqual([]);
  });

  it('is said in words, counted', () => {
    expect(notJudgedSentence(0)).toBeNull();
    expect(notJudgedSentence(1)).toBe(
      '1 answer in languages the built-in judge does not read: a model judge can score them',
    );
    expect(notJudgedSentence(1412)).toBe(
      '1,412 answers in languages the built-in judge does not read: a model judge can score them',
    );
  });
});
