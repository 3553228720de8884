import type { Lang } from './lang';

// Aspect × opinion attributes (see attributes.ts): an aspect word ("support", "Akku") and the
// nearest opinion word of a class within ASPECT_WINDOW words in the same clause give the
// aspect's name for that class ("slow" + "support" → "slow support"). Aspects without a name
// for a class ignore that opinion ("warm" says nothing about a battery).

export const OPINION_CLASSES = [
  'good',
  'poor',
  'slow',
  'fast',
  'long',
  'short',
  'dated',
  'basic',
  'many',
  'bright',
] as const;
export type OpinionClass = (typeof OPINION_CLASSES)[number];

export const OPINION_POLARITY: Readonly<Record<OpinionClass, 'positive' | 'negative'>> = {
  good: 'positive',
  poor: 'negative',
  slow: 'negative',
  fast: 'positive',
  long: 'positive',
  short: 'negative',
  dated: 'negative',
  basic: 'negative',
  many: 'positive',
  bright: 'positive',
};

/** Words apart an opinion may stand from its aspect ("the battery comfortably lasts"). */
export const ASPECT_WINDOW = 5;

// prettier-ignore
export const OPINIONS: Readonly<Record<Lang, Readonly<Partial<Record<OpinionClass, readonly string[]>>>>> = {
  en: { good: ['good', 'great', 'excellent', 'better', 'superb', 'strong', 'outstanding', 'helpful', 'precise', 'accurate',
    'warmer', 'warm', 'genuinely good', 'excellent customer service'],
    poor: ['poor', 'bad', 'weak', 'awful', 'terrible', 'average', 'only average', 'struggles', 'hard to reach', 'far below'],
    slow: ['slow', 'slower'], fast: ['fast', 'quick', 'quickly', 'faster'],
    long: ['long', 'lasts', 'full day', 'all day', 'seven years', 'hours', 'a week'], short: ['short', 'only gets two years', 'two years'],
    dated: ['dated', 'outdated', 'less polished', 'old'], basic: ['basic', 'limited'], many: ['many', 'lots of', 'more'],
    bright: ['bright', 'brighter'] },
  de: { good: ['gut', 'gute', 'guter', 'gutes', 'sehr gute', 'hervorragend*', 'besser*', 'stark*', 'prazise', 'ausgezeichnet*',
    'warmer', 'hilft'],
    poor: ['schlecht*', 'schwach*', 'schwachelt', 'durchschnittlich*', 'schwer erreichbar', 'kaum', 'enttauschend*',
      'weit unter'],
    slow: ['langsam*'], fast: ['schnell*'], long: ['halt', 'durchhalt', 'lange', 'ganzen', 'sieben jahre', 'stunden'],
    short: ['nur zwei jahre', 'kurz*'], dated: ['altbacken', 'veraltet*'], basic: ['einfach gehalten', 'begrenzt*'],
    many: ['mehr', 'viele'], bright: ['heller*', 'hell'] },
  fr: { good: ['bon', 'bonne', 'excellent*', 'meilleur*', 'precis*', 'chaleureu*', 'reactif', 'qui repond'],
    poor: ['mauvais*', 'faible*', 'moyenne', 'moyen', 'peine', 'difficile a joindre', 'decevant*', 'tres inferieure'],
    slow: ['lent*'], fast: ['rapide*'], long: ['tient', 'longue', 'sept ans', 'heures', 'journee'],
    short: ['que deux ans', 'court*'], dated: ['vieilli', 'datee'], basic: ['basiques', 'limites'],
    many: ['plus de'], bright: ['lumineu*'] },
  es: { good: ['buen*', 'excelente*', 'mejor', 'precis*'], poor: ['mal*', 'debil*', 'cuesta', 'muy por debajo'],
    slow: ['lent*'], fast: ['rapid*', 'paga rapido'], long: ['dura', 'aguanta', 'dia entero'],
    short: ['corta', 'solo dos'], dated: ['anticuad*'], basic: ['basic*', 'limitad*'], many: ['mas'], bright: ['brillante*'] },
  it: { good: ['buon*', 'ottim*', 'miglior*', 'precis*'], poor: ['scars*', 'debol*', 'deludent*', 'molto inferiore'],
    slow: ['lent*'], fast: ['rapid*', 'veloc*'], long: ['dura', 'sette anni'], short: ['solo due anni'], dated: ['datat*'],
    basic: ['limitat*'], many: ['molte', 'piu'], bright: ['luminos*'] },
  pt: { good: ['bom', 'boa', 'excelente*', 'melhor', 'precis*'], poor: ['ruim', 'fraco*', 'muito abaixo'], slow: ['lent*'],
    fast: ['rapid*'], long: ['dura', 'dia inteiro', 'sete anos'], short: ['so dois'], dated: ['datad*'],
    basic: ['basic*', 'limitad*'], many: ['mais'], bright: ['brilhante*'] },
  ja: { good: ['優秀', '良い', '良く', '優れ', '正確', '丁寧', '温かみ', '打ちやすい', '抜群', '使いやすい', '便利'],
    poor: ['弱い', '平凡', '悪い', 'つながりにくい', '物足りな', '大きく下回'], slow: ['遅い', '遅'], fast: ['速い', '早い'],
    long: ['持ちます', '持ち', '1日中', '長い', '7年間'], short: ['2年しか', '短い'], dated: ['古い'],
    basic: ['シンプル', '限定的'], many: ['多く', '多い'], bright: ['明るい'] },
  nl: { good: ['goed', 'goede', 'uitstekend*', 'beter', 'sterk*', 'nauwkeurig*', 'prima', 'hoge cijfers'],
    poor: ['slecht*', 'zwak*', 'matig*', 'middelmatig*', 'teleurstellend*', 'onoverzichtelijk*', 'crasht', 'moeite'],
    slow: ['traag', 'trage', 'langzaam*', 'lange wachttijden', 'reageert nauwelijks'], fast: ['snel', 'snelle', 'binnen minuten'],
    long: ['hele dag', 'hele werkdag', 'houdt', 'zeven jaar', 'uur', 'ruim 90'], short: ['nauwelijks', 'maar drie jaar', 'kort*'],
    dated: ['gedateerd*', 'verouderd*'], basic: ['beperkt*'], many: ['veel'], bright: ['helder*'] },
  pl: { good: ['dobr*', 'swietn*', 'lepsz*', 'mocn*', 'precyzyjn*', 'wysokie oceny'],
    poor: ['slab*', 'kiepsk*', 'przecietn*', 'rozczarow*', 'nieczyteln*', 'zawiesza', 'nie radzi'],
    slow: ['powoln*', 'wolny', 'wolne', 'dlugie oczekiwanie', 'prawie nie odpowiada'], fast: ['szybk*', 'w kilka minut'],
    long: ['caly dzien', 'wystarcza', 'wytrzymuje', 'siedem lat', 'godzin', 'ponad 90'], short: ['niecale', 'tylko trzy', 'krotk*'],
    dated: ['przestarzal*'], basic: ['ograniczon*'], many: ['duzo'], bright: ['jasny', 'jasn*'] },
  sv: { good: ['bra', 'utmarkt*', 'battre', 'stark*', 'exakt*', 'hoga betyg'],
    poor: ['dalig*', 'svag*', 'medelmattig*', 'rorig*', 'kraschar', 'problem*'],
    slow: ['langsam*', 'seg', 'langa handlaggningstider', 'svarar knappt'], fast: ['snabb*', 'inom nagra minuter'],
    long: ['hel arbetsdag', 'en och en halv dag', 'haller', 'klarar', 'sju ars', 'timmars', 'over 90'],
    short: ['knappt', 'bara tre', 'kort*'], dated: ['daterad*', 'foraldrad*'], basic: ['begransad*'], many: ['manga'],
    bright: ['ljus'] },
  tr: { good: ['iyi', 'mukemmel*', 'daha iyi', 'guclu*', 'isabetli*', 'yuksek puan*'],
    poor: ['kotu*', 'zayif*', 'vasat', 'karmasik*', 'cokuyor', 'zorlan*'],
    slow: ['yavas*', 'aylarca', 'hic yanit vermiyor'], fast: ['hizli*', 'dakikalar icinde'],
    long: ['tum is gunune', 'bir bucuk gun', 'gidiyor', 'yetiyor', 'yedi yil', 'saat'], short: ['ancak', 'yalnizca uc', 'kisa*'],
    dated: ['eski'], basic: ['sinirli*'], many: ['bol'], bright: ['parlak*'] },
  ru: { good: ['хорош*', 'отличн*', 'лучш*', 'прекрасн*', 'удобн*'], poor: ['плох*', 'слаб*', 'тускл*'], slow: ['медленн*'],
    fast: ['быстр*'], long: ['долг*', 'хватает на', '30 часов', 'семь лет'], short: ['всего два года', 'всего на', 'только два'],
    dated: ['устаревш*'], basic: ['ограничен*'], many: ['много'], bright: ['ярк*'] },
  ar: { good: ['جيد', 'جيدة', 'ممتاز', 'ممتازة', 'رائع', 'رائعة', 'سهل', 'نقي', 'نقية'], poor: ['ضعيف', 'ضعيفة', 'سيئ', 'سيئة', 'باهتة'],
    slow: ['بطيء', 'بطيئة', 'يرد بعد'], fast: ['سريع', 'سريعة', 'بسرعة'], long: ['طويلة', 'تدوم', 'سبع سنوات'],
    short: ['سنتين فقط'], dated: ['قديمة'], basic: ['محدودة'], many: ['كثيرة'], bright: ['ساطعة'] },
  ko: { good: ['좋*', '훌륭*', '뛰어나*', '편리*', '잘 찍*'], poor: ['약하*', '약합*', '약함', '나쁘*', '어두운*'],
    slow: ['느리*', '느린*', '느립*', '느림'], fast: ['빠르*', '빠른*', '빠릅*'], long: ['긴*', '30시간*', '7년*'],
    short: ['2년뿐*'], dated: ['오래됐*'], basic: ['제한적*'], many: ['많*'], bright: ['밝*'] },
  zh: { good: ['好', '出色', '好用', '精准', '干净', '方便'], poor: ['差', '弱', '暗'], slow: ['慢'], fast: ['快'],
    long: ['长', '七年', '30小时'], short: ['两年'], dated: ['老旧'], basic: ['有限', '较弱'], many: ['多'], bright: ['亮'] },
};

export interface AspectDef {
  names: Readonly<Partial<Record<OpinionClass, string>>>;
  words: Readonly<Partial<Record<Lang, readonly string[]>>>;
}

// prettier-ignore
export const ASPECTS: readonly AspectDef[] = [
  { names: { good: 'good support', poor: 'poor support', slow: 'slow support', fast: 'good support' }, words: {
    en: ['support', 'customer service', 'customer support', 'agents', 'hotline'], de: ['support', 'kundendienst', 'kundenservice', 'hotline'],
    fr: ['service client', 'support', 'sav'], es: ['atencion al cliente', 'soporte'], it: ['assistenza', 'supporto', 'servizio clienti'],
    pt: ['atendimento', 'atendimento ao cliente', 'suporte'], ja: ['サポート', '問い合わせ', 'カスタマーサービス'],
    ru: ['поддержк*'], ar: ['دعم', 'خدمة العملاء'], ko: ['고객 지원*', '고객센터*'], zh: ['客服', '售后'] } },
  { names: { good: 'good app', poor: 'poor app', dated: 'dated apps' }, words: {
    en: ['app', 'apps'], de: ['app'], fr: ['application', 'appli'], es: ['app', 'aplicacion'], it: ['app'],
    pt: ['aplicativo', 'app'], ja: ['アプリ'],
    ru: ['приложени*'], ar: ['تطبيق*'], ko: ['앱*'], zh: ['应用', 'app'] } },
  { names: { good: 'long battery life', long: 'long battery life', poor: 'short battery life', short: 'short battery life' }, words: {
    en: ['battery', 'battery life', 'battery range', 'range'], de: ['akku', 'akkulaufzeit', 'reichweite'], fr: ['batterie', 'autonomie'],
    es: ['bateria', 'autonomia'], it: ['batteria', 'autonomia'], pt: ['bateria', 'autonomia'], ja: ['バッテリー', '航続距離'],
    ru: ['батаре*', 'автономн*', 'запас хода'], ar: ['بطارية', 'مدى'], ko: ['배터리*'], zh: ['电池', '续航'] } },
  { names: { good: 'good camera', poor: 'poor camera' }, words: {
    en: ['camera'], de: ['kamera'], fr: ['appareil photo'], es: ['camara'], it: ['fotocamera'], pt: ['camera'], ja: ['カメラ'],
    ru: ['камер*'], ar: ['كاميرا*'], ko: ['카메라*'], zh: ['拍照', '相机', '夜景'] } },
  { names: { good: 'bright screen', bright: 'bright screen', poor: 'poor screen' }, words: {
    en: ['screen', 'display'], de: ['display', 'bildschirm'], fr: ['ecran'], es: ['pantalla'], it: ['schermo'], pt: ['tela'],
    ja: ['画面'],
    ru: ['экран*'], ar: ['شاشة'], ko: ['화면*'], zh: ['屏幕'] } },
  { names: { good: 'good keyboard', poor: 'poor keyboard' }, words: {
    en: ['keyboard'], de: ['tastatur'], fr: ['clavier'], es: ['teclado'], it: ['tastiera'], pt: ['teclado'], ja: ['キーボード'],
    ru: ['клавиатур*'], ar: ['لوحة المفاتيح'], ko: ['키보드*'], zh: ['键盘'] } },
  { names: { many: 'many ports' }, words: {
    en: ['ports'], de: ['anschlusse'], fr: ['ports'], es: ['puertos'], it: ['porte'], pt: ['portas'], ja: ['端子'],
    ru: ['порт*'], ar: ['منافذ'], ko: ['포트*'], zh: ['接口'] } },
  { names: { good: 'good sound', poor: 'poor sound' }, words: {
    en: ['sound', 'sounds'], de: ['klingt', 'klang'], fr: ['son'], es: ['sonido'], it: ['suono'], pt: ['som'], ja: ['音が', '音質'],
    ru: ['звук*'], ar: ['صوت*'], ko: ['음질*'], zh: ['音质'] } },
  { names: { long: 'long updates', short: 'short updates', good: 'long updates' }, words: {
    en: ['updates'], de: ['updates', 'sicherheitsupdates'], fr: ['mises a jour'], es: ['actualizaciones'], it: ['aggiornamenti'],
    pt: ['atualizacoes'], ja: ['アップデート'],
    ru: ['обновлени*'], ar: ['تحديث*'], ko: ['업데이트*'], zh: ['更新'] } },
  { names: { basic: 'basic reporting', poor: 'basic reporting' }, words: {
    en: ['reporting', 'reports'], de: ['berichte'], fr: ['rapports'], es: ['informes'], it: ['report'], pt: ['relatorios'],
    ja: ['レポート'],
    ru: ['отчет*'], ar: ['تقارير'], ko: ['보고서*'], zh: ['报表', '报告'] } },
  { names: { slow: 'slow claims', fast: 'fast claims', poor: 'slow claims' }, words: {
    en: ['claims', 'payouts', 'settles claims'], de: ['schadensregulierung', 'schaden'], fr: ['sinistres', 'remboursement des sinistres'],
    es: ['siniestros', 'paga'], it: ['sinistri'], pt: ['sinistros'], ja: ['保険金'],
    ru: ['выплат*', 'урегулир*', 'урегулир* убытк*'], ar: ['التعويضات', 'المطالبات'], ko: ['보험금*'], zh: ['理赔'] } },
  { names: { good: 'noise cancelling', poor: 'poor noise cancelling' }, words: {
    en: ['noise cancelling', 'noise canceling'], de: ['gerauschunterdruckung'], fr: ['reduction de bruit'],
    es: ['cancelacion de ruido'], it: ['cancellazione del rumore'], pt: ['cancelamento de ruido'], ja: ['ノイズキャンセリング'],
    ru: ['шумоподавлени*'], ar: ['عزل الضوضاء', 'عزل'], ko: ['노이즈 캔슬링*'], zh: ['降噪'] } },
  { names: { good: 'good rack' }, words: {
    en: ['rack', 'rear rack'], de: ['gepacktrager'], fr: ['porte bagages'], it: ['portapacchi'], ja: ['荷台'],
    ru: ['багажник*'], ar: ['حامل الامتعة'], ko: ['짐받이*'], zh: ['货架'] } },
  { names: { good: 'good mapping' }, words: {
    en: ['mapping'], de: ['kartierung'], fr: ['cartographie'], es: ['mapeo'], it: ['mappatura'], pt: ['mapeamento'], ja: ['マッピング'],
    ru: ['построение карты', 'построение карт'], ar: ['رسم خرائط', 'رسم الخرائط'], ko: ['맵핑*', '매핑*'], zh: ['建图'] } },
  { names: { good: 'strong suction', poor: 'weak suction' }, words: {
    en: ['suction'], de: ['saugleistung'], fr: ['aspiration'], es: ['succion'], it: ['aspirazione'], pt: ['succao'], ja: ['吸引力'],
    ru: ['всасывани*'], ar: ['شفط', 'قوة شفط'], ko: ['흡입력*'], zh: ['吸力'] } },
];
