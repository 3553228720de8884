import type { Lang } from '../locales';

// How the sandbox states each fact, per language: `{b}` the brand, `{v}` the value as written
// (a year, a place, a price with its period), `{line}` the product line. A denial is its own
// template, so the negation sits where each language puts it.

export interface FactTemplates {
  founded: string;
  headquarters: string;
  trialYes: string;
  trialNo: string;
  returnsYes: string;
  returnsNo: string;
  price: string;
  perMonth: string;
}

// prettier-ignore
export const FACT_TEMPLATES: Readonly<Record<Lang, FactTemplates>> = {
  en: { founded: '{b} was founded in {v}.', headquarters: '{b} is headquartered in {v}.', trialYes: '{b} offers a free trial.', trialNo: '{b} does not offer a free trial.', returnsYes: '{b} offers free returns.', returnsNo: '{b} does not offer free returns.', price: 'The {b} {line} costs {v}.', perMonth: '{v} per month' },
  de: { founded: '{b} wurde {v} gegründet.', headquarters: '{b} hat seinen Sitz in {v}.', trialYes: '{b} bietet eine kostenlose Testversion an.', trialNo: '{b} bietet keine kostenlose Testversion an.', returnsYes: '{b} bietet kostenlose Rücksendungen an.', returnsNo: '{b} bietet keine kostenlosen Rücksendungen an.', price: 'Das {b} {line} kostet {v}.', perMonth: '{v} pro Monat' },
  fr: { founded: '{b} a été fondée en {v}.', headquarters: '{b} a son siège à {v}.', trialYes: '{b} propose un essai gratuit.', trialNo: "{b} ne propose pas d'essai gratuit.", returnsYes: '{b} propose les retours gratuits.', returnsNo: '{b} ne propose pas les retours gratuits.', price: 'Le {b} {line} coûte {v}.', perMonth: '{v} par mois' },
  es: { founded: '{b} fue fundada en {v}.', headquarters: '{b} tiene su sede en {v}.', trialYes: '{b} ofrece una prueba gratuita.', trialNo: '{b} no ofrece una prueba gratuita.', returnsYes: '{b} ofrece devoluciones gratuitas.', returnsNo: '{b} no ofrece devoluciones gratuitas.', price: 'El {b} {line} cuesta {v}.', perMonth: '{v} al mes' },
  it: { founded: '{b} è stata fondata nel {v}.', headquarters: '{b} ha sede a {v}.', trialYes: '{b} offre una prova gratuita.', trialNo: '{b} non offre una prova gratuita.', returnsYes: '{b} offre resi gratuiti.', returnsNo: '{b} non offre resi gratuiti.', price: 'Il {b} {line} costa {v}.', perMonth: '{v} al mese' },
  pt: { founded: 'A {b} foi fundada em {v}.', headquarters: 'A {b} tem sede em {v}.', trialYes: 'A {b} oferece um teste grátis.', trialNo: 'A {b} não oferece teste grátis.', returnsYes: 'A {b} oferece devolução grátis.', returnsNo: 'A {b} não oferece devolução grátis.', price: 'O {b} {line} custa {v}.', perMonth: '{v} por mês' },
  ja: { founded: '{b}は{v}年に設立されました。', headquarters: '{b}の本社は{v}にあります。', trialYes: '{b}には無料トライアルがあります。', trialNo: '{b}には無料トライアルがありません。', returnsYes: '{b}は返品無料です。', returnsNo: '{b}は返品無料ではありません。', price: '{b} {line}の価格は{v}です。', perMonth: '月額{v}' },
  ru: { founded: '{b} основана в {v} году.', headquarters: 'Штаб-квартира {b} находится в городе {v}.', trialYes: 'Бесплатный пробный период у {b} есть.', trialNo: 'Бесплатный пробный период у {b} не предусмотрен.', returnsYes: 'Бесплатный возврат у {b} есть.', returnsNo: 'Бесплатный возврат у {b} не предусмотрен.', price: '{b} {line} стоит {v}.', perMonth: '{v} в месяц' },
  ar: { founded: 'تأسست {b} عام {v}.', headquarters: 'يقع المقر الرئيسي لشركة {b} في {v}.', trialYes: 'تقدم {b} فترة تجريبية مجانية.', trialNo: 'لا تقدم {b} فترة تجريبية مجانية.', returnsYes: 'تقدم {b} إرجاعًا مجانيًا.', returnsNo: 'لا تقدم {b} إرجاعًا مجانيًا.', price: 'يبلغ سعر {b} {line} {v}.', perMonth: '{v} شهريًا' },
};

export function fillFact(template: string, values: { b: string; v: string; line?: string }): string {
  return template.replace(/\{(b|v|line)\}/g, (_, k: 'b' | 'v' | 'line') => values[k] ?? '');
}
