import type { Lang } from './lang';
import type { PartialPerLang } from './verdict-words';
import type { WordScores } from './sentiment-words';

// Phrases of events and facts told without a verdict word, and of lukewarm advice. Pattern
// syntax in lang.ts (folded: lower case, accents removed; French and Italian elisions cut off,
// so "fait l'affaire" reads "fait affaire").

/**
 * Operations done twice, refused or undone, and favourable facts kept over time ("charged
 * twice", "doppelt abgebucht", "débités deux fois", "keeps the same price", "stesso prezzo"),
 * scored as the sentiment words are.
 */
// prettier-ignore
export const EVENT_SCORES: Readonly<Partial<Record<Lang, WordScores>>> = {
  en: {
    '-2': ['charged twice', 'billed twice', 'debited twice', 'charged for a week', 'out of sync', 'fall out of sync',
      'falls out of sync', 'comes loose', 'coming loose', 'wears loose', 'wear loose', 'for weeks', 'for months'],
    '1': ['same day', 'same price', 'same uptime', 'price flat', 'price unchanged', 'still lasts', 'still pays',
      'still settles', 'still runs', 'without gaps', 'no such reports'],
  },
  de: {
    '-2': ['zweimal abgebucht', 'doppelt abgebucht', 'zweimal eingezogen', 'doppelt eingezogen', 'doppelt berechnet',
      'zweimal berechnet', 'setzt sich zu', 'reisst ab', 'bleiben liegen', 'liegen bleiben', 'erst nach mehreren'],
    '1': ['denselben arbeitspreis', 'denselben preis', 'gleichen preis', 'selben tag', 'am selben tag', 'ohne zwischenfalle'],
  },
  fr: {
    '-2': ['debites deux fois', 'preleves deux fois', 'factures deux fois', 'en double', 'prend du jeu', 'des mois',
      'pendant des semaines', 'se desaligne'],
    '1': ['meme prix', 'le jour meme', 'en quelques secondes', 'sans la moindre intervention', 'sans intervention'],
  },
  es: {
    '-2': ['cobran dos veces', 'cobrado dos veces', 'cobro doble', 'doble cargo', 'se cierra sola', 'se cierra solo',
      'durante semanas', 'durante meses'],
    '1': ['mismo precio', 'en el dia', 'al instante', 'sin cobrar', 'sigue sin cobrar'],
  },
  it: {
    '-2': ['addebiti doppi', 'addebito doppio', 'doppio addebito', 'per settimane', 'per mesi', 'tutti insieme'],
    '1': ['stesso prezzo', 'in giornata', 'in orario'],
  },
  zh: { '-2': ['卡在', '丢失', '松动', '停转', '迟迟', '没有回复', '拒付'] },
  ja: { '-2': ['止まる', '止まり', '拒否され', '固まる', '遅れる', '遅延'] },
};

/**
 * Lukewarm advice ("fine if your lawn is small", "geht in Ordnung", "fait l'affaire", "vale si",
 * "va bene"): it recommends for the case it names, but says nothing warm; the brand's tone is
 * at most neutral.
 */
// prettier-ignore
export const HEDGE_CUES: PartialPerLang<string> = {
  en: ['is fine if', 'fine if', 'is ok if', 'ok if', 'is okay if', 'is ok for', 'ok for', 'okay for', 'good enough for',
    'is enough for', 'is fine$'],
  de: ['geht in ordnung', 'kommt mit @ aus', 'genugt fur', 'reicht fur', 'tut es auch'],
  fr: ['fait affaire', 'suffit pour', 'fera affaire'],
  es: ['vale si', 'es suficiente', 'suficiente para', 'sirve si', 'sirve para', 'cumple si'],
  it: ['va bene', 'basta per', 'e sufficiente', 'sufficiente per'],
  pt: ['basta para', 'e suficiente', 'suficiente para', 'serve para'],
  nl: ['volstaat', 'is genoeg voor', 'voldoende voor'],
  pl: ['wystarczy', 'wystarczajacy'],
  tr: ['yeterli', 'yeter'],
  ru: ['хватит', 'достаточно', 'сойдет'],
};
