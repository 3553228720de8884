import type { Lang } from './lang';

// Time told as a complaint or as a favour, with no verdict word: a wait given as a span ("six to
// ten weeks", "zehn bis zwölf Wochen", "huit à dix semaines"), as more than a number ("más de un
// mes"), as a taking verb before weeks or months ("richiede in media sei settimane"), or as what
// came later ("payouts arrive months after", "Monate später"), against a quick one ("within a
// week", "innerhalb von fünf Werktagen", "sous dix jours", "entro pochi giorni"). Folded words
// (lower case, accents removed); read by durations.ts.

export interface DurationWords {
  /** Days and hours: a span of them is a complaint only after a taking verb. */
  shortUnits: readonly string[];
  /** Weeks and months: a span of them is a complaint. */
  longUnits: readonly string[];
  /** Units in the plural that "later" may follow ("months after", "Stunden später"). */
  pluralUnits: readonly string[];
  numbers: readonly string[];
  /** Numbers that give no size ("several", "plusieurs"): "in several days" is not quick. */
  vague: readonly string[];
  /** Between the two numbers of a span ("to", "bis", "à", "a", "o"). */
  span: readonly string[];
  /** Up to three words before a number: a quick delay ("within", "innerhalb", "sous", "entro"). */
  quick: readonly string[];
  /** Right before a number of days or hours: a quick delay ("in two days", "en el día"). */
  quickShort: readonly string[];
  /** Up to three words before a number: more than it ("more than", "über", "plus de", "más de"). */
  more: readonly string[];
  /** Up to three words before a number: a verb of taking time ("takes", "dauert", "tarda"). */
  take: readonly string[];
  /** Right after a plural unit: it came later ("later", "später", "plus tard", "dopo"); two words at most. */
  later: readonly string[];
}

// prettier-ignore
export const DURATION_WORDS: Readonly<Partial<Record<Lang, DurationWords>>> = {
  en: {
    shortUnits: ['day', 'days', 'hour', 'hours', 'working'], longUnits: ['week', 'weeks', 'month', 'months', 'fortnight'],
    pluralUnits: ['days', 'hours', 'weeks', 'months'],
    numbers: ['a', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
      'few', 'couple', 'several'],
    vague: ['several', 'few'],
    span: ['to', 'or', '-'], quick: ['within', 'under', 'inside'], quickShort: ['in'], more: ['more', 'over', 'upwards'],
    take: ['take', 'takes', 'taking', 'took', 'taken', 'wait', 'waited', 'waiting'], later: ['later', 'after'],
  },
  de: {
    shortUnits: ['tag', 'tage', 'tagen', 'werktag', 'werktage', 'werktagen', 'stunde', 'stunden'],
    longUnits: ['woche', 'wochen', 'monat', 'monate', 'monaten'], pluralUnits: ['tage', 'stunden', 'wochen', 'monate'],
    numbers: ['ein', 'eine', 'einer', 'einem', 'einen', 'zwei', 'drei', 'vier', 'funf', 'sechs', 'sieben', 'acht',
      'neun', 'zehn', 'elf', 'zwolf', 'wenigen', 'wenige', 'paar', 'mehreren', 'mehrere'],
    vague: ['mehreren', 'mehrere', 'paar'],
    span: ['bis', 'oder'], quick: ['innerhalb', 'binnen', 'unter'], quickShort: ['in'], more: ['uber', 'mehr'],
    take: ['dauert', 'dauern', 'dauerte', 'vergehen', 'vergingen', 'braucht', 'brauchen', 'wartet', 'warten'],
    later: ['spater', 'danach'],
  },
  fr: {
    shortUnits: ['jour', 'jours', 'heure', 'heures', 'ouvres'], longUnits: ['semaine', 'semaines', 'mois'],
    pluralUnits: ['jours', 'heures', 'semaines', 'mois'],
    numbers: ['un', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze',
      'quinze', 'quelques', 'plusieurs'],
    vague: ['plusieurs', 'quelques'],
    span: ['a', 'ou'], quick: ['sous', 'moins'], quickShort: ['en'], more: ['plus', 'dela'],
    take: ['compter', 'faut', 'prend', 'prennent', 'attendre', 'attend', 'mettent', 'met'], later: ['plus tard', 'apres'],
  },
  es: {
    shortUnits: ['dia', 'dias', 'hora', 'horas', 'habiles'], longUnits: ['semana', 'semanas', 'mes', 'meses'],
    pluralUnits: ['dias', 'horas', 'semanas', 'meses'],
    numbers: ['un', 'uno', 'una', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'doce',
      'quince', 'pocos', 'pocas', 'unos', 'unas', 'varios', 'varias'],
    vague: ['varios', 'varias', 'unos', 'unas'],
    span: ['a', 'o'], quick: ['menos', 'maximo'], quickShort: ['en'], more: ['mas'],
    take: ['tarda', 'tardan', 'tardo', 'lleva', 'llevo', 'espera', 'esperar', 'demora'], later: ['despues', 'mas tarde'],
  },
  it: {
    shortUnits: ['giorno', 'giorni', 'ora', 'ore', 'lavorativi'], longUnits: ['settimana', 'settimane', 'mese', 'mesi'],
    pluralUnits: ['giorni', 'ore', 'settimane', 'mesi'],
    numbers: ['un', 'uno', 'una', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci', 'dodici',
      'quindici', 'pochi', 'poche', 'alcuni', 'alcune', 'diversi', 'diverse'],
    vague: ['alcuni', 'alcune', 'diversi', 'diverse'],
    span: ['a', 'o'], quick: ['entro', 'meno'], quickShort: ['in'], more: ['oltre', 'piu'],
    take: ['richiede', 'richiedono', 'servono', 'serve', 'ci vogliono', 'attendere', 'aspettare', 'impiega'],
    later: ['dopo', 'piu tardi'],
  },
};
