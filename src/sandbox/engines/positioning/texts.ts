import type { Lang } from '../locales';
import { PHRASES } from '../phrases';
import { DE, EN, FR } from './texts-en-de-fr';
import { ES, IT, PT } from './texts-es-it-pt';
import { AR, JA, RU } from './texts-ja-ru-ar';
import type { LanguageText, Shape } from './units';

// Every language's texts in one place, and the intro of each answer shape.

export const TEXTS: Readonly<Record<Lang, LanguageText>> = {
  en: EN,
  de: DE,
  fr: FR,
  es: ES,
  it: IT,
  pt: PT,
  ja: JA,
  ru: RU,
  ar: AR,
};

/** The intro template of a shape ({cat}, {country}): a ranked answer keeps the one it always had. */
export function introOf(lang: Lang, shape: Shape): string {
  return shape === 'ranked' ? PHRASES[lang].intro : TEXTS[lang].intros[shape];
}

export const TABLE_RULE = '| --- | --- | --- | --- |';
