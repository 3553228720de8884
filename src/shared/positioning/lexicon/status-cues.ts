import type { PerLang } from './lang';
import type { PartialPerLang } from './verdict-words';

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
    'better than anything else', 'better than any other', 'better off with', 'instead go for', 'instead, go for', 'easiest place to start', 'best place to start',
    'the one to buy', 'the one to get', 'one to buy', 'the one i would buy', 'best for most', "i'd spend the money on",
    'spend the money on', 'the desk to get', 'the one to pick'],
  de: ['testsieger*', 'unser favorit', 'unser favoriten', 'mein favorit', 'unsere favoriten', 'beste wahl', 'erste wahl',
    'platz 1', 'platz eins', 'nummer 1', 'nummer eins', 'unser tipp', 'unsere empfehlung', 'meine empfehlung',
    'klarer sieger', 'gesamtsieger', 'bessere wahl', 'beste losung', 'kaum zu schlagen', 'ist die beste$',
    'ist der beste$', 'ist das beste$', 'unschlagbar', 'besser als jedes andere', 'besser als alle anderen', 'sich eher',
    'preis leistungs sieger', 'vergleichssieger', 'ich eher zum @', 'ich eher zur @', 'eher zum @ greifen'],
  fr: ['meilleur choix', 'notre choix', 'numero un', 'numero 1', 'coup de coeur', 'notre favori*', 'mon favori*',
    'premier choix', 'la meilleure option', 'meilleure option', 'grand gagnant', 'imbattable', 'difficile a battre',
    'notre recommandation', 'ma recommandation', 'est le meilleur$', 'est la meilleure$', 'le meilleur pour',
    'mieux que tout autre', 'mieux que tous les autres', 'regardez plutot', 'meilleur du comparatif', 'le meilleur du test',
    'a acheter$', 'notre coup de coeur'],
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
  nl: ['beste keuze', 'topkeuze', 'onze favoriet', 'mijn favoriet', 'eerste keus', 'eerste keuze', 'nummer 1', 'nummer een',
    'de winnaar', 'testwinnaar', 'beste koop', 'betere keuze', 'veel betere keuze', 'veiligere keuze', 'is de beste$',
    'onverslaanbaar', 'moeilijk te verslaan', 'beter dan alle andere', 'werd het de @', 'werd het @', 'zou ik kopen',
    'zou ik nemen', 'zou ik kiezen'],
  pl: ['najlepsz* wybor*', 'najlepsz* opcj*', 'nasz faworyt', 'moj faworyt', 'numer jeden', 'numer 1', 'nr 1', 'zwyciezc*',
    'pierwszy wybor', 'lepsz* wybor*', 'pewniejsz* wybor*', 'bezpieczniejsz* wybor*', 'bezkonkurencyjn*', 'trudno pobic',
    'wybralbym', 'wybralabym', 'kupilbym', 'kupilabym', 'nasza rekomendacja', 'jest najlepsz*$'],
  sv: ['basta valet', 'vart forstaval', 'forstaval', 'forsta val', 'var favorit', 'min favorit', 'nummer ett', 'nummer 1',
    'vinnaren', 'testvinnare', 'bast i test', 'battre val', 'battre valet', 'battre alternativ', 'sakrare val', 'ar bast$',
    'svarslag*', 'skulle det bli', 'skulle jag kopa', 'bast kop'],
  tr: ['en iyi secim*', 'en iyi tercih*', 'en iyi secenek*', 'bir numarali', 'favorimiz', 'favorim', 'ilk tercih*', 'kazanan',
    'daha iyi bir secim', 'daha iyi bir tercih', 'daha iyi bir secenek', 'daha guvenli bir tercih', 'daha guvenli bir secim',
    'rakipsiz', 'alirdim', 'en iyisi'],
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
    "can't go wrong", 'best for', 'best budget', 'best value', 'stands out', 'shines', 'look at the @', 'try the @',
    'alternatives such as', 'alternative such as', 'alternatives like', 'alternative like', 'established alternative*',
    'proven model*', 'proven option*', 'look at @', "i'd look at", 'worth switching', 'switch to @', 'better fit',
    'better deal', 'better rounded', 'safer bet', 'safest bet', 'safer choice', 'start with @', 'is all you need',
    'buy it if', 'get it if', 'moving to', 'something like @', 'something like the @', 'more mature', 'more reliable option*',
    'better option*', 'better alternative*', 'consider @ instead', 'worth a look instead', 'migrate to', 'move to @',
    'switching to @', 'instead', 'worth the extra*',
    'worth paying', 'moved to', 'switched to', 'check out', 'look into', 'worth a try',
    'opt for', 'another option', 'options include', 'alternatives include', 'popular alternatives', 'better served',
    'suit you better', 'suits you better', 'better suited', 'better track record', 'better supported'],
  de: ['empfehl*', 'empfohlen*', 'gute wahl', 'solide wahl', 'lohnt sich', 'lohnenswert', 'gut aufgehoben',
    'besser bedient', 'greift zum @', 'greifen sie zum @', 'nehmen sie den @', 'nehmen sie die @', 'nehmen sie das @',
    'brauchbare alternative', 'gute alternative', 'solide alternative', 'ideal fur', 'ideal', 'geeignet', 'eignet sich',
    'etwas fur', 'tipp', 'beliebt bei', 'bei @ beliebt', 'ansehen', 'uberzeugt', 'kann sich sehen lassen', 'eine uberlegung wert', 'einen blick wert',
    'alternativen wie', 'alternative wie', 'bewahrte modelle', 'bewahrte alternative*', 'die sicherere wahl', 'sicherere wahl',
    'greift zum @', 'greift zur @', 'bietet heute', 'wechsel zu', 'stattdessen', 'lieber zu @', 'lieber zum @',
    'lieber zur @', 'etablierte alternative*', 'etabliertere', 'ausgereiftere', 'ausgereifte alternative*', 'wechseln zu',
    'umsteigen auf', 'die bessere alternative', 'schauen sie sich', 'werfen sie einen blick', 'eignen sich besser',
    'besser geeignet', 'bessere option', 'empfehlenswerter', 'alternativen sind', 'besser beraten'],
  fr: ['recommand*', 'apprecie des', 'apprecie par', 'bon choix', 'excellent choix', 'vaut le coup', 'valent le coup', 'vaut la peine', 'a considerer',
    'ideal', 'ideale', 'adapte', 'adaptee', 'plus adapte', 'plus adaptee', 'convient', 'adresse aux', 'prenez la @',
    'prenez le @', 'choisissez la @', 'choisissez le @', 'optez pour', 'alternative correcte', 'bonne alternative',
    'adresse plutot', 'solide', 'vaut le detour', 'solutions plus etablies', 'alternatives comme', 'alternative comme',
    'se tourner vers', 'regardez du cote', 'tournez vous vers', 'le casque a acheter', 'bon rapport qualite prix',
    'plus etablie*', 'plus mature*', 'mieux vaut', 'preferez', 'passer a @', 'migrer vers', 'a la place', 'jetez un oeil',
    'pensez a', 'essayez', 'mieux adapte*', 'meilleure option', 'autres options', 'valeur sure', 'privilegiez',
    'orientez vous vers'],
  es: ['recomend*', 'recomiendo', 'recomiendan', 'popular entre', 'buena opcion', 'gran opcion', 'buena eleccion', 'vale la pena',
    'merece la pena', 'elige la @', 'elige el @', 'elige @', 'opta por', 'ideal', 'ideales', 'adecuad*', 'alternativa',
    'compensar', 'apuesta segura'],
  it: ['consigli*', 'apprezzat* da', 'buona scelta', 'ottima scelta', 'vale la pena', 'scegli la @', 'scegli il @', 'scegli @', 'adatt*',
    'ideale', 'alternativa valida', 'valida alternativa', 'da considerare', 'ottima opzione', 'buona opzione'],
  pt: ['recomend*', 'popular entre', 'boa opcao', 'boa escolha', 'otima opcao', 'otima escolha', 'vale a pena', 'escolha a @', 'escolha o @',
    'indicad*', 'ideal', 'alternativa', 'aposta segura'],
  ja: ['おすすめ', 'オススメ', 'お勧め', 'お薦め', '推奨', '良い選択', 'いい選択', '悪くない選択', '向いています', '向いている', '人向け',
    'を選びましょう', 'を選ぶと良い', '候補', '価値がある', '試す価値', '検討する価値', 'に適して'],
  nl: ['aanrader', 'aan te raden', 'raad ik aan', 'raden we aan', 'raad ik @ aan', 'raden we @ aan', 'aanbevol*', 'aanbevelen',
    'goede keuze', 'prima keuze', 'solide keuze', 'slimme keuze', 'veilige keuze', 'goede optie', 'goed alternatief',
    'overwegen waard', 'de moeite waard', 'het bekijken waard', 'een blik waard', 'kies dan de @', 'kies de @', 'kies @',
    'kies voor', 'ga voor', 'ideaal voor', 'ideaal als', 'ideaal', 'geschikt', 'zit je goed', 'zit bij @ goed', 'goed af',
    'beter af', 'populair bij', 'geliefd bij', 'een tip', 'voor wie', 'en @ als'],
  pl: ['polec*', 'rekomend*', 'warto rozwazyc', 'warto wybrac', 'warto sprawdzic', 'warto postawic', 'warto kupic', 'dobr* wybor*', 'solidn* wybor*', 'rozsadn* wybor*', 'dobr* opcj*', 'dobr* alternatyw*',
    'wybierz @', 'a @ jesli', 'zdecyduj sie na', 'postaw na', 'idealn* dla', 'idealn* jesli', 'idealn*', 'sprawdzi sie', 'sprawdza sie',
    'dobrze wybierze', 'godn* uwagi', 'wart* uwagi', 'wart* rozwazenia', 'oplaca sie', 'bezpieczny wybor', 'popularn* wsrod'],
  sv: ['rekommender*', 'bra val', 'gott val', 'smart val', 'tryggt val', 'prisvart val', 'bra alternativ', 'vard att',
    'vard pengarna', 'vard ett forsok', 'valj @', 'och @ om', 'for dig som', 'ga pa', 'satsa pa', 'passar bra', 'passar battre', 'passar dig',
    'passar den som', 'perfekt for', 'perfekta for', 'perfekta om', 'idealisk*', 'lamplig*', 'popular bland', 'ett tips'],
  tr: ['onerir*', 'oneriyor*', 'onerilir', 'onerebilir*', 'tavsiye ederim', 'tavsiye ediyor*', 'tavsiye ederiz', 'tavsiye edilir',
    'iyi bir secim', 'iyi bir tercih', 'iyi bir secenek', 'mantikli bir secim', 'saglam bir secim', 'degerlendirmeye deger',
    'denemeye deger', 'goz atmaya deger', '@ secin', '@ secebilirsiniz', '@ tercih edebilir*', '@ tercih edin', 'ideal', 'idealdir',
    'daha uygun', 'icin uygun'],
};

/** A warning or advice to avoid. */
// prettier-ignore
export const CAUTION_CUES: PerLang<string> = {
  en: ['avoid', 'avoided', 'not recommended', "wouldn't recommend", 'would not recommend', "don't recommend",
    'do not recommend', "can't recommend", 'cannot recommend', 'stay away', 'steer clear', 'skip it', 'skip the @', 'skip @',
    'be careful', 'be wary', 'beware', 'think twice', 'not worth', "isn't worth", 'poor choice', 'bad choice',
    "wouldn't pick", 'would not pick', "wouldn't buy", 'would not buy', 'pass on', 'warning', 'red flag', 'caution',
    'leave the @ aside', 'leave @ aside', 'leave aside', "i'd leave", 'give it a miss', 'look elsewhere', 'watch out for',
    'watch out'],
  de: ['finger weg', 'finger lassen', 'nicht zu empfehlen', 'nicht empfehlenswert', 'nicht empfehlen', 'rate ich ab',
    'raten wir ab', 'rate davon ab', 'abrat*', 'abzurat*', 'vorsicht', 'meiden', 'vermeiden', 'lieber nicht',
    'keine empfehlung', 'nicht lohnenswert', 'lohnt sich nicht', 'finger davon', 'besser meiden'],
  fr: ['a eviter', 'eviter', 'evitez', 'deconseill*', 'mefiez', 'mefiez vous', 'attention', 'pas recommande',
    'pas recommandee', 'fuyez', 'passez votre chemin', 'a proscrire', 'ne vaut pas le coup', 'on passe', 'a oublier'],
  es: ['evitar', 'evita', 'evite', 'evitad', 'no recomend*', 'no lo recomiendo', 'no la recomiendo', 'no recomiendo',
    'desaconsej*', 'cuidado', 'ojo con', 'no vale la pena', 'no merece la pena'],
  it: ['da evitare', 'evitare', 'evita', 'sconsigli*', 'non consigliat*', 'non e consigliat*', 'attenzione',
    'lascia perdere', 'non vale la pena'],
  pt: ['evite', 'evitar', 'nao recomend*', 'nao e recomendad*', 'cuidado', 'desaconselh*', 'fuja', 'nao vale a pena'],
  ja: ['避けた方がいい', '避けた方が良い', '避けたほうがいい', '避けましょう', '避けるべき', '避けて', 'おすすめしません',
    'おすすめできません', 'おすすめできない', 'おすすめではありません', 'おすすめではない', 'お勧めしません', 'お勧めできません',
    '注意が必要', '要注意', '非推奨', 'やめた方がいい', 'やめておきましょう', '控えた方がいい'],
  nl: ['vermijd', 'vermijden', 'niet aan te raden', 'niet aanbevolen', 'raad ik af', 'raden we af', 'raad af', 'afraden',
    'afgeraden', 'wees voorzichtig', 'voorzichtig met', 'pas op', 'blijf weg', 'uit de buurt', 'links laten liggen',
    'links liggen', 'niet de moeite waard', 'niet waard', 'slechte keuze', 'zou ik niet kopen', 'zou ik niet nemen', 'kijk uit',
    'waarschuwing'],
  pl: ['nie polec*', 'nie rekomend*', 'odradz*', 'omijac', 'omijaj', 'unikaj', 'unikac', 'uwazaj', 'ostroznie z', 'nie warto',
    'zly wybor', 'kiepsk* wybor*', 'trzymaj sie z daleka', 'z daleka od', 'nie oplaca sie', 'uwaga na', 'ostrzegam'],
  sv: ['undvik', 'undvika', 'rekommenderas inte', 'rekommenderar inte', 'kan inte rekommendera', 'avrad*', 'var forsiktig',
    'forsiktig med', 'se upp', 'akta dig', 'hall dig borta', 'inte vard', 'daligt val', 'varning', 'skippa'],
  tr: ['uzak dur*', 'kacinin', 'kacinmanizi', 'kacinmak', 'onerm*', 'tavsiye etmem', 'tavsiye etmiyor*', 'tavsiye edilmez',
    'dikkatli olun', 'dikkatli olmakta', 'almayin', 'almamanizi', 'kotu bir secim', 'degmez', 'paranizi vermeyin'],
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
  nl: ['de meeste', 'voor de meeste', 'meeste mensen'],
  pl: ['wiekszosci', 'dla wiekszosci', 'wiekszosc'],
  sv: ['de flesta', 'for de flesta'],
  tr: ['cogu', 'cogunluk', 'cogunlugu'],
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
  nl: ['beste', 'top', 'ranglijst', 'favorieten'],
  pl: ['najlepsze', 'najlepszy', 'najlepsza', 'najlepszych', 'najlepsi', 'top', 'ranking', 'zestawienie'],
  sv: ['basta', 'bast', 'topp', 'topplista', 'rankning'],
  tr: ['iyi', 'iyileri', 'top', 'siralama', 'siralamasi'],
};

/** A recommendation for one case only ("only if you need …", "fine for small teams"): no tone of its own. */
// prettier-ignore
export const CASE_REC_CUES: PartialPerLang<string> = {
  en: ['only if', 'only for', 'only makes sense', 'makes sense only', 'acceptable', 'only worth it if',
    'only worth it for'],
  de: ['nur wenn', 'nur fur', 'nur dann', 'nur sinnvoll', 'okay fur', 'ok fur', 'in ordnung fur', 'reicht', 'genugt'],
  fr: ['seulement si', 'uniquement si', 'uniquement pour', 'seulement pour', 'correct pour', 'correcte pour',
    'acceptable', 'suffit pour'],
};

/** Praise in the past: what follows it in the clause is not praise of the brand now. */
// prettier-ignore
export const PAST_CUES: PartialPerLang<string> = {
  en: ['used to be', 'was once', 'were once', 'once was', 'has long been', 'had long been', 'was the go to',
    'back in the day'],
  de: ['war fruher', 'waren fruher', 'galt lange', 'galt lange als', 'einst', 'war lange', 'war einmal', 'ehemals',
    'galt fruher'],
  fr: ['etait autrefois', 'autrefois', 'a longtemps ete', 'longtemps ete', 'etait jadis', 'jadis', 'naguere',
    'etait la reference'],
};

/** Words of a news report: its blame is news of a loss or a fine, not a warning to the reader. */
// prettier-ignore
export const NEWS_CUES: PartialPerLang<string> = {
  en: ['announced on', 'announced that', 'has announced', 'announced plans', 'announcement of', 'monday', 'tuesday',
    'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'press release', 'regulator', 'analysts'],
  de: ['angekundigt', 'kundigte', 'teilte mit', 'am montag', 'am dienstag', 'am mittwoch', 'am donnerstag', 'am freitag',
    'am samstag', 'am sonntag', 'analysten', 'aufsichtsbehorde'],
  fr: ['a annonce', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche', 'communique',
    'a ete condamne', 'autorite de controle', 'analystes'],
  es: ['ha anunciado', 'el lunes', 'el martes', 'el miercoles', 'el jueves', 'el viernes', 'el sabado',
    'el domingo', 'analistas'],
  it: ['ha annunciato', 'annunciato', 'lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica',
    'analisti'],
  pt: ['anunciou', 'na segunda', 'na terca', 'na quarta', 'na quinta', 'na sexta', 'no sabado', 'no domingo',
    'analistas'],
  ja: ['と発表', '発表した', '発表しました'],
};
