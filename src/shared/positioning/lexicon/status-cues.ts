import type { PerLang } from './lang';

// Phrases that carry a recommendation status when they sit in the clause that names a brand.
// Written from how assistants and review sites phrase verdicts in each language (pattern
// syntax in lang.ts). The longest phrase at a position wins, so "unsere Empfehlung" (top) beats
// "Empfehlung" (recommended) and "not recommended" (caution) beats "recommended".

/** Presented as the best or first choice. */
// prettier-ignore
export const TOP_CUES: PerLang<string> = {
  en: ['best overall', 'best choice', 'best option', 'best pick', 'top pick', 'top choice', 'our pick', 'my pick',
    'first choice', 'number one', '#1', 'no 1', 'the winner', 'clear winner', 'overall winner', "editor's choice",
    'editors choice', 'best buy', 'hard to beat', 'the one i would buy', "the one i'd buy", "i'd buy", 'the one i would',
    "the one i'd", 'is the best$', 'our favourite', 'our favorite', 'my favourite', 'my favorite', 'best in class',
    'much better choice', 'better choice', 'far better choice', 'best all round*', 'standout', 'is unbeatable', 'top spot',
    'better than anything else', 'better than any other', 'better off with', 'instead go for', 'instead, go for', 'easiest place to start', 'best place to start'],
  de: ['testsieger*', 'unser favorit', 'unser favoriten', 'mein favorit', 'unsere favoriten', 'beste wahl', 'erste wahl',
    'platz 1', 'platz eins', 'nummer 1', 'nummer eins', 'unser tipp', 'unsere empfehlung', 'meine empfehlung',
    'klarer sieger', 'gesamtsieger', 'bessere wahl', 'beste losung', 'kaum zu schlagen', 'ist die beste$',
    'ist der beste$', 'ist das beste$', 'unschlagbar', 'besser als jedes andere', 'besser als alle anderen', 'sich eher'],
  fr: ['meilleur choix', 'notre choix', 'numero un', 'numero 1', 'coup de coeur', 'notre favori*', 'mon favori*',
    'premier choix', 'la meilleure option', 'meilleure option', 'grand gagnant', 'imbattable', 'difficile a battre',
    'notre recommandation', 'ma recommandation', 'est le meilleur$', 'est la meilleure$', 'le meilleur pour',
    'mieux que tout autre', 'mieux que tous les autres', 'regardez plutot'],
  es: ['la mejor opcion', 'mejor opcion', 'opcion mucho mejor', 'nuestro favorito', 'nuestra favorita', 'nuestra eleccion',
    'mejor eleccion', 'numero uno', 'numero 1', 'el ganador', 'la ganadora', 'primera opcion', 'la que elegiria',
    'el que elegiria', 'es la mejor$', 'es el mejor$', 'imbatible', 'nuestra recomendacion', 'mejor que cualquier otr*'],
  it: ['la migliore scelta', 'migliore scelta', 'scelta migliore', 'la nostra scelta', 'il nostro preferito',
    'la nostra preferita', 'il vincitore', 'la vincitrice', 'numero uno', 'numero 1', 'prima scelta', 'e la migliore$',
    'e il migliore$', 'imbattibile', 'la migliore opzione', 'migliore in assoluto', 'la nostra raccomandazione',
    'meglio di qualsiasi altr*'],
  pt: ['a melhor opcao', 'melhor opcao', 'a melhor escolha', 'melhor escolha', 'escolha muito melhor', 'nosso favorito',
    'nossa favorita', 'nossa escolha', 'numero um', 'numero 1', 'o vencedor', 'a vencedora', 'primeira escolha',
    'e a melhor$', 'e o melhor$', 'imbativel', 'nossa recomendacao', 'melhor que qualquer outr*'],
  ja: ['おすすめno.1', 'おすすめナンバーワン', '最もおすすめ', '一番のおすすめ', '一番おすすめ', 'いちばんのおすすめ', 'イチオシ',
    'いちおし', '一押し', 'ベストバイ', 'ベストチョイス', '総合1位', '第1位', '1位', 'ナンバーワン', '最適', '一番の選択',
    '最高の選択', 'ずっと良い選択', '方がおすすめ', '方がずっと良い', '文句なし', 'ベスト', 'どれよりも'],
  ru: ['лучш* выбор*', 'лучш* вариант*', 'наш выбор', 'выбор номер один', 'номер один', 'номер 1', 'победител*',
    'первое место', 'однозначно бер*', 'однозначно выбира*', 'я бы выбрал*', 'я бы купил*', 'я бы взял*', 'лучше взять',
    'лучше выбрать', 'лучше купить', 'фаворит*', 'вне конкуренции', 'удобнее всего', 'лучше всего подходит', 'лучше всех',
    'самый лучший', 'оптимальный выбор'],
  ar: ['الخيار الافضل', 'افضل خيار', 'الخيار الاول', 'خيار اول', 'الافضل لمعظم', 'الافضل في', 'الفائز', 'رقم واحد', 'رقم 1',
    'المركز الاول', 'دون تردد', 'بلا منازع', 'لاخترتها', 'لاخترته', 'ساشتريه', 'ساشتريها', 'من الافضل ان', 'الانسب',
    'هو الافضل$', 'هي الافضل$'],
  ko: ['가장 추천*', '최고의 선택*', '최선의 선택*', '가장 좋은 선택*', '가장 무난한 선택*', '첫 번째 선택*', '1위*', '고민 없이',
    '훨씬 낫*', '베스트', '강력 추천*', '저라면', '사겠습니다', '단연'],
  zh: ['首选', '最佳选择', '最好的选择', '最推荐', '第一名', '第一选择', '排名第一', '直接选', '闭眼入', '无脑选', '会选它', '我会选',
    '就买这', '最好选', '最稳妥的选择', '最值得', '强烈推荐', '冠军'],
};

/** Among the options the answer recommends, conditionally too. */
// prettier-ignore
export const REC_CUES: PerLang<string> = {
  en: ['recommend', 'recommended', 'recommends', 'recommendation', 'worth it', 'worth a look', 'worth considering',
    'worth trying', 'worth the money', 'well worth', 'solid choice', 'good choice', 'great choice', 'excellent choice',
    'sound choice', 'popular choice', 'popular with', 'a favourite with', 'a favorite with', 'good option', 'great option', 'solid option', 'decent option', 'decent alternative',
    'good alternative', 'great alternative', 'solid alternative', 'safe bet', 'good bet', 'also great', 'consider the @',
    'also consider', 'go with the @', 'go with @', 'go for the @', 'go for @', "i'd go for", 'choose the @', 'choose @',
    'pick the @', 'pick @', 'budget pick', 'upgrade pick', 'runner up', 'honourable mention*', 'honorable mention*',
    'ideal for', 'ideal if', 'great for', 'great if', 'good fit', 'suits', 'makes sense', 'a sound purchase',
    "can't go wrong", 'best for', 'best budget', 'best value', 'stands out', 'shines', 'look at the @', 'try the @'],
  de: ['empfehl*', 'empfohlen*', 'gute wahl', 'solide wahl', 'lohnt sich', 'lohnenswert', 'gut aufgehoben',
    'besser bedient', 'greift zum @', 'greifen sie zum @', 'nehmen sie den @', 'nehmen sie die @', 'nehmen sie das @',
    'brauchbare alternative', 'gute alternative', 'solide alternative', 'ideal fur', 'ideal', 'geeignet', 'eignet sich',
    'etwas fur', 'tipp', 'beliebt bei', 'bei @ beliebt', 'ansehen', 'uberzeugt', 'kann sich sehen lassen', 'eine uberlegung wert', 'einen blick wert'],
  fr: ['recommand*', 'apprecie des', 'apprecie par', 'bon choix', 'excellent choix', 'vaut le coup', 'valent le coup', 'vaut la peine', 'a considerer',
    'ideal', 'ideale', 'adapte', 'adaptee', 'plus adapte', 'plus adaptee', 'convient', 'adresse aux', 'prenez la @',
    'prenez le @', 'choisissez la @', 'choisissez le @', 'optez pour', 'alternative correcte', 'bonne alternative',
    'adresse plutot', 'solide', 'vaut le detour'],
  es: ['recomend*', 'recomiendo', 'recomiendan', 'popular entre', 'buena opcion', 'gran opcion', 'buena eleccion', 'vale la pena',
    'merece la pena', 'elige la @', 'elige el @', 'elige @', 'opta por', 'ideal', 'ideales', 'adecuad*', 'alternativa',
    'compensar', 'apuesta segura'],
  it: ['consigli*', 'apprezzat* da', 'buona scelta', 'ottima scelta', 'vale la pena', 'scegli la @', 'scegli il @', 'scegli @', 'adatt*',
    'ideale', 'alternativa valida', 'valida alternativa', 'da considerare', 'ottima opzione', 'buona opzione'],
  pt: ['recomend*', 'popular entre', 'boa opcao', 'boa escolha', 'otima opcao', 'otima escolha', 'vale a pena', 'escolha a @', 'escolha o @',
    'indicad*', 'ideal', 'alternativa', 'aposta segura'],
  ja: ['おすすめ', 'オススメ', 'お勧め', 'お薦め', '推奨', '良い選択', 'いい選択', '悪くない選択', '向いています', '向いている', '人向け',
    'を選びましょう', 'を選ぶと良い', '候補', '価値がある', '試す価値', '検討する価値', 'に適して'],
  ru: ['рекоменд*', 'советую', 'советуем', 'советуют', 'удобно начать', 'стоит начать', 'хорош* выбор*', 'хорош* вариант*', 'хорош* альтернатив*', 'достойн* альтернатив*',
    'стоит своих денег', 'стоит присмотреться', 'стоит обратить внимание', 'обратите внимание', 'присмотритесь',
    'подойд*', 'подходит', 'подходят', 'идеальн* для', 'выбирайте', 'берите', 'стоит рассмотреть', 'вариант для',
    'для тех кто', 'имеет смысл', 'стоит попробовать', 'стоит взять', 'можно брать'],
  ar: ['انصح*', 'ننصح*', 'نوصي', 'اوصي', 'خيار جيد', 'بديل جيد', 'خيار ممتاز', 'خيار مناسب', 'هو خيار', 'مناسب*', 'يناسب*',
    'تناسب*', 'اختر', 'اختاري', 'تستحق ثمنها', 'يستحق ثمنه', 'تستحق التجربة', 'يستحق التجربة', 'انظر في', 'انظر الى',
    'تنظر الى', 'يجدر', 'جدير*', 'لمن', 'موصى به', 'موصى بها', 'موصى', 'نقطة بداية جيدة'],
  ko: ['추천*', '적합*', '잘 맞*', '더 맞*', '선택하세요', '고르세요', '고려해 보세요', '살펴보세요', '좋은 대안*', '대안*',
    '돈값을 하*', '돈값을 합*', '권장*', '어울리*'],
  zh: ['推荐', '建议选', '值得', '物有所值', '适合', '可以考虑', '不妨考虑', '可以看看', '就选', '推荐选择', '替代品', '够用',
    '好选择', '不错的选择'],
};

/** A warning or advice to avoid. */
// prettier-ignore
export const CAUTION_CUES: PerLang<string> = {
  en: ['avoid', 'avoided', 'not recommended', "wouldn't recommend", 'would not recommend', "don't recommend",
    'do not recommend', "can't recommend", 'cannot recommend', 'stay away', 'steer clear', 'skip it', 'skip the @', 'skip @',
    'be careful', 'be wary', 'beware', 'think twice', 'not worth', "isn't worth", 'poor choice', 'bad choice',
    "wouldn't pick", 'would not pick', "wouldn't buy", 'would not buy', 'pass on', 'warning', 'red flag', 'caution'],
  de: ['finger weg', 'finger lassen', 'nicht zu empfehlen', 'nicht empfehlenswert', 'nicht empfehlen', 'rate ich ab',
    'raten wir ab', 'rate davon ab', 'abrat*', 'abzurat*', 'vorsicht', 'meiden', 'vermeiden', 'lieber nicht',
    'keine empfehlung', 'nicht lohnenswert', 'lohnt sich nicht'],
  fr: ['a eviter', 'eviter', 'evitez', 'deconseill*', 'mefiez', 'mefiez vous', 'attention', 'pas recommande',
    'pas recommandee', 'fuyez', 'passez votre chemin', 'a proscrire', 'ne vaut pas le coup'],
  es: ['evitar', 'evita', 'evite', 'evitad', 'no recomend*', 'no lo recomiendo', 'no la recomiendo', 'no recomiendo',
    'desaconsej*', 'cuidado', 'ojo con', 'no vale la pena', 'no merece la pena'],
  it: ['da evitare', 'evitare', 'evita', 'sconsigli*', 'non consigliat*', 'non e consigliat*', 'attenzione',
    'lascia perdere', 'non vale la pena'],
  pt: ['evite', 'evitar', 'nao recomend*', 'nao e recomendad*', 'cuidado', 'desaconselh*', 'fuja', 'nao vale a pena'],
  ja: ['避けた方がいい', '避けた方が良い', '避けたほうがいい', '避けましょう', '避けるべき', '避けて', 'おすすめしません',
    'おすすめできません', 'おすすめできない', 'おすすめではありません', 'おすすめではない', 'お勧めしません', 'お勧めできません',
    '注意が必要', '要注意', '非推奨', 'やめた方がいい', 'やめておきましょう', '控えた方がいい'],
  ru: ['не рекоменд*', 'не совет*', 'рекомендовать сложно', 'сложно рекомендовать', 'рекомендовать трудно',
    'трудно рекомендовать', 'избегайте', 'избегать', 'держаться подальше', 'держитесь подальше',
    'осторожно', 'осторожнее', 'будьте осторожны', 'не стоит своих денег', 'не стоит брать', 'не стоит покупать',
    'я бы не брал*', 'я бы не покупал*', 'я бы не выбирал*', 'лучше не', 'не включили', 'обходите стороной', 'не берите',
    'не покупайте'],
  ar: ['لا انصح*', 'لا ننصح*', 'لا نوصي', 'لا اوصي', 'تجنب*', 'ابتعد عن', 'احذر*', 'حذار', 'لا يستحق*', 'لا تستحق*',
    'لا تشتر*', 'لم ندرج', 'غير موصى'],
  ko: ['추천하지 않*', '추천드리지 않*', '권하지 않*', '피하*', '피해*', '주의*', '조심*', '비추*', '사지 않*', '사지 마*',
    '돈값을 못*', '맞지 않*', '뺐*', '제외했*'],
  zh: ['不推荐', '不建议', '避开', '避免', '别买', '不要买', '不值', '小心', '慎选', '不会买', '没有入选', '不适合', '踩雷',
    '劝退', '谨慎'],
};

/**
 * "For most people": a recommendation with this scope is the answer's default choice, so it
 * counts as a top pick ("the one I'd recommend to most households").
 */
// prettier-ignore
export const MAJORITY_CUES: PerLang<string> = {
  en: ['for most', 'to most', 'most people', 'most households', 'most users', 'most buyers', 'the majority'],
  de: ['die meisten', 'fur die meisten', 'den meisten'],
  fr: ['la plupart'],
  es: ['la mayoria'],
  it: ['la maggior parte', 'maggioranza'],
  pt: ['a maioria'],
  ja: ['多くの家庭', '多くの人', 'ほとんどの人'],
  ru: ['большинств*'],
  ar: ['معظم', 'اغلب'],
  ko: ['대부분*'],
  zh: ['大多数', '多数人', '大部分人'],
};

/** Headings or lead-ins that make a list of brands a ranking ("Best …", "Top 5", "ランキング"). */
// prettier-ignore
export const RANKING_HEADINGS: PerLang<string> = {
  en: ['best', 'top', 'ranking', 'ranked', 'our picks'],
  de: ['beste', 'besten', 'top', 'rangliste', 'bestenliste', 'testsieger'],
  fr: ['meilleur', 'meilleurs', 'meilleure', 'meilleures', 'top', 'classement'],
  es: ['mejor', 'mejores', 'top', 'ranking'],
  it: ['migliore', 'migliori', 'top', 'classifica'],
  pt: ['melhor', 'melhores', 'top', 'ranking'],
  ja: ['ランキング', 'ベスト', '1位'],
  ru: ['лучшие', 'лучших', 'лучший', 'топ', 'рейтинг'],
  ar: ['افضل', 'الافضل', 'ترتيب', 'تصنيف'],
  ko: ['순위', '랭킹', '베스트', 'top'],
  zh: ['排行', '排名', '前三', '前五', '前十', '榜', 'top', '最佳'],
};
