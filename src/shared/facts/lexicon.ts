// The words the built-in checker reads claims by, in the seven languages the positioning judge
// reads (en de fr es it pt ja), folded as the answer is (lower case, accents removed: see
// analytics/text-fold). Every list is read whatever the answer's language: an answer mixing
// languages, or whose language is guessed wrong, is still read, and no word of one list is a
// common word of another language that would start a claim on its own.

/** Words that say when a company was founded ("founded in 2014", "gegründet 2014", "2014年に設立"). */
// prettier-ignore
export const FOUNDED = [
  'founded', 'established', 'was started in',
  'gegrundet', 'grundung', 'grundungsjahr',
  'fondee', 'fonde', 'fondation', 'creee', 'cree en',
  'fundada', 'fundado', 'fundacion', 'creada', 'creado',
  'fondata', 'fondato', 'fondazione',
  'fundacao', 'criada', 'criado',
  '設立', '創業', '創立',
];

/** Words after which a place is the company's seat ("based in", "mit Sitz in", "本社は"). */
// prettier-ignore
export const SEAT = [
  'headquartered in', 'headquarters in', 'headquarters are in', 'headquarters is in', 'hq in', 'based in', 'based out of',
  'sitz in', 'hauptsitz in', 'ansassig in', 'firmensitz in', 'seinen hauptsitz in', 'ihren hauptsitz in',
  'basee a', 'base a', 'siege a', 'siege social a', 'siege est a', 'siege est situe a', 'installee a',
  'sede en', 'sede esta en', 'ubicada en', 'radicada en',
  'sede a', 'sede in', 'sede e a',
  'sede em', 'sediada em', 'sediado em', 'sede fica em',
  '本社は', '本社を', '本社が', '本拠地は',
];

/** The seat written after the place ("Lisbon-based", "ベルリンに本社"). */
export const SEAT_AFTER = ['-based', ' based', 'に本社', 'に本拠'];

/** Places too wide to contradict a city's seat ("based in Europe"). */
// prettier-ignore
export const WIDE_PLACES = ['europe', 'europa', 'scandinavia', 'skandinavien', 'scandinavie', 'escandinavia', 'the', 'eu', 'ue', 'asia', 'asie'];

/** Roles a person fact is read after, when its sheet gives no words. */
// prettier-ignore
export const ROLES = [
  'ceo', 'chief executive', 'led by', 'run by',
  'geschaftsfuhrer', 'geschaftsfuhrerin', 'geleitet von', 'geleitet', 'chef', 'chefin',
  'pdg', 'dirigee', 'dirigee par', 'dirige par', 'directeur general', 'directrice generale',
  'director ejecutivo', 'directora ejecutiva', 'consejero delegado', 'consejera delegada', 'dirigida por',
  'amministratore delegato', 'amministratrice delegata', 'guidata da',
  'diretor executivo', 'diretora executiva', 'liderada por',
  '最高経営責任者', '社長',
];

/** Words before a feature that deny it ("no free plan", "kein Offline-Modus", "n'offre pas de version gratuite"). */
// prettier-ignore
export const NEGATORS = [
  'no', 'not', 'without', 'lacks', 'lack', 'lacking', 'never', 'none', 'nor', 'neither',
  "doesn't", "don't", "isn't", "aren't", "hasn't", "haven't", "won't", 'cannot', "can't",
  'doesnt', 'dont', 'isnt', 'discontinued', 'dropped', 'removed', 'scrapped', 'killed',
  'kein', 'keine', 'keinen', 'keiner', 'keinem', 'nicht', 'ohne', 'fehlt', 'eingestellt', 'abgeschafft',
  'pas', 'sans', 'aucun', 'aucune', 'jamais', 'manque', 'supprime', 'supprimee', 'abandonne',
  'sin', 'ningun', 'ninguna', 'nunca', 'tampoco', 'carece', 'elimino', 'eliminado', 'eliminada',
  'non', 'senza', 'nessun', 'nessuna', 'manca', 'mancano', 'rimosso', 'eliminato',
  'nao', 'sem', 'nenhum', 'nenhuma', 'falta', 'removeu', 'removido',
];

/** Words after a feature that deny it ("… is not available", "… gibt es nicht", "… no"). */
// prettier-ignore
export const NEGATORS_AFTER = [
  'is not', "isn't", 'not available', 'unavailable', 'is no longer', 'was discontinued', 'was removed', 'no', 'none',
  'ist nicht', 'gibt es nicht', 'nicht verfugbar', 'nein', 'fehlt', 'entfallt', 'wurde eingestellt',
  "n'est pas", "n'existe pas", "n'est plus", 'non',
  'no esta', 'no existe', 'no disponible', 'no hay',
  'non e', 'non c', 'non esiste', 'non disponibile',
  'nao esta', 'nao existe', 'nao', 'indisponivel',
];

/** Japanese denials after a feature ("無料プランはありません"). */
export const NEGATORS_AFTER_JA = [
  'ありません',
  'ない',
  'なし',
  '非対応',
  'していません',
  'できません',
  '廃止',
];
/** Japanese affirmations after a feature ("無料プランがあり", "オフラインモードにも対応"). */
export const AFFIRMS_AFTER_JA = ['あり', 'ある', '対応', '提供', '用意', '可能', '利用でき'];

/** Words that affirm a feature the clause names ("offers a free plan", "bietet", "tiene"). */
// prettier-ignore
export const AFFIRMS = [
  'has', 'have', 'offers', 'offer', 'includes', 'include', 'included', 'comes with', "there's", 'there is', 'supports',
  'support', 'provides', 'available', 'with', 'works',
  'hat', 'haben', 'bietet', 'anbietet', 'gibt es', 'gibt', 'mit', 'inklusive', 'enthalt', 'unterstutzt', 'verfugbar',
  'propose', 'proposent', 'offre', 'inclut', 'dispose', 'existe', 'prend en charge', 'avec', 'disponible',
  'tiene', 'ofrece', 'incluye', 'cuenta con', 'hay', 'con',
  'ha', 'include', 'esiste', "c'e", 'anche', 'disponibile',
  'tem', 'oferece', 'inclui', 'possui', 'com', 'disponivel',
];

/** Answers in a table cell ("Yes", "Nein", "Oui", "Sí", "あり", "✓"). */
export const CELL_YES = [
  'yes',
  'ja',
  'oui',
  'si',
  'sim',
  'あり',
  '有',
  '○',
  '✓',
  '✔',
  '✅',
  'included',
  'inklusive',
  'inclus',
];
export const CELL_NO = [
  'no',
  'nein',
  'non',
  'nao',
  'なし',
  '無',
  '×',
  '✗',
  '✘',
  '❌',
  'none',
  'keine',
  'aucun',
];

/** The writer is not sure: what follows is no claim ("I'm not sure whether", "ist mir nicht bekannt"). */
// prettier-ignore
export const HEDGES = [
  'not sure', 'not completely sure', 'unsure', 'unclear', 'i believe', 'may have', 'might', 'not certain', 'check their',
  'nicht sicher', 'nicht bekannt', 'unklar', 'moglicherweise', 'vielleicht',
  'pas certain', 'pas sur', 'peut-etre', 'incertain',
  'no estoy seguro', 'no esta claro', 'quizas', 'tal vez',
  'non sono sicuro', 'non e chiaro', 'forse',
  'nao tenho certeza', 'nao esta claro', 'talvez',
  'かもしれ', '不明', 'わかりません',
];

/** Words that mark a past value ("used to cost", "früher", "auparavant"): a claim about the past. */
// prettier-ignore
export const PAST = [
  'used to', 'previously', 'formerly', 'was', 'were', 'until', 'before',
  'fruher', 'ehemals', 'bisher', 'kostete', 'damals', 'vorher',
  'auparavant', 'anciennement', 'avant', 'coutait', 'autrefois',
  'antes', 'anteriormente', 'costaba', 'solia',
  'prima', 'precedentemente', 'costava',
  'custava', 'anteriormente',
  '以前', 'かつて', '旧',
];

/** Words that make an amount approximate ("about $3", "rund 120", "約120人"). */
// prettier-ignore
export const APPROX = [
  'about', 'around', 'roughly', 'approximately', 'approx', 'some', 'nearly', 'almost',
  'rund', 'etwa', 'ca', 'circa', 'ungefahr', 'knapp',
  'environ', 'autour de', 'pres de', 'quelque',
  'unos', 'unas', 'alrededor de', 'aproximadamente', 'cerca de', 'casi',
  'circa', 'quasi', 'intorno a',
  'cerca de', 'aproximadamente', 'quase',
  '約', 'およそ', '程度',
];

/** Words that make an amount a floor ("more than 2 million", "über 2 Millionen", "200万人を超え"). */
// prettier-ignore
export const AT_LEAST = [
  'more than', 'over', 'at least', 'upwards of',
  'uber', 'mehr als', 'mindestens',
  'plus de', 'au moins',
  'mas de', 'al menos',
  'oltre', 'piu di', 'almeno',
  'mais de', 'pelo menos',
];
export const AT_LEAST_AFTER = ['以上', 'を超え', '超', '+'];

/** Words that make an amount a ceiling ("fewer than 100", "weniger als", "moins de"). */
// prettier-ignore
export const AT_MOST = ['fewer than', 'less than', 'under', 'up to', 'weniger als', 'bis zu', 'moins de', 'jusqu a', 'menos de', 'hasta', 'meno di', 'fino a'];
export const AT_MOST_AFTER = ['未満', '以下'];

/** A number's multipliers ("2 million", "2 Millionen", "200万"). */
export const MULTIPLIERS: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  tausend: 1e3,
  mille: 1e3,
  mil: 1e3,
  m: 1e6,
  mio: 1e6,
  mn: 1e6,
  million: 1e6,
  millions: 1e6,
  millionen: 1e6,
  millones: 1e6,
  millon: 1e6,
  milioni: 1e6,
  milione: 1e6,
  milhoes: 1e6,
  milhao: 1e6,
  bn: 1e9,
  billion: 1e9,
  milliarden: 1e9,
  milliard: 1e9,
  milliards: 1e9,
  万: 1e4,
  百万: 1e6,
  億: 1e8,
};

/** Words that limit a list to the items it names ("only on Windows", "nur für", "のみ"). */
export const ONLY = [
  'only',
  'nur',
  'uniquement',
  'seulement',
  'solo',
  'solamente',
  'apenas',
  'somente',
  'のみ',
  'だけ',
];

/** Words joining a list's items. */
export const LIST_JOINERS = ['and', 'or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e'];

/** Billing periods, by the words written around a price. */
// prettier-ignore
export const PERIOD_WORDS: Readonly<Record<'month' | 'year' | 'once', readonly string[]>> = {
  month: ['mo', 'month', 'monthly', 'mth', 'monat', 'monatlich', 'mois', 'mensuel', 'mes', 'mensual', 'mese', 'mensile', 'mes', 'mensal', '月額', '月'],
  year: ['yr', 'year', 'yearly', 'annually', 'annual', 'jahr', 'jahrlich', 'an', 'annee', 'annuel', 'ano', 'anual', 'anno', 'annuale', '年額', '年'],
  once: ['one-time', 'once', 'lifetime', 'einmalig', 'unique', 'pago unico', 'una tantum', 'vitalicio', '買い切り'],
};

/** Words that mark the present against a past value ("now $8", "heute 4,99 €"). */
// prettier-ignore
export const NOW = [
  'now', 'today', 'currently', 'heute', 'jetzt', 'aktuell', 'inzwischen', 'mittlerweile', 'desormais', 'maintenant',
  'actuellement', 'ahora', 'actualmente', 'hoy', 'ora', 'attualmente', 'oggi', 'agora', 'atualmente', 'hoje', '現在', '今は',
];

/** Words that turn a clause to another point ("dafür", "but", "mais"): a negator before them denies nothing after. */
// prettier-ignore
export const CONTRASTS = ['but', 'however', 'though', 'only', 'aber', 'dafur', 'jedoch', 'nur', 'mais', 'cependant', 'seulement', 'sino', 'solo', 'ma', 'mas', 'porem', 'apenas', 'しかし', 'ただし'];

/** Weak seat words: a place right after them supports the fact, another place says nothing ("from Oslo", "aus Berlin"). */
export const FROM_PLACE = ['from', 'aus', 'stammt aus', 'de', 'di', 'do', 'da'];
