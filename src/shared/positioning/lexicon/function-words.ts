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
};

/**
 * Negators written after what they negate, in the languages that do ("en iyi seçim değil" = not
 * the best choice): they flip the cue or sentiment word at most NEGATION_WINDOW words before.
 */
// prettier-ignore
export const POST_NEGATORS: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  tr: ['degil', 'degildir', 'degiller', 'degilim'],
};

/** How many words before a cue a negator still applies ("not the best choice", "ne … pas recommandé"). */
export const NEGATION_WINDOW = 3;

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
};

/**
 * Phrases that contain a quality word without meaning the quality ("in low light" is not
 * "light"): matched as phrases with no role, so the longest match swallows the word.
 */
// prettier-ignore
export const BLOCKERS: PerLang<string> = {
  en: ['low light', 'light rain', 'light bulb', 'light mode', 'free shipping', 'free delivery', 'free returns', 'free trial',
    'free migration', 'instead of'],
  de: ['laut hersteller', 'laut test', 'laut stiftung'],
  fr: [], es: [], it: [], pt: [], ja: [],
  nl: ['weinig licht'], pl: ['slabym swietle', 'bez warunkow'], sv: ['svagt ljus'], tr: ['dusuk isikta'],
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
