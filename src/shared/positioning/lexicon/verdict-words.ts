import type { Lang } from './lang';

// Words that frame what follows as the answer's verdict or as advice for one case, read from
// the answer's structure rather than as phrases of a clause. Partial per language: a language
// without an entry simply has no such frame (folded forms, see lang.ts).

export type PartialPerLang<T> = Readonly<Partial<Record<Lang, readonly T[]>>>;

/**
 * Whether the judge reads indirect wording in `lang` (verdict frames, cases, reported problems,
 * listed failures, the foil, a paragraph going on about the brand its last sentence named): the
 * answer's shape, read in every language with verdict labels. Another language keeps the
 * judge's plainer reading.
 */
export function readsIndirect(lang: Lang): boolean {
  return VERDICT_LABELS[lang] !== undefined;
}

/**
 * Languages whose roots and cues were weighed over several passes of indirect answers: in them a
 * fairly warm brand of an advice answer is recommended, a brand weighed and passed over for
 * others is set aside, and two blaming words are a warning. Elsewhere the shape is read with the
 * plainer weights, and a warning from problems alone takes three blaming words (their roots are
 * fewer, so one of them is more often a trade-off read as a fault).
 */
const WEIGHED: ReadonlySet<Lang> = new Set<Lang>(['en', 'de', 'fr', 'es', 'it', 'pt', 'ja']);

export function weighsIndirect(lang: Lang): boolean {
  return WEIGHED.has(lang);
}

/**
 * Labels of a verdict: a heading ("### Verdict"), a paragraph's lead ("**Bottom line:** …",
 * "Overall, …", "Fazit: …"), a table column ("| Our take |") or a table row's first cell
 * ("| **Verdict** | … |").
 */
// prettier-ignore
export const VERDICT_LABELS: PartialPerLang<string> = {
  en: ['in the end', 'so which one', 'so which one?', 'verdict', 'the verdict', 'our verdict', 'final verdict', 'bottom line', 'the bottom line', 'overall', 'my pick',
    'our pick', 'our take', 'my take', 'in short', 'conclusion', 'recommendation', 'our recommendation', 'worth it',
    'worth it?', 'should you buy it', 'should you buy it?', 'tl dr', 'tl;dr', 'tldr', 'final thoughts', 'summary',
    'in summary', 'to sum up', 'my recommendation', 'which should you choose', 'which should you choose?', 'the short answer',
    'short answer', 'should you pick it', 'should you pick it?', 'buy it?', 'should you buy?', 'worth buying?',
    'worth buying'],
  de: ['kaufen', 'kaufen?', 'lohnt sich', 'lohnt sich?', 'fazit', 'unser fazit', 'unterm strich', 'urteil', 'testurteil', 'bewertung', 'empfehlung', 'unsere empfehlung',
    'kurz gesagt', 'lohnt es sich', 'lohnt es sich?', 'mein fazit', 'zusammenfassung', 'meine empfehlung',
    'kaufempfehlung', 'unser urteil'],
  fr: ['faut-il la prendre', 'faut-il la prendre ?', 'faut-il le prendre', 'faut-il le prendre ?', "faut-il l'acheter", "faut-il l'acheter ?", 'verdict', 'notre verdict', 'notre avis', 'avis', 'en resume', 'conclusion', 'recommandation', 'en bref',
    'notre recommandation', 'ca vaut le coup', 'ca vaut le coup ?', 'le verdict', 'notre conseil', 'mon conseil',
    'pour conclure', 'en conclusion', 'mon avis'],
  es: ['¿merece la pena?', 'merece la pena', '¿vale la pena?', 'vale la pena', '¿merece la pena', '¿vale la pena', 'veredicto', 'conclusion', 'en resumen', 'recomendacion', 'nuestra opinion', 'valoracion'],
  it: ['in conclusione', 'verdetto', 'conclusione', 'in sintesi', 'giudizio', 'il nostro parere', 'raccomandazione'],
  pt: ['veredito', 'veredicto', 'conclusao', 'em resumo', 'recomendacao', 'nossa opiniao', 'avaliacao'],
  ja: ['結論', 'まとめ', '総評', '評価', 'おすすめ度'],
  nl: ['conclusie', 'oordeel', 'ons oordeel', 'eindoordeel', 'samenvatting', 'kort gezegd', 'advies', 'ons advies',
    'mijn advies', 'aanrader', 'de moeite waard?', 'de moeite waard'],
  pl: ['podsumowanie', 'werdykt', 'wniosek', 'ocena', 'nasza ocena', 'rekomendacja', 'moja rada', 'w skrocie',
    'czy warto?', 'czy warto'],
  sv: ['slutsats', 'omdome', 'vart omdome', 'sammanfattning', 'kort sagt', 'rekommendation', 'mitt rad', 'vart rad',
    'vart det?', 'vart det'],
  tr: ['sonuc', 'karar', 'ozet', 'ozetle', 'degerlendirme', 'tavsiye', 'onerimiz', 'tavsiyem', 'kisacasi',
    'deger mi?', 'deger mi'],
  ru: ['итог', 'итоги', 'вывод', 'выводы', 'вердикт', 'резюме', 'рекомендация', 'наш совет', 'мой совет', 'короче',
    'стоит ли?', 'стоит ли'],
  ar: ['الخلاصة', 'الخلاصه', 'الحكم', 'الخلاصة النهائية', 'التوصية', 'نصيحتنا', 'الملخص', 'باختصار', 'الخاتمة'],
  ko: ['결론', '요약', '총평', '평가', '추천', '한줄평', '한 줄 요약'],
  zh: ['结论', '总结', '总评', '建议', '推荐', '一句话总结'],
};

/** A verdict cell that opens with one of these is that verdict ("Yes", "No – weak motor", "Skip: …"). */
// prettier-ignore
export const VERDICT_YES: PartialPerLang<string> = {
  en: ['absolutely', 'definitely', 'yes', 'recommended', 'buy'], de: ['ja', 'empfehlenswert'], fr: ['oui'], es: ['si'], it: ['si'],
  pt: ['sim'], nl: ['ja'], pl: ['tak'], sv: ['ja'], tr: ['evet'], ru: ['да'], ar: ['نعم'],
};
// prettier-ignore
export const VERDICT_NO: PartialPerLang<string> = {
  en: ['no', 'skip', 'avoid', 'pass'], de: ['nein'], fr: ['non', 'bof'], es: ['no'], it: ['no'], pt: ['nao'], nl: ['nee'],
  pl: ['nie'], sv: ['nej'], tr: ['hayir', 'pas'], ru: ['нет'], ar: ['لا'], ja: ['見送り', '見送り推奨'],
};

/**
 * Words that open advice for one case ("If you need SSO, Vaultline.", "Für Familien: …",
 * "Si vous rechargez la nuit, Voltéa …"): the first brand after the sentence's first comma or
 * colon is recommended for that case.
 */
// prettier-ignore
export const CONDITION_LEADS: PartialPerLang<string> = {
  en: ['as', 'once', 'should', 'if', 'for', 'unless'], de: ['sind', 'brauchen', 'arbeiten', 'suchen', 'wenn', 'falls', 'fur', 'wer'], fr: ['si', 'pour'], es: ['si', 'para'],
  it: ['se', 'per'], pt: ['se', 'para'], nl: ['als', 'voor'], pl: ['jesli', 'jezeli', 'dla'], sv: ['om', 'for'],
  ru: ['если', 'для'],
};

/** Second words that make a condition lead a mere connective ("For example, …", "Pour autant, …"). */
// prettier-ignore
export const CONDITION_NOT: PartialPerLang<string> = {
  en: ['result', 'expected', 'well', 'such', 'always', 'of', 'far', 'mentioned', 'noted', 'usual', 'soon', 'again', 'more', 'example', 'instance', 'now', 'comparison', 'reference', 'years', 'decades', 'context'],
  de: ['beispiel'], fr: ['autant', 'exemple', 'l', 'comparaison'], es: ['ejemplo'], it: ['esempio'], pt: ['exemplo'],
};
