import type { Lang } from './lang';
import type { RootList } from './root-list';

// Roots of problems told as events and of favourable facts, with no verdict word: a thing that
// moves, wears or changes in a degrading direction ("the coating peels", "the GPS track wanders",
// "the door seal comes loose", "der Akku bläht sich auf", "le panier se déforme", "el recubrimiento
// se despega", "il cinturino si spezza"), an operation refused or undone ("card declined",
// "abgewiesen", "rejeté", "anulada"), and the plain facts that speak for a brand ("runs quietly",
// "durchgehend", "joignable", "costante"). Read as the roots of lexicon/roots.ts are (folded,
// opening the word, or anywhere in a German word), merged into them there.

// prettier-ignore
export const EVENT_ROOTS: Readonly<Partial<Record<Lang, RootList>>> = {
  en: {
    problemStarts: ['peel', 'wander', 'drift', 'stray', 'wiped', 'wipes', 'leaking', 'sinking', 'sinks', 'fades', 'fading',
      'loose', 'pending', 'declined', 'refused', 'rejected', 'bounced', 'swell', 'swollen', 'bulg', 'warp', 'rusts',
      'rusting', 'jammed', 'jams', 'stuck', 'loses', 'losing', 'drops', 'dropping', 'shuts', 'reboot', 'misses',
      'skips', 'skipping', 'creak', 'creep', 'duplicat', 'gaps', 'fray', 'tears', 'torn', 'snaps', 'snapped', 'sags',
      'dies', 'dying', 'spam', 'watermark', 'paywall', 'stopping', 'jamming', 'misfir', 'sank', 'crushed', 'dented', 'damaged', 'postpon', 'rescheduled'],
    problemInside: [],
    praiseStarts: ['quietly', 'uninterrupt', 'punctual'],
    praiseInside: [],
  },
  de: {
    problemStarts: ['abgewiesen', 'abgelehnt', 'sackt', 'wandert', 'tropft', 'tropfen', 'verstopf', 'blaht',
      'aufgeblaht', 'schwankt', 'schwanken', 'wochenlang', 'monatelang', 'tagelang', 'rostet', 'verzieht', 'klemmt',
      'quietscht', 'leiert', 'blattert', 'platzt', 'verrutscht', 'storniert', 'gekundigt', 'verloren', 'verschoben',
      'ausgefallen', 'beschadigt'],
    problemInside: ['zwischenfall', 'zwischenfalle', 'wartemusik', 'doppelbuchung', 'fehlbuchung', 'farbstich'],
    praiseStarts: ['durchgehend', 'unterbrechungsfrei', 'punktlich', 'umgehend', 'sofort'],
    praiseInside: [],
  },
  fr: {
    problemStarts: ['rejet', 'refuse', 'effondr', 'gonfl', 'lache', 'deform', 'desalign', 'arrete', 'resili', 'crev',
      'traine', 'fuit', 'raye', 'rayur', 'decoll', 'ecaill', 'rouill', 'coince', 'annule', 'doublon', 'perte'],
    problemInside: [],
    praiseStarts: ['ponctuel', 'constant', 'immediat'],
    praiseInside: [],
  },
  es: {
    problemStarts: ['desaparec', 'cortan', 'despega', 'atasca', 'anulad', 'cancelad', 'humedad', 'desorden', 'rechaz',
      'oxida', 'raya', 'hincha', 'suelta', 'pierde', 'gotea', 'duplicad', 'bloquea', 'tardo', 'tardaron', 'partid',
      'rompio', 'rompieron', 'aplazad'],
    problemInside: [],
    praiseStarts: ['constante', 'puntual', 'inmediat'],
    praiseInside: [],
  },
  it: {
    problemStarts: ['stimat', 'conguagl', 'sband', 'spezza', 'spam', 'raddoppi', 'rifiutat', 'stacca', 'cala', 'calo',
      'gonfi', 'arrugginis', 'incastr', 'annullat', 'gocciol', 'doppi'],
    problemInside: [],
    praiseStarts: ['costante', 'puntual', 'immediat'],
    praiseInside: [],
  },
};
