// The words the built-in checker reads claims by, in the fifteen languages the positioning judge
// reads (en de fr es it pt ja nl sv pl ru tr ar ko zh), folded as the answer is (lower case,
// accents removed, Hangul as jamo: see analytics/text-fold). Every list is read whatever the
// answer's language: an answer mixing languages, or whose language is guessed wrong, is still read.
// A word of one list may be a common word of another language (Polish "ma", has, is Italian's
// "but"): denials are read before affirmations, so such a word affirms only what nothing denies.

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
  'opgericht', 'oprichting', 'oprichtingsjaar', 'gesticht', 'bestaat sinds', 'bestaat al sinds', 'actief sinds', 'op de markt sinds',
  'grundat', 'grundades', 'grundad', 'grundandear', 'startades',
  'zalozona', 'zalozony', 'zalozone', 'zalozenia', 'zalozyl', 'zalozyla', 'powstala', 'powstal', 'powstalo', 'na rynku od', 'dziala od', 'istnieje od',
  'основана', 'основан', 'основано', 'основания', 'основал', 'основала', 'создана', 'создан', 'работает с', 'на рынке с', 'существует с', 'появился', 'появилась',
  'kuruldu', 'kurulan', 'kurulus', 'kurulusu', 'kurulmus', 'kurulmustur',
  'تأسست', 'تأسس', 'تأسيس', 'التأسيس', 'تأسيسها', 'أسست', 'أسسها',
  '설립', '창립', '창업',
  '成立', '创立', '创建', '创办',
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
  'gevestigd in', 'hoofdkantoor in', 'hoofdkantoor is in', 'hoofdkantoor staat in', 'hoofdkantoor ligt in', 'hoofdkwartier in', 'hoofdzetel in', 'zetel in', 'gebaseerd in',
  'huvudkontor i', 'huvudkontoret i', 'huvudkontoret ligger i', 'huvudkontor ligger i', 'baserat i', 'baserad i', 'baserade i', 'sate i',
  'siedziba w', 'siedziba firmy w', 'siedziba znajduje sie w', 'siedziba miesci sie w', 'z siedziba w', 'ma siedzibe w', 'siedziba glowna w', 'z siedziba glowna w',
  'штаб-квартира в', 'штаб-квартира находится в', 'штаб-квартира расположена в', 'штаб-квартирой в', 'головной офис в', 'головной офис находится в', 'базируется в', 'расположена в', 'находится в', 'зарегистрирована в',
  'genel merkezi', 'merkezi', 'merkez ofisi',
  'مقرها في', 'مقره في', 'مقرها', 'مقره', 'مقرها الرئيسي في', 'مقره الرئيسي في', 'يقع مقرها في', 'يقع مقرها الرئيسي في', 'مقرها في مدينة', 'مقرها الرئيسي في مدينة',
  '본사는', '본사가', '본사 소재지는', '본사 위치는',
  '总部位于', '总部设在', '总部设于', '总部在', '总部坐落于', '成立于',
];

/** The seat written after the place ("Lisbon-based", "ベルリンに本社"). */
export const SEAT_AFTER = [
  '-based',
  ' based',
  'に本社',
  'に本拠',
  ' merkezli',
  '에 본사',
  '에서 설립',
  '에서 창립',
];

/** Places too wide to contradict a city's seat ("based in Europe"). */
// prettier-ignore
export const WIDE_PLACES = ['europe', 'europa', 'scandinavia', 'skandinavien', 'scandinavie', 'escandinavia', 'the', 'eu', 'ue', 'asia', 'asie',
  'европа', 'европе', 'avrupa', 'أوروبا', '유럽', '欧洲', 'skandynawia', 'skandynawii', 'скандинавия', 'скандинавии', 'iskandinavya', 'norden',
];

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
  'topman', 'topvrouw', 'algemeen directeur', 'geleid door', 'onder leiding van',
  'vd', 'verkstallande direktor', 'leds av',
  'prezes', 'prezeska', 'prezesem', 'prezesem firmy', 'kieruje', 'dyrektor generalny', 'dyrektorka generalna', 'kierowana przez', 'na czele',
  'генеральный директор', 'гендиректор', 'глава', 'возглавляет', 'руководитель', 'руководит',
  'genel muduru', 'genel muduru olan', 'icra kurulu baskani', 'liderliginde',
  'الرئيس التنفيذي', 'الرئيسة التنفيذية', 'المدير التنفيذي', 'المديرة التنفيذية', 'يقودها', 'تقودها', 'برئاسة',
  '대표', '대표이사', '최고경영자',
  '首席执行官', '执行长', '总裁',
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
  'geen', 'niet', 'zonder', 'nooit', 'ontbreekt', 'geschrapt', 'afgeschaft', 'stopgezet',
  'ingen', 'inget', 'inga', 'inte', 'utan', 'saknar', 'aldrig', 'slopat', 'slopade',
  'nie', 'nie ma', 'bez', 'brak', 'brakuje', 'zadnego', 'zadnej', 'zaden', 'zadna', 'zadnych', 'nigdy', 'wycofal', 'wycofala', 'usunal', 'usunela',
  'нет', 'не', 'без', 'никакого', 'никакой', 'никаких', 'отсутствует', 'лишен', 'лишена', 'убрали', 'убрала', 'отказалась от',
  'hicbir', 'olmadan', 'kaldirdi',
  'لا', 'ليس', 'ليست', 'ليس لديها', 'ليس لديه', 'بدون', 'دون', 'لم', 'ألغت', 'تفتقر', 'يفتقر',
  '没有', '不提供', '不支持', '不含', '并无', '未提供', '不带', '取消了', '不再提供',
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
  'is niet beschikbaar', 'niet beschikbaar', 'ontbreekt', 'is er niet', 'bestaat niet', 'nee', 'is geschrapt', 'is afgeschaft', 'wordt niet', 'niet ondersteund',
  'finns inte', 'saknas', 'nej', 'ingar inte', 'erbjuds inte', 'stods inte', 'har tagits bort',
  'nie ma', 'nie jest dostepny', 'nie jest dostepna', 'niedostepny', 'niedostepna', 'brak', 'nie', 'niestety nie ma', 'niestety nie',
  'нет', 'отсутствует', 'не предусмотрен', 'не предусмотрена', 'недоступен', 'недоступна', 'не поддерживается', 'не предлагается',
  'yok', 'yoktur', 'bulunmuyor', 'bulunmamaktadir', 'sunulmuyor', 'desteklenmiyor', 'mevcut degil', 'sunmuyor', 'sunmamaktadir', 'olmayan', 'desteklemiyor', 'icermiyor',
  'غير متوفر', 'غير متوفرة', 'غير متاح', 'غير متاحة', 'غير موجود', 'غير موجودة', 'غير مدعوم', 'غير مدعومة',
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

/** Korean verbs denied after a feature ("오프라인 모드는 지원하지 않습니다", "SSO 미지원"). */
export const NEGATORS_AFTER_KO = ['지 않', '지않', '미지원', '미제공', '불가', '안 됩', '안 돼'];
/** "There is none" after a Korean feature ("무료 플랜이 없습니다"), against the affirmation nearer it. */
export const ABSENT_AFTER_KO = ['없'];
/** Korean affirmations after a feature ("무료 플랜이 있습니다", "SSO를 지원합니다"). */
export const AFFIRMS_AFTER_KO = ['있', '제공', '지원', '가능', '포함'];
/** Chinese affirmations right before a feature ("有免费版", "提供免费套餐"); a denial ("没有") is read first. */
export const AFFIRMS_BEFORE_ZH = ['有', '提供', '支持', '包含', '含', '带', '设有'];

/**
 * Denials that close the clause after the verb ("Een offlinemodus heeft Taskwell niet",
 * "Бесплатного тарифа у Taskwell нет", "trybu offline niestety nie ma").
 */
export const CLAUSE_END_NEGATORS = ['niet', 'nicht', 'inte', 'nie ma', 'нет', 'yok', 'yoktur'];

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
  'heeft', 'hebben', 'biedt', 'bieden', 'aangeboden', 'inclusief', 'met', 'ondersteunt', 'beschikbaar', 'is er', 'er is', 'er zijn', 'krijg je', 'krijgt',
  'har', 'erbjuder', 'ingar', 'inklusive', 'med', 'stoder', 'finns', 'tillgangligt', 'tillganglig',
  'ma', 'maja', 'posiada', 'oferuje', 'dziala', 'pracuje', 'zawiera', 'obsluguje', 'dostepny', 'dostepna', 'dostepne', 'z',
  'есть', 'имеет', 'предлагает', 'включает', 'поддерживает', 'доступен', 'доступна', 'доступно', 'предусмотрен', 'предусмотрена', 'с',
  'vardir', 'avantajlarindan', 'ozelligi', 'sunuyor', 'sunar', 'sunmaktadir', 'iceriyor', 'destekliyor', 'mevcut', 'bulunuyor', 'ile',
  'يوجد', 'توجد', 'هناك', 'مزاياها', 'ميزة', 'تقدم', 'يقدم', 'يوفر', 'توفر', 'يدعم', 'تدعم', 'متوفر', 'متوفرة', 'متاح', 'متاحة', 'لديها', 'لديه', 'تشمل', 'يشمل', 'مع',
  '提供', '支持', '包含', '拥有', '具有', '设有', '带有', '附带',
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
  'tak',
  'да',
  'evet',
  'var',
  'نعم',
  'متوفر',
  'متاح',
  '있음',
  '예',
  '是',
  '支持',
  '提供',
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
  'nee',
  'nej',
  'nie',
  'нет',
  'hayir',
  'yok',
  'لا',
  'غير متوفر',
  '없음',
  '아니오',
  '无',
  '否',
  '不支持',
  '没有',
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
  'niet zeker', 'weet ik niet', 'misschien', 'mogelijk', 'onduidelijk', 'controleer',
  'inte saker', 'osaker', 'kanske', 'mojligen', 'oklart', 'kontrollera',
  'nie jestem pewien', 'nie jestem pewna', 'nie mam pewnosci', 'byc moze', 'prawdopodobnie', 'niejasne', 'warto sprawdzic', 'sprawdz',
  'не уверен', 'не уверена', 'возможно', 'может быть', 'неясно', 'уточните', 'стоит проверить', 'кажется',
  'emin degilim', 'sanirim', 'olabilir', 'belki', 'net degil', 'kontrol edin', 'teyit edin',
  'لست متأكدا', 'لست متأكد', 'أعتقد', 'غير متأكد', 'ربما', 'قد يكون', 'يرجى التحقق', 'غير واضح', 'تحقق من',
  '확실하지 않', '잘 모르', '아마', '수도 있', '확인해 보', '불확실',
  '不确定', '不太确定', '是否', '可能', '也许', '不太清楚', '建议核实', '请核实', '不清楚', '以官网为准',
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
  'vroeger', 'voorheen', 'eerder', 'kostte',
  'tidigare', 'forut', 'kostade',
  'wczesniej', 'dawniej', 'poprzednio', 'kosztowal', 'kosztowala', 'kiedys',
  'раньше', 'ранее', 'прежде', 'стоил', 'стоила', 'стоило', 'был', 'была',
  'eskiden', 'onceden', 'daha once',
  'سابقا', 'في السابق', 'كان', 'كانت',
  '이전에는', '예전에는', '기존에는',
  '以前', '之前', '原价', '此前', '过去', '曾',
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
  'ongeveer', 'rond de', 'bijna', 'zo\'n',
  'cirka', 'ungefar', 'omkring', 'runt', 'nastan',
  'okolo', 'mniej wiecej', 'blisko', 'prawie',
  'около', 'примерно', 'порядка', 'почти', 'приблизительно',
  'yaklasik', 'civarinda',
  'حوالي', 'نحو', 'قرابة', 'تقريبا',
  '약', '대략',
  '约', '大约', '近',
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
  'meer dan', 'ruim', 'minstens', 'ten minste',
  'mer an', 'minst', 'drygt', 'over',
  'ponad', 'wiecej niz', 'co najmniej', 'przeszlo',
  'более', 'больше', 'свыше', 'более чем', 'не менее', 'как минимум',
  'en az',
  'أكثر من', 'اكثر من', 'ما يزيد عن', 'ما يزيد على', 'يتجاوز', 'على الأقل',
  '超过', '逾', '至少',
];
// prettier-ignore
export const AT_LEAST_AFTER = ['以上', 'を超え', '超', '+', 'dan fazla', 'den fazla', 'tan fazla', 'ten fazla', 'askin', '이상', '넘', '多'];

/** Words that make an amount a ceiling ("fewer than 100", "weniger als", "moins de"). */
// prettier-ignore
export const AT_MOST = ['fewer than', 'less than', 'under', 'up to', 'weniger als', 'bis zu', 'moins de', 'jusqu a', 'menos de', 'hasta', 'meno di', 'fino a',
  'minder dan', 'hooguit', 'mindre an', 'hogst', 'upp till', 'mniej niz', 'ponizej', 'менее', 'меньше', 'не более', 'en fazla', 'أقل من', 'اقل من', '不到', '少于', '不足'];
export const AT_MOST_AFTER = ['未満', '以下', '미만', '이하', 'den az', 'dan az'];

/** Words after an amount that make it approximate ("200万左右", "300명 정도", "300 civarında"). */
export const APPROX_AFTER = ['左右', '정도', '가량', '내외', 'civarinda'];

/**
 * Small numbers written as words, read only before a multiplier of three letters or more ("two
 * million", "två miljoner", "два миллиона", "iki milyon"). Left out: words that are also a common
 * word before "millions" in another language (Turkish "on", ten; Swedish "en", one).
 */
// prettier-ignore
export const NUMBER_WORDS: Readonly<Record<number, readonly string[]>> = {
  1: ['a', 'one', 'ein', 'eine', 'einer', 'un', 'une', 'una', 'uno', 'um', 'uma', 'een', 'ett', 'jeden', 'один', 'одна', 'bir'],
  2: ['two', 'zwei', 'deux', 'dos', 'due', 'dois', 'duas', 'twee', 'tva', 'dwa', 'dwie', 'два', 'две', 'iki'],
  3: ['three', 'drei', 'trois', 'tres', 'tre', 'drie', 'trzy', 'три', 'uc'],
  4: ['four', 'vier', 'quatre', 'cuatro', 'quattro', 'quatro', 'fyra', 'cztery', 'четыре', 'dort'],
  5: ['five', 'funf', 'cinq', 'cinco', 'cinque', 'vijf', 'fem', 'piec', 'пять', 'bes'],
  6: ['six', 'sechs', 'seis', 'sei', 'zes', 'sex', 'szesc', 'шесть', 'alti'],
  7: ['seven', 'sieben', 'sept', 'siete', 'sette', 'sete', 'zeven', 'sju', 'siedem', 'семь', 'yedi'],
  8: ['eight', 'acht', 'huit', 'ocho', 'otto', 'oito', 'atta', 'osiem', 'восемь', 'sekiz'],
  9: ['nine', 'neun', 'neuf', 'nueve', 'nove', 'negen', 'nio', 'dziewiec', 'девять', 'dokuz'],
  10: ['ten', 'zehn', 'dix', 'diez', 'dieci', 'dez', 'tien', 'tio', 'dziesiec', 'десять'],
};

/** Han numerals before a Chinese or Japanese multiplier ("两百万", "二百万人"). */
export const HAN_DIGITS: Readonly<Record<string, number>> = {
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

/** Arabic duals that are a number on their own ("مليوني مستخدم", two million users). */
export const DUAL_NUMBERS: Readonly<Record<string, number>> = {
  مليونا: 2e6,
  مليوني: 2e6,
  ألفا: 2e3,
  ألفي: 2e3,
};

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
  千万: 1e7,
  亿: 1e8,
  만: 1e4,
  천만: 1e7,
  백만: 1e6,
  duizend: 1e3,
  miljoen: 1e6,
  miljard: 1e9,
  tusen: 1e3,
  miljon: 1e6,
  miljoner: 1e6,
  tys: 1e3,
  tysiecy: 1e3,
  mln: 1e6,
  milion: 1e6,
  miliony: 1e6,
  milionow: 1e6,
  mld: 1e9,
  тыс: 1e3,
  тысяч: 1e3,
  тысячи: 1e3,
  млн: 1e6,
  миллион: 1e6,
  миллиона: 1e6,
  миллионов: 1e6,
  млрд: 1e9,
  bin: 1e3,
  milyon: 1e6,
  milyonu: 1e6,
  milyondan: 1e6,
  milyar: 1e9,
  ألف: 1e3,
  آلاف: 1e3,
  مليون: 1e6,
  ملايين: 1e6,
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
  'alleen',
  'enkel',
  'uitsluitend',
  'bara',
  'endast',
  'enbart',
  'tylko',
  'wylacznie',
  'только',
  'лишь',
  'исключительно',
  'sadece',
  'yalnizca',
  'فقط',
  'حصريا',
  '전용',
  '仅',
  '只',
  '仅限',
];

/** Words joining a list's items. */
export const LIST_JOINERS = [
  'and',
  'or',
  'und',
  'oder',
  'et',
  'ou',
  'y',
  'o',
  'e',
  'en',
  'of',
  'och',
  'eller',
  'i',
  'oraz',
  'lub',
  'albo',
  'и',
  'или',
  've',
  'veya',
  'ile',
  'أو',
  '및',
];

/** Billing periods, by the words written around a price. */
// prettier-ignore
export const PERIOD_WORDS: Readonly<Record<'month' | 'year' | 'once', readonly string[]>> = {
  month: ['mo', 'month', 'monthly', 'mth', 'monat', 'monatlich', 'mois', 'mensuel', 'mes', 'mensual', 'mese', 'mensile', 'mes', 'mensal', '月額', '月',
    'maand', 'maandelijks', 'p/m', 'manad', 'manaden', 'man', 'manadsvis', 'miesiac', 'miesiecznie', 'mies', 'mc', 'месяц', 'мес', 'ежемесячно',
    'ay', 'aylik', 'ayda', 'شهر', 'شهريا', 'الشهر', 'شهري', '월', '달', '매월', '每月', '月付'],
  year: ['yr', 'year', 'yearly', 'annually', 'annual', 'jahr', 'jahrlich', 'an', 'annee', 'annuel', 'ano', 'anual', 'anno', 'annuale', '年額', '年',
    'jaar', 'jaarlijks', 'ar', 'arligen', 'rok', 'rocznie', 'год', 'ежегодно', 'yil', 'yillik', 'سنة', 'سنويا', 'عام', '연', '연간', '매년', '每年', '年付'],
  once: ['one-time', 'once', 'lifetime', 'einmalig', 'unique', 'pago unico', 'una tantum', 'vitalicio', '買い切り'],
};

/** Words that mark the present against a past value ("now $8", "heute 4,99 €"). */
// prettier-ignore
export const NOW = [
  'now', 'today', 'currently', 'heute', 'jetzt', 'aktuell', 'inzwischen', 'mittlerweile', 'desormais', 'maintenant',
  'actuellement', 'ahora', 'actualmente', 'hoy', 'ora', 'attualmente', 'oggi', 'agora', 'atualmente', 'hoje', '現在', '今は',
  'nu', 'tegenwoordig', 'momenteel', 'inmiddels', 'numera', 'idag', 'for narvarande', 'teraz', 'obecnie', 'aktualnie',
  'сейчас', 'теперь', 'в настоящее время', 'на данный момент', 'simdi', 'artik', 'su anda', 'الآن', 'حاليا', '현재', '지금', '이제', '现在', '目前', '如今', '现价',
];

/** Words that turn a clause to another point ("dafür", "but", "mais"): a negator before them denies nothing after. */
// prettier-ignore
export const CONTRASTS = ['but', 'however', 'though', 'only', 'aber', 'dafur', 'jedoch', 'nur', 'mais', 'cependant', 'seulement', 'sino', 'solo', 'ma', 'mas', 'porem', 'apenas', 'しかし', 'ただし',
  'maar', 'echter', 'men', 'dock', 'ale', 'jednak', 'natomiast', 'lecz', 'но', 'однако', 'зато', 'ama', 'fakat', 'ancak', 'لكن', 'ولكن', 'بينما', '하지만', '그러나', '반면', '但', '但是', '不过', '然而',
];

/** Weak seat words: a place right after them supports the fact, another place says nothing ("from Oslo", "aus Berlin"). */
export const FROM_PLACE = [
  'from',
  'aus',
  'stammt aus',
  'de',
  'di',
  'do',
  'da',
  'uit',
  'vanuit',
  'fran',
  'z',
  'ze',
  'из',
  'من',
  '来自',
];
