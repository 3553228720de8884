import type { Lang, PerLang } from './lang';

// Words that change how the words around them count: negators (flip the cue or sentiment word
// that follows within NEGATION_WINDOW words), contrast markers (cut a sentence into clauses and
// weight the clause after them, "good, but slow"), intensifiers and dampeners (scale the next
// sentiment word), and the labels of pros/cons lists and table columns. Folded forms (see
// lang.ts); the French/Italian elided "n'" is read as "ne".

// prettier-ignore
export const NEGATORS: PerLang<string> = {
  en: ['not', 'no', 'never', 'hardly', 'without', 'nothing', 'neither', 'nor', 'lacks', 'lacking'],
  de: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nie', 'niemals', 'ohne', 'kaum', 'weder'],
  fr: ['ne', 'pas', 'jamais', 'sans', 'aucun', 'aucune', 'ni', 'guere'],
  es: ['no', 'nunca', 'sin', 'ningun', 'ninguna', 'ninguno', 'tampoco', 'ni'],
  it: ['non', 'mai', 'senza', 'nessun', 'nessuna', 'nessuno', 'ne'],
  pt: ['nao', 'nunca', 'sem', 'nenhum', 'nenhuma', 'nem', 'jamais'],
  ja: [],
  nl: ['niet', 'geen', 'nooit', 'zonder', 'nauwelijks', 'niets', 'noch', 'amper'],
  pl: ['nie', 'bez', 'nigdy', 'zaden', 'zadna', 'zadne', 'zadnych', 'ani'],
  sv: ['inte', 'ej', 'ingen', 'inget', 'inga', 'aldrig', 'utan', 'knappt', 'varken'],
  tr: ['hic', 'asla'],
  ru: ['не', 'нет', 'ни', 'без', 'нельзя', 'никогда'],
  ar: ['لا', 'ليس', 'ليست', 'ليسوا', 'غير', 'لم', 'لن', 'بدون', 'دون'],
  ko: ['안', '못'],
  zh: [],
};

/**
 * Negators written after what they negate, in the languages that do ("en iyi seçim değil" = not
 * the best choice): they flip the cue or sentiment word at most NEGATION_WINDOW words before.
 */
// prettier-ignore
export const POST_NEGATORS: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  tr: ['degil', 'degildir', 'degiller', 'degilim'],
};

/**
 * Words that negate the word before them, in languages that put negation after the verb or
 * adjective: Korean "좋지 않다" (not good), "추천하지 않습니다", "돈값을 못 함", "무료 플랜이 없습니다".
 * Read one word after the hit at most.
 */
// prettier-ignore
export const NEGATORS_AFTER: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  ko: ['않*', '못*', '아니*', '아닙*', '없*'],
};

/** Chinese negation precedes the word within a few characters: 不好, 不太好, 没有降噪, 不是最好的. */
export const NEGATION_PREFIXES_ZH: readonly string[] = ['不', '没', '无', '未', '别', '非'];
/** Words that start with a negation character without negating ("不过" however, "非常" very). */
// prettier-ignore
export const NEGATION_PREFIX_EXCEPTIONS_ZH: readonly string[] = [
  '不过', '不仅', '不但', '不管', '不论', '无论', '非常', '别的', '无需', '未来', '没想到',
];
/** Characters before a Chinese phrase in which a negation character still applies (不是很好). */
export const NEGATION_PREFIX_WINDOW_ZH = 3;
/**
 * A negated copula negates the whole predicate after it, so it reaches further: "不是长途骑行的
 * 最佳选择" (not the best choice for long rides).
 */
export const NEGATED_COPULAS_ZH: readonly string[] = ['不是', '并非', '并不是', '算不上', '称不上'];
export const NEGATED_COPULA_WINDOW_ZH = 10;

/**
 * Arabic proclitics written as part of the next word: "and", "so", "with", "for", "like", "the"
 * and their combinations. Each Arabic phrase is also looked for with them (language-index.ts).
 */
// prettier-ignore
export const ARABIC_PROCLITICS: readonly string[] = ['و', 'ف', 'ب', 'ل', 'ك', 'ال', 'وال', 'فال', 'بال', 'كال', 'لل', 'ولل', 'فلل'];

/** How many words before a cue a negator still applies ("not the best choice", "ne … pas recommandé"). */
export const NEGATION_WINDOW = 3;
/** Languages whose negator applies to the next word only (Korean "못 가고": 못 negates 가고, not what follows). */
export const NEGATION_WINDOWS: Readonly<Partial<Record<Lang, number>>> = { ko: 1 };

/** Japanese negation follows the word: 良く|ない, おすすめ|できません, ベスト|とは言えません. */
// prettier-ignore
export const NEGATION_SUFFIXES_JA: readonly string[] = [
  'ない', 'なく', 'ません', 'ではない', 'ではありません', 'ではなく', 'じゃない', 'とは言え', 'とはいえ', 'できない', 'できません',
  'くない', 'くありません', 'くなく', 'でない', 'がない', 'がありません', 'はない', 'はありません', 'もない',
];

/**
 * Contrast markers: a clause starts at each. What follows a contrast outweighs what came before
 * it ("light, but the support is slow" leans on the support), as in VADER's "but" rule.
 */
// prettier-ignore
export const CONTRAST_MARKERS: PerLang<string> = {
  en: ['but', 'however', 'though', 'although', 'while', 'whereas', 'yet', 'that said', 'on the other hand', 'unless',
    'except', 'still'],
  de: ['aber', 'doch', 'jedoch', 'allerdings', 'wahrend', 'wohingegen', 'dafur', 'dagegen', 'trotzdem', 'obwohl',
    'auch wenn', 'hingegen'],
  fr: ['mais', 'cependant', 'pourtant', 'toutefois', 'en revanche', 'alors que', 'tandis que', 'quant a', 'bien que',
    'meme si', 'par contre', 'neanmoins'],
  es: ['pero', 'aunque', 'sin embargo', 'mientras', 'mientras que', 'en cambio', 'no obstante', 'pese a'],
  it: ['ma', 'pero', 'tuttavia', 'mentre', 'invece', 'anche se', 'sebbene', 'nonostante'],
  pt: ['mas', 'porem', 'embora', 'enquanto', 'no entanto', 'contudo', 'ja a', 'ja o', 'entretanto'],
  ja: ['が、', 'けど', 'けれど', 'ものの', '一方', 'ただし', 'しかし', 'ですが', 'ますが', 'なお'],
  nl: ['maar', 'echter', 'hoewel', 'al zijn', 'al is', 'terwijl', 'daarentegen', 'toch', 'ondanks', 'anderzijds',
    'aan de andere kant', 'behalve', 'alleen is'],
  pl: ['ale', 'jednak', 'lecz', 'choc', 'chociaz', 'mimo', 'mimo ze', 'natomiast', 'za to', 'podczas gdy', 'z drugiej strony',
    'tylko ze', 'aczkolwiek', 'niemniej'],
  sv: ['men', 'dock', 'daremot', 'fast', 'aven om', 'trots', 'medan', 'a andra sidan', 'samtidigt'],
  tr: ['ama', 'ancak', 'fakat', 'ise', 'buna karsin', 'buna karsilik', 'oysa', 'halbuki', 'ragmen', 'yine de', 'diger yandan',
    'ote yandan', 'gerci'],
  ru: ['но', 'однако', 'хотя', 'зато', 'тем не менее', 'впрочем', 'а вот', 'тогда как', 'в то время как'],
  ar: ['لكن', 'لكنه', 'لكنها', 'ولكن', 'بينما', 'غير ان', 'الا ان', 'رغم', 'مع ذلك', 'اما'],
  ko: ['하지만', '그러나', '그런데', '반면', '다만'],
  zh: ['但是', '但', '不过', '然而', '可是', '只是', '虽然', '却'],
};

/** Word endings that mark a contrast where the language glues it to the verb (Korean "편리하지만"). */
export const CONTRAST_ENDINGS: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  ko: ['지만', '는데도', '으나'],
};

/** Scale the next sentiment word up (1.3) … */
// prettier-ignore
export const INTENSIFIERS: PerLang<string> = {
  en: ['very', 'really', 'extremely', 'super', 'highly', 'incredibly', 'genuinely', 'truly', 'exceptionally',
    'noticeably', 'far', 'much', 'painfully', 'consistently', 'surprisingly'],
  de: ['sehr', 'besonders', 'extrem', 'ausgesprochen', 'wirklich', 'richtig', 'deutlich', 'spurbar', 'enorm', 'ziemlich',
    'quälend'],
  fr: ['tres', 'vraiment', 'extremement', 'particulierement', 'franchement', 'nettement', 'bien', 'super'],
  es: ['muy', 'realmente', 'extremadamente', 'super', 'especialmente', 'bastante', 'mucho'],
  it: ['molto', 'davvero', 'estremamente', 'particolarmente', 'decisamente', 'super', 'parecchio'],
  pt: ['muito', 'realmente', 'extremamente', 'super', 'bem', 'bastante', 'bem mais'],
  ja: ['とても', '非常に', 'かなり', 'すごく', '大変', '特に', 'しっかり', 'ずっと'],
  nl: ['zeer', 'erg', 'heel', 'echt', 'bijzonder', 'enorm', 'uiterst', 'flink', 'duidelijk', 'merkbaar', 'ontzettend', 'veel'],
  pl: ['bardzo', 'naprawde', 'wyjatkowo', 'szczegolnie', 'mocno', 'wyraznie', 'zdecydowanie', 'niezwykle', 'ogromnie', 'duzo',
    'znacznie'],
  sv: ['mycket', 'valdigt', 'riktigt', 'extremt', 'sarskilt', 'otroligt', 'rejalt', 'markbart', 'tydligt', 'genomgaende'],
  tr: ['cok', 'son derece', 'oldukca', 'gercekten', 'ozellikle', 'epey', 'belirgin sekilde', 'asiri', 'fazlasiyla'],
  ru: ['очень', 'крайне', 'весьма', 'заметно', 'значительно', 'гораздо', 'намного', 'особенно', 'действительно', 'постоянно'],
  ar: ['جدا', 'للغاية', 'كثيرا', 'بكثير', 'حقا', 'باستمرار'],
  ko: ['매우', '아주', '정말', '너무', '특히', '굉장히'],
  zh: ['非常', '很', '特别', '十分', '超', '太', '极其', '相当', '明显'],
};

/** … or down (0.6). */
// prettier-ignore
export const DAMPENERS: PerLang<string> = {
  en: ['a bit', 'slightly', 'somewhat', 'a little', 'fairly', 'rather', 'occasional', 'occasionally', 'some'],
  de: ['etwas', 'ein wenig', 'eher', 'teilweise', 'gelegentlich', 'recht'],
  fr: ['un peu', 'legerement', 'assez', 'plutot', 'parfois'],
  es: ['un poco', 'algo', 'ligeramente', 'a veces'],
  it: ['un po', 'leggermente', 'abbastanza', 'talvolta', 'a volte'],
  pt: ['um pouco', 'ligeiramente', 'meio', 'as vezes'],
  ja: ['やや', '少し', 'ちょっと', '若干', 'めの', 'め'],
  nl: ['iets', 'wat', 'een beetje', 'enigszins', 'nogal', 'vrij', 'soms', 'af en toe'],
  pl: ['troche', 'nieco', 'lekko', 'dosc', 'raczej', 'czasem', 'czasami', 'niekiedy', 'stosunkowo'],
  sv: ['lite', 'nagot', 'ganska', 'relativt', 'ibland', 'delvis', 'aningen'],
  tr: ['biraz', 'kismen', 'bazen', 'ara sira', 'nispeten'],
  ru: ['немного', 'слегка', 'чуть', 'несколько', 'довольно', 'иногда', 'поначалу'],
  ar: ['قليلا', 'بعض الشيء', 'نوعا ما', 'احيانا'],
  ko: ['조금', '약간', '다소', '좀'],
  zh: ['有点', '稍', '稍微', '略', '有些'],
};

/** Labels of "Pros:" lists and table columns whose cells are advantages … */
// prettier-ignore
export const PRO_LABELS: PerLang<string> = {
  en: ['pros', 'pro', 'advantages', 'strengths', 'upsides', 'what we like', 'likes', 'plus', 'positives', 'good'],
  de: ['vorteile', 'starken', 'pluspunkte', 'pro', 'positiv'],
  fr: ['avantages', 'points forts', 'les plus', 'pour', 'on aime'],
  es: ['ventajas', 'pros', 'puntos fuertes', 'a favor'],
  it: ['pro', 'pregi', 'vantaggi', 'punti di forza'],
  pt: ['pros', 'vantagens', 'pontos fortes', 'pontos positivos'],
  ja: ['メリット', '良い点', '長所', 'よい点', '強み'],
  nl: ['voordelen', 'pluspunten', 'pluspunt', 'pro', 'sterke punten', 'plus'],
  pl: ['zalety', 'plusy', 'mocne strony', 'za'],
  sv: ['fordelar', 'plus', 'styrkor', 'pluspoang'],
  tr: ['artilari', 'artilar', 'arti', 'avantajlari', 'avantajlar', 'guclu yonleri'],
  ru: ['плюсы', 'преимущества', 'достоинства', 'сильные стороны'],
  ar: ['المزايا', 'مزايا', 'الايجابيات', 'ايجابيات', 'نقاط القوة'],
  ko: ['장점', '강점'],
  zh: ['优点', '优势', '好处'],
};

/** … or drawbacks. */
// prettier-ignore
export const CON_LABELS: PerLang<string> = {
  en: ['cons', 'con', 'disadvantages', 'downsides', 'drawbacks', 'weaknesses', 'minuses', 'negatives', "what we don't like",
    'dislikes', 'bad'],
  de: ['nachteile', 'schwachen', 'minuspunkte', 'contra', 'kontra', 'negativ'],
  fr: ['inconvenients', 'points faibles', 'les moins', 'contre', "on n'aime pas"],
  es: ['desventajas', 'contras', 'puntos debiles', 'en contra', 'inconvenientes'],
  it: ['contro', 'difetti', 'svantaggi', 'punti deboli'],
  pt: ['contras', 'desvantagens', 'pontos fracos', 'pontos negativos'],
  ja: ['デメリット', '悪い点', '短所', '弱み', '気になる点'],
  nl: ['nadelen', 'minpunten', 'minpunt', 'contra', 'zwakke punten', 'min'],
  pl: ['wady', 'minusy', 'slabe strony', 'przeciw'],
  sv: ['nackdelar', 'minus', 'svagheter', 'minuspoang'],
  tr: ['eksileri', 'eksiler', 'eksi', 'dezavantajlari', 'dezavantajlar', 'zayif yonleri'],
  ru: ['минусы', 'недостатки', 'слабые стороны'],
  ar: ['العيوب', 'عيوب', 'السلبيات', 'سلبيات', 'نقاط الضعف'],
  ko: ['단점', '약점'],
  zh: ['缺点', '不足', '劣势'],
};

/**
 * Phrases that contain a quality word without meaning the quality ("in low light" is not
 * "light"): matched as phrases with no role, so the longest match swallows the word.
 */
// prettier-ignore
export const BLOCKERS: PerLang<string> = {
  en: ['switched to its own', 'moved to its own', 'low light', 'light rain', 'light bulb', 'light mode', 'free shipping', 'free delivery', 'free returns', 'free trial',
    'free migration', 'instead of', 'crash test', 'crash tests', 'crash testing', 'crash rating', 'drop test', 'drop tests',
    'stress test', 'stress tests', 'failure rate', 'failure rates'],
  de: ['ohne grosse anforderungen', 'laut hersteller', 'laut test', 'laut stiftung', 'crashtest*', 'crash test*', 'falltest*',
    'belastungstest*', 'ausfallquote', 'pannenstatistik'],
  fr: ['crash test', 'crash tests', 'test de choc', 'tests de choc', 'test de chute', 'taux de panne', 'taux de pannes'],
  es: ['crash test', 'prueba de choque', 'pruebas de choque', 'prueba de caida', 'tasa de averias', 'tasa de fallos'],
  it: ['crash test', 'prova d urto', 'prove d urto', 'test di caduta', 'tasso di guasti'],
  pt: ['crash test', 'teste de colisao', 'testes de colisao', 'teste de queda', 'taxa de falhas'], ja: ['衝突試験', '衝突安全テスト', '落下試験'],
  nl: ['weinig licht'], pl: ['slabym swietle', 'bez warunkow'], sv: ['svagt ljus'], tr: ['dusuk isikta'],
  ru: ['без лишних', 'ограниченн* бюджет*', 'небольш* бюджет*'], ar: ['ميزانية محدودة', 'الميزانية المحدودة'],
  ko: ['예산이 적*', '예산이 부족*'],
  zh: ['好几', '好像', '只好', '差不多', '重视', '重要', '重点', '预算有限'],
};

/** Folded elided articles and pronouns that are dropped before the word ("l'appli" → "appli"). */
export const ELISIONS: ReadonlySet<string> = new Set([
  'l',
  'd',
  'j',
  'm',
  't',
  's',
  'c',
  'qu',
  'jusqu',
  'lorsqu',
  'puisqu',
  'un',
  'dell',
  'all',
  'nell',
  'sull',
  'dall',
  'quell',
]);
