import type { Lang } from './lang';
import { foldText } from '../../analytics/text-fold';
import { EVENT_ROOTS } from './event-roots';
import type { RootList } from './root-list';
import {
  MORE_FREEING_SUFFIXES,
  MORE_NEGATING_PREFIXES,
  MORE_ROOT_NEGATORS,
  MORE_ROOTS,
} from './roots-more-languages';
import type { PartialPerLang } from './verdict-words';

// Roots of blame and praise, read inside words rather than as whole words, for what an answer
// says for or against a brand in words no phrase list holds: "Synchronisationsprobleme",
// "Verbindungsabbrüche", "desyncs", "décroche", "caídas". Folded forms (lower case, accents
// removed, see lang.ts). `starts`: the root opens the word ("crash" finds crashes, crashing);
// `inside`: anywhere in it (German compounds put the root last: "Abrechnungsfehler"). A praise
// root after a negating prefix of its language is blame ("unzuverlässig", "instable"); a
// blame root before a freeing suffix is praise ("problemlos", "störungsfrei"). Words a phrase
// of the lexicon already reads are not read again (roots.ts).

export type { RootList };

// prettier-ignore
const WORD_ROOTS: Readonly<Partial<Record<Lang, RootList>>> = {
  en: {
    problemStarts: ['crash', 'glitch', 'outage', 'disconnect', 'desync', 'timeout', 'overheat', 'clog', 'wobbl', 'grainy',
      'flimsy', 'fragil', 'crack', 'squeak', 'rattl', 'defect', 'fault', 'flaw', 'buggy', 'bugs', 'laggy', 'lagging',
      'stutter', 'freezes', 'drains', 'draining', 'throttl', 'stall', 'delay', 'overcharg', 'complain', 'complaint',
      'backlog', 'sluggish', 'shrunk', 'shrank', 'shrink', 'deteriorat', 'plummet', 'slipping', 'spotty', 'patchy',
      'unhelpful', 'unacceptab', 'frustrat', 'annoy', 'nightmare', 'headache', 'scam', 'fraud', 'breach', 'hacked',
      'malfunction', 'error', 'fail', 'broke', 'breaks', 'breakdown', 'problem', 'issues', 'hiccup', 'quirk', 'blurr',
      'noisy', 'wrong', 'missing', 'mistak', 'inaccura', 'incorrect', 'unreadab', 'unanswer', 'unresolv', 'unfinish',
      'unusab', 'unrespons', 'unavailab', 'inaccessib', 'cancell', 'disappoint', 'worse', 'worst', 'unstab', 'unreliab',
      'undependab', 'unpredictab', 'grievanc', 'downtime', 'dropout', 'underpower', 'gouging', 'surcharg', 'hassle', 'trouble'],
    problemInside: [],
    praiseStarts: ['reliab', 'dependab', 'uneventful', 'smooth', 'seamless', 'flawless', 'effortless', 'painless',
      'crisp', 'sturdy', 'robust', 'durab', 'predictab', 'trustworth', 'trusted', 'stable', 'stabil', 'responsive',
      'prompt', 'speedy', 'snappy', 'polished', 'praised', 'beloved'],
    praiseInside: [],
  },
  de: {
    problemStarts: ['hakt', 'hangt', 'ruckel', 'lahm', 'wackel', 'kaputt', 'undicht', 'mies', 'abgenutzt', 'nervig',
      'umstandlich', 'enttausch', 'unbrauchbar', 'unerreichbar', 'unbearbeitet', 'unbeantwortet', 'ignorier', 'lucken',
      'uberfull', 'uberlastet', 'verspat', 'verzoger', 'schwach', 'brechen', 'bricht', 'reisst', 'reissen', 'streik',
      'klagen', 'beklag', 'unzuverl', 'instabil', 'langsam', 'hangen'],
    problemInside: ['problem', 'storung', 'ausfall', 'ausfalle', 'fehler', 'absturz', 'abbruch', 'abbruche', 'beschwerde',
      'verzogerung', 'mangel', 'defekt', 'panne', 'warteschleife', 'wartezeit', 'verschleiss', 'funkloch', 'funklocher',
      'einbruch', 'engpass', 'reklamation', 'arger', 'frust', 'lucke'],
    praiseStarts: ['reibungslos', 'einwandfrei', 'tadellos', 'souveran', 'ausgereift', 'bewahrt', 'flott', 'zufrieden',
      'erreichbar', 'robust', 'stabil', 'verlasslich', 'solid', 'stimmig'],
    praiseInside: ['empfehlung', 'zuverlassig', 'problemlos', 'storungsfrei', 'fehlerfrei', 'ausfallsicher', 'stabil'],
  },
  fr: {
    problemStarts: ['coupure', 'plant', 'crash', 'ralenti', 'retard', 'bloque', 'blocage', 'echou', 'echec', 'decroch',
      'sature', 'inaccessib', 'injoignab', 'introuvab', 'illisib', 'casse', 'grinc', 'fuite', 'surchauff', 'bruyant',
      'plainte', 'reclamation', 'litige', 'trainent', 'faiblit', 'pire', 'degrad', 'hausse', 'arnaque', 'penible',
      'erreur', 'perdu', 'saute', 'dysfonction', 'defaut', 'bugs', 'beug', 'insuffisan', 'manque', 'incident', 'deconnect'],
    problemInside: [],
    praiseStarts: ['fiab', 'stable', 'robuste', 'fluide', 'impeccab', 'irreprochab', 'efficace', 'reactif', 'reactive',
      'ponctuel', 'serieu', 'rapide', 'sans souci', 'complet'],
    praiseInside: [],
  },
  es: {
    problemStarts: ['caida', 'fallo', 'falla', 'error', 'queja', 'retras', 'tarda', 'bloque', 'cuelga', 'inestab',
      'inaccesib', 'defectu', 'roto', 'rota', 'hunde', 'desgast', 'ruidos', 'calienta', 'sobrecalient', 'abusiv', 'estafa',
      'denuncia', 'reclamacion', 'problema', 'incidencia', 'subido', 'subida', 'empeor', 'deficien', 'pesim', 'decepcion',
      'insoportab', 'averia', 'corte', 'lentitud', 'perdid', 'cobro', 'cargos'],
    problemInside: [],
    praiseStarts: ['fiab', 'estab', 'durader', 'robust', 'fluid', 'puntual', 'eficaz', 'impecab', 'cumple'],
    praiseInside: [],
  },
  it: {
    problemStarts: ['guast', 'problem', 'disserviz', 'interruz', 'ritard', 'blocc', 'crash', 'instabil', 'inaffidab',
      'difett', 'rotto', 'rotti', 'perde', 'lament', 'reclam', 'segnalazion', 'sbagliat', 'costos', 'peggior', 'scadent',
      'deludent', 'rumoros', 'surriscald', 'errore', 'errori', 'lentezz', 'disagi', 'malfunzion', 'pesant', 'aument', 'rincar', 'attes'],
    problemInside: [],
    praiseStarts: ['affidab', 'stabil', 'robust', 'puntual', 'rispett', 'veloce', 'rapid', 'impeccab', 'solid', 'meglio', 'flessibil'],
    praiseInside: [],
  },
};

/** Folded as the answers are (lower case, accents removed): the roots of MORE_ROOTS are written as spelled. */
const folded = (list: readonly string[]): string[] => list.map((w) => foldText(w));

function joined(a: RootList, b: RootList | undefined): RootList {
  if (b === undefined) return a;
  return {
    problemStarts: [...a.problemStarts, ...folded(b.problemStarts)],
    problemInside: [...a.problemInside, ...folded(b.problemInside)],
    praiseStarts: [...a.praiseStarts, ...folded(b.praiseStarts)],
    praiseInside: [...a.praiseInside, ...folded(b.praiseInside)],
  };
}

const NO_ROOTS: RootList = { problemStarts: [], problemInside: [], praiseStarts: [], praiseInside: [] };

/**
 * The roots of each language: those of words and of events (lexicon/event-roots.ts) for the
 * languages whose indirect wording is read, and those of lexicon/roots-more-languages.ts.
 */
export const ROOTS: Readonly<Partial<Record<Lang, RootList>>> = Object.fromEntries([
  ...Object.entries(WORD_ROOTS).map(([lang, r]) => [lang, joined(r, EVENT_ROOTS[lang as Lang])]),
  ...Object.entries(MORE_ROOTS).map(([lang, r]) => [lang, joined(NO_ROOTS, r)]),
]);

/** Each language's list from `base` and from `more`, folded. */
function perLang(base: PartialPerLang<string>, more: PartialPerLang<string>): PartialPerLang<string> {
  const out: Partial<Record<Lang, readonly string[]>> = { ...base };
  for (const [lang, list] of Object.entries(more)) out[lang as Lang] = folded(list ?? []);
  return out;
}

/** Prefixes that turn a praise root into blame ("unzuverlässig", "inaffidabile", "instable"). */
// prettier-ignore
const WORD_NEGATING_PREFIXES: PartialPerLang<string> = {
  en: ['un', 'in', 'non'], de: ['un', 'in'], fr: ['in', 'non'], es: ['in', 'des', 'no'], it: ['in', 'non'],
};

/** Endings that turn a blame root into praise ("problemlos", "störungsfrei", "fehlerfrei"). */
// prettier-ignore
const WORD_FREEING_SUFFIXES: PartialPerLang<string> = {
  en: ['free', 'less'], de: ['los', 'frei', 'sicher', 'slos', 'sfrei', 'ssicher'],
};

/**
 * Words that turn a root within three words after them ("no major incidents", "ohne
 * nennenswerte Störungen", "n'a pas connu de panne", "apenas recibe quejas", "not reliable").
 */
// prettier-ignore
const WORD_ROOT_NEGATORS: PartialPerLang<string> = {
  en: ['no', 'not', 'never', 'without', 'zero', "isn't", "wasn't", "aren't", "doesn't", "didn't", "hasn't", "haven't", 'nor', 'barely', 'hardly', 'rarely', 'fewer'],
  de: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'ohne', 'nie', 'niemals', 'kaum', 'selten'],
  fr: ['pas', 'sans', 'aucun', 'aucune', 'jamais', 'guere', 'rarement', 'ni'],
  es: ['no', 'sin', 'ningun', 'ninguna', 'ninguno', 'nunca', 'apenas', 'rara', 'ni'],
  it: ['non', 'senza', 'nessun', 'nessuna', 'nessuno', 'mai', 'raramente', 'ne'],
};

export const NEGATING_PREFIXES = perLang(WORD_NEGATING_PREFIXES, MORE_NEGATING_PREFIXES);
export const FREEING_SUFFIXES = perLang(WORD_FREEING_SUFFIXES, MORE_FREEING_SUFFIXES);
export const ROOT_NEGATORS = perLang(WORD_ROOT_NEGATORS, MORE_ROOT_NEGATORS);

/**
 * Words that, right after a root of change or failure, say how much it changes, not that it is
 * good ("die Bandbreite schwankt stark", "drifts badly", "cala molto"): their praise is not read.
 */
// prettier-ignore
export const INTENSIFIERS_AFTER: PartialPerLang<string> = {
  en: ['badly', 'heavily', 'sharply', 'strongly', 'wildly'], de: ['stark', 'heftig', 'deutlich', 'massiv', 'kraftig'],
  fr: ['fortement', 'beaucoup', 'nettement'], es: ['mucho', 'bastante', 'fuertemente'], it: ['molto', 'parecchio', 'fortemente'],
};
