import { answerLanguage } from '../positioning/language-guess';

// Which language an answer is written in, well enough to decide how two answers are compared
// (compare-mode.ts): scripts first (kana → Japanese, Han without kana → Chinese, Hangul → Korean,
// Cyrillic, Greek, Arabic, Hebrew, Thai, Devanagari), then, for Latin-script text, the
// positioning judge's marker words (English, German, French, Spanish, Italian, Portuguese).
// Brand and product names in Latin letters inside a Japanese answer do not make it English:
// CJK characters decide as soon as they are a fifth of the letters.

export interface AnswerLanguage {
  /** BCP 47 language ("ja", "de"), or a script subtag for scripts shared by many ("und-Cyrl"). */
  code: string;
}

const SAMPLE_CHARS = 3000;
/** CJK characters decide the language once they are this share of the letters. */
const CJK_SHARE = 0.2;

const SCRIPTS: ReadonlyArray<{ code: string; pattern: RegExp }> = [
  { code: 'ko', pattern: /\p{scx=Hangul}/gu },
  { code: 'und-Cyrl', pattern: /\p{Script=Cyrillic}/gu },
  { code: 'el', pattern: /\p{Script=Greek}/gu },
  { code: 'ar', pattern: /\p{Script=Arabic}/gu },
  { code: 'he', pattern: /\p{Script=Hebrew}/gu },
  { code: 'th', pattern: /\p{Script=Thai}/gu },
  { code: 'hi', pattern: /\p{Script=Devanagari}/gu },
];
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HAN = /\p{Script=Han}/gu;
const LETTER = /\p{L}/gu;
const LATIN = /\p{Script=Latin}/gu;

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** The language of an answer's text; "und" when it has no letters at all. */
export function guessAnswerLanguage(text: string): AnswerLanguage {
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = count(sample, LETTER);
  if (letters === 0) return { code: 'und' };
  const kana = count(sample, KANA);
  const han = count(sample, HAN);
  if ((kana + han) / letters >= CJK_SHARE) return { code: kana > 0 ? 'ja' : 'zh' };
  const latin = count(sample, LATIN);
  let best = { code: 'latin', n: latin };
  for (const s of SCRIPTS) {
    const n = count(sample, s.pattern);
    if (n > best.n) best = { code: s.code, n };
  }
  if (best.code !== 'latin') return { code: best.code };
  return { code: answerLanguage(null, sample) };
}

// Made on first use, as ICU's display names cost a start that never names a language.
let names: Intl.DisplayNames | null = null;

/** "Japanese", "German", "Cyrillic-script text". */
export function languageName(code: string): string {
  if (code === 'und') return 'no text';
  if (code === 'und-Cyrl') return 'Cyrillic-script text';
  names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  return names.of(code) ?? code;
}
