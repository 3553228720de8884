import type { Lang } from './lang';
import type { RootList } from './root-list';
import type { PartialPerLang } from './verdict-words';

// Roots of blame and praise for the languages read without them before: Portuguese, Dutch,
// Polish, Swedish, Turkish, Russian, Arabic and Korean, written as the language spells them and
// folded when the roots are compiled (lexicon/roots.ts). Dutch and Swedish glue compounds as
// German does ("netwerkstoringen", "pumpfel"), so their roots of blame are read anywhere in the
// word; Arabic glues "and", "the", "with" to the word's front, so its roots are read inside the
// word too. Chinese and Japanese have no words to read roots in; their phrase lists stay.

// prettier-ignore
export const MORE_ROOTS: Readonly<Partial<Record<Lang, RootList>>> = {
  pt: {
    problemStarts: ['falha', 'falhou', 'trava', 'travou', 'travando', 'lentidão', 'demora', 'atraso', 'quebr', 'defeit',
      'reclama', 'queixa', 'problema', 'erro', 'instáve', 'instabil', 'indisponív', 'queda', 'vazament', 'vaza',
      'superaquec', 'barulhent', 'desconect', 'piorou', 'decepcion', 'golpe', 'fraude', 'bloquead', 'cancelad',
      'estraga', 'descasca', 'enferruj',
      'retid', 'recusad', 'atrasad', 'perde o', 'perdeu', 'presa', 'preso', 'trinca', 'descola'],
    problemInside: [],
    praiseStarts: ['confiáv', 'estáve', 'robust', 'duráve', 'pontua', 'impecáve', 'eficien', 'fluid'],
    praiseInside: [],
  },
  nl: {
    problemStarts: ['hapert', 'haperen', 'traag', 'trage', 'vastloop', 'vastloopt', 'kapot', 'lekt', 'lekkage',
      'onbetrouwba', 'instabiel', 'mislukt', 'faalt', 'teleurstel', 'ergernis',
      'bevriest', 'bevroren', 'geweigerd', 'kwijt', 'scheur', 'mislukken', 'uitgevallen', 'uitverkocht', 'beschadigd',
      'verschoven', 'uitgesteld'],
    problemInside: ['storing', 'probleem', 'problemen', 'klacht', 'fout', 'uitval', 'vertraging', 'defect', 'panne',
      'wachttijd', 'lekkage'],
    praiseStarts: ['betrouwba', 'stabiel', 'soepel', 'degelijk', 'robuust', 'stipt'],
    praiseInside: ['probleemloos', 'storingsvrij'],
  },
  pl: {
    problemStarts: ['awari', 'usterk', 'problem', 'błęd', 'błąd', 'zawiesza', 'zacina', 'powoln', 'opóźnie',
      'reklamac', 'skarg', 'zepsu', 'psuje', 'niestabil', 'zawodn', 'rozczarow', 'przerw', 'zrywa', 'gubi',
      'przegrzew', 'hałas', 'wyciek', 'oszust',
      'giną', 'zgubi', 'spóźni', 'odrzuc', 'przeciek', 'pęka', 'odpada'],
    problemInside: [],
    praiseStarts: ['niezawodn', 'bezawaryjn', 'stabiln', 'solidn', 'bezproblemow', 'punktualn', 'trwał'],
    praiseInside: [],
  },
  sv: {
    problemStarts: ['hackar', 'laggar', 'kraschar', 'trasig', 'opålitlig', 'instabil', 'besvik', 'strul', 'läckage',
      'tappar', 'fastnar', 'stannar', 'spricker', 'nekad', 'försen', 'läcker', 'fryser', 'falsklarm', 'debiterades'],
    problemInside: ['problem', 'avbrott', 'störning', 'klagom', 'försening', 'haveri', 'krasch', 'pumpfel', 'läckage'],
    praiseStarts: ['pålitlig', 'stabil', 'smidig', 'robust', 'driftsäker'],
    praiseInside: ['problemfri', 'störningsfri'],
  },
  tr: {
    problemStarts: ['arıza', 'sorun', 'hata', 'çöküyor', 'donuyor', 'donan', 'yavaş', 'gecikme', 'kesinti', 'şikayet',
      'bozul', 'bozuk', 'kopuyor', 'takılıyor', 'istikrarsız', 'güvenilmez', 'sızıntı', 'ısınıyor', 'dolandırıc',
      'kayboluyor', 'kaybol', 'reddedil', 'soyul', 'çatla', 'duruyor', 'sızdır', 'ertelen', 'damlat', 'hasarlı'],
    problemInside: [],
    praiseStarts: ['güvenilir', 'istikrarlı', 'sağlam', 'kesintisiz', 'sorunsuz'],
    praiseInside: [],
  },
  ru: {
    problemStarts: ['сбой', 'сбои', 'сбоя', 'сбоев', 'глюч', 'глюк', 'завис', 'тормоз', 'ошибк', 'ошибок', 'проблем',
      'жалоб', 'задерж', 'поломк', 'слома', 'вылета', 'перегрев', 'нестабил', 'ненадёж', 'разочаров', 'мошенн',
      'медлен', 'утечк', 'протечк', 'обрыв', 'перебо',
      'опаздыва', 'теряет', 'потерял', 'перестаёт', 'перестает', 'трескается', 'отклон', 'застрева', 'отваливает'],
    problemInside: [],
    praiseStarts: ['надёжн', 'стабильн', 'безотказн', 'бесперебойн', 'быстр'],
    praiseInside: [],
  },
  ar: {
    problemStarts: [],
    problemInside: ['أعطال', 'عطل', 'مشاكل', 'مشكلة', 'تعطل', 'يتعطل', 'بطء', 'انقطاع', 'شكاوى', 'شكوى', 'تأخير', 'خلل',
      'أخطاء', 'احتيال', 'تسريب', 'تتأخر', 'يتأخر', 'ترفض', 'يتوقف', 'تتوقف', 'يسرب'],
    praiseStarts: [],
    praiseInside: ['موثوق', 'مستقر', 'سلس'],
  },
  ko: {
    problemStarts: ['고장', '오류', '문제', '끊김', '끊기', '먹통', '버벅', '튕기', '지연', '불만', '결함', '불안정', '누수',
      '느리', '과열', '멈추', '멈춤', '멈춥', '늦고', '늦게', '늦습', '안 되', '밀리', '밀려', '취소되', '위약금', '샌다',
      '새고', '새는'],
    problemInside: [],
    praiseStarts: ['안정적', '튼튼', '신뢰'],
    praiseInside: [],
  },
};

/** Prefixes that turn a praise root into blame ("onbetrouwbaar", "niestabilny", "ненадёжный"). */
// prettier-ignore
export const MORE_NEGATING_PREFIXES: PartialPerLang<string> = {
  pt: ['in', 'des'], nl: ['on'], pl: ['nie'], sv: ['o'], ru: ['не'],
};

/** Endings that turn a blame root into praise ("probleemloos", "problemfritt", "sorunsuz", "문제없이"). */
// prettier-ignore
export const MORE_FREEING_SUFFIXES: PartialPerLang<string> = {
  nl: ['loos', 'vrij', 'sloos', 'svrij'], sv: ['fri', 'fritt', 'fria'], tr: ['suz', 'süz', 'sız', 'siz'],
  ko: ['없'],
};

/** Words that turn a root up to three words after them ("sem falhas", "geen storingen", "без сбоев"). */
// prettier-ignore
export const MORE_ROOT_NEGATORS: PartialPerLang<string> = {
  pt: ['não', 'sem', 'nenhum', 'nenhuma', 'nunca', 'jamais', 'raramente', 'nem'],
  nl: ['niet', 'geen', 'zonder', 'nooit', 'zelden', 'nauwelijks'],
  pl: ['nie', 'bez', 'żadnych', 'nigdy', 'rzadko'],
  sv: ['inte', 'ingen', 'inga', 'inget', 'utan', 'aldrig', 'sällan'],
  ru: ['не', 'без', 'нет', 'никогда', 'редко', 'ни'],
  ar: ['لا', 'غير', 'بدون', 'دون', 'ليس', 'لم', 'لن', 'نادرا'],
};
