import type { Lang } from './lang';

// Qualities an answer attaches to a brand, each under one canonical English key so an analyst
// can compare countries ("teuer", "cher", "caro", "割高" are all `expensive`); the words as
// written are kept beside the key (BrandAttribute.phrase). Two sources:
// - CONCEPTS: a phrase that names the quality outright ("lightweight", "atmungsaktiv", "軽量");
// - ASPECTS × OPINIONS (attribute-aspects.ts): a thing ("support", "Akku", "バッテリー") near an
//   opinion of a class ("slow", "long", "good") in the same clause becomes "slow support",
//   "long battery life", "good camera".
// A negated quality keeps its key with "not " in front and the other polarity ("nicht
// atmungsaktiv" → `not breathable`, negative). Pattern syntax in lang.ts.

export type Polarity = 'positive' | 'negative' | 'neutral';

export interface ConceptDef {
  key: string;
  polarity: Polarity;
  words: Readonly<Partial<Record<Lang, readonly string[]>>>;
}

const P = 'positive';
const N = 'negative';

// prettier-ignore
export const CONCEPTS: readonly ConceptDef[] = [
  { key: 'expensive', polarity: N, words: {
    en: ['expensive', 'pricey', 'costly', 'overpriced', 'pricier', 'more expensive', 'costs more', 'costs around', 'premium price'],
    de: ['teuer', 'teure', 'teuren', 'teurer', 'teures', 'kostspielig*', 'uberteuert*', 'hochpreisig*', 'aufpreis', 'etwas teurer'],
    fr: ['cher', 'chere', 'chers', 'cheres', 'couteu*', 'onereu*', 'hors de prix', 'plus cher', 'plus chere'],
    es: ['caro', 'cara', 'caros', 'caras', 'mas cara', 'mas caro', 'costos*'],
    it: ['caro', 'cara', 'cari', 'care', 'costos*'], pt: ['caro', 'cara', 'caros', 'caras', 'custoso*'],
    ja: ['高め', '高価', '割高', '価格は高', '価格が高', '値段が高', '料金が高', '少し高い', 'かなり高め'],
    ru: ['дорогой', 'дорогая', 'дорогое', 'дорогие', 'дорогих', 'дороже', 'высокая цена', 'высокой цены'], ar: ['غالي', 'غالية', 'اغلى', 'مرتفع', 'مرتفعة', 'باهظ*'], ko: ['비싸*', '비싼*', '비쌈', '비쌉*', '높은 가격', '가격이 높*'], zh: ['贵', '价格高', '昂贵', '保费高'] } },
  { key: 'affordable', polarity: P, words: {
    en: ['affordable', 'cheap', 'cheaper', 'cheapest', 'inexpensive', 'budget friendly', 'low cost', 'bargain', 'low prices',
      'best fares', 'cheaper on paper'],
    de: ['gunstig*', 'preiswert*', 'billig*', 'erschwinglich*'],
    fr: ['abordable*', 'bon marche', 'pas cher', 'moins cher', 'prix bas', 'petits budgets', 'moitie moins'],
    es: ['barat*', 'asequible*', 'economic*'], it: ['economic*', 'a buon mercato', 'costa la meta'],
    pt: ['barat*', 'acessivel*', 'em conta'],
    ja: ['安い', '安め', '手頃', 'リーズナブル', '格安', '低価格', '半額', '予算を抑え', '価格は安め', '安く見え'],
    ru: ['дешев*', 'недорог*', 'низкая цена', 'низкие цены', 'низкие взносы', 'бюджетн*', 'со скидкой'], ar: ['رخيص', 'رخيصة', 'ارخص', 'سعر منخفض', 'منخفضة', 'منخفض', 'بتخفيض', 'تخفيض'], ko: ['저렴*', '싸지*', '싸고*', '싼*', '할인*', '보험료가 낮*'], zh: ['便宜', '价格低', '实惠', '低价', '保费低', '打折'] } },
  { key: 'good value', polarity: P, words: {
    en: ['value for money', 'great value', 'good value', 'excellent value', 'worth the price', 'bang for', 'save money'],
    de: ['preis leistungs*', 'preisleistung*', 'spart'], fr: ['rapport qualite prix', 'economique a'],
    es: ['relacion calidad precio'], it: ['rapporto qualita prezzo'], pt: ['custo beneficio'],
    ja: ['コスパ', 'コストパフォーマンス', '経済的'],
    ru: ['соотношение цены и качества'], ar: ['قيمة مقابل'], ko: ['가성비*'], zh: ['性价比'] } },
  { key: 'free', polarity: P, words: {
    en: ['free for personal', 'free', 'for free'], de: ['kostenlos', 'gratis'], fr: ['gratuit', 'gratuite', 'gratuits'],
    es: ['gratuito', 'gratuita', 'gratis'], it: ['gratuito', 'gratuita', 'gratis'], pt: ['gratuito', 'gratuita', 'sem anuidade'],
    ja: ['無料'],
    ru: ['бесплатн*'], ar: ['مجاني', 'مجانية', 'مجانا'], ko: ['무료*'], zh: ['免费'] } },
  { key: 'free plan', polarity: P, words: {
    en: ['free plan', 'free tier', 'free version'], de: ['kostenlose version', 'gratisversion'],
    fr: ['offre gratuite', 'version gratuite'], es: ['version gratuita', 'plan gratuito'],
    it: ['versione gratuita', 'piano gratuito'], pt: ['versao gratuita', 'plano gratuito'], ja: ['無料プラン', '無料版'],
    ru: ['бесплатн* тариф*', 'бесплатн* верси*'], ar: ['خطة مجانية', 'الخطة المجانية', 'النسخة المجانية', 'نسخة مجانية'], ko: ['무료 플랜*', '무료 버전*', '무료 요금제*'], zh: ['免费版', '免费套餐', '免费计划'] } },
  { key: 'free migration', polarity: P, words: {
    en: ['free migration*'], de: ['kostenlosen umzugswerkzeug', 'umzugswerkzeug'], fr: ['outil de migration gratuit'],
    es: ['herramienta de migracion gratuita'], ja: ['無料移行ツール'] } },
  { key: 'no fees', polarity: P, words: {
    en: ['no fees', 'no monthly fee', 'no foreign transaction fees', 'fee free'],
    de: ['keine gebuhren', 'ohne mindestgeldeingang', 'gebuhrenfrei'], fr: ['aucun frais', 'sans frais'],
    es: ['sin comisiones'], it: ['senza commissioni'], pt: ['sem tarifas'], ja: ['手数料無料', '手数料なし'],
    ru: ['без комиссии', 'нет комиссии'], ar: ['لا رسوم', 'بدون رسوم', 'دون رسوم'], ko: ['수수료 무료*', '수수료 없*'], zh: ['免手续费', '无手续费'] } },
  { key: 'high fees', polarity: N, words: {
    en: ['fees', 'high fees', 'monthly fee', 'fee hike*'],
    de: ['gebuhr', 'gebuhren', 'kontofuhrungsgebuhr*', 'grundgebuhr', 'hohe grundgebuhr'],
    fr: ['frais de tenue', 'frais eleves', 'abonnement eleve'], es: ['comision de mantenimiento', 'comisiones'],
    it: ['commissioni'], pt: ['tarifa de manutencao'], ja: ['基本料金が高', '手数料が高'],
    ru: ['комисси*', 'обслуживание стоит', 'плата за обслуживание'], ar: ['رسوم'], ko: ['수수료*'], zh: ['手续费', '月费'] } },
  { key: 'hidden fees', polarity: N, words: {
    en: ['hidden fees', 'costs extra', 'cost extra', 'extra charge*', 'baggage fees'],
    de: ['kosten extra', 'versteckte kosten'], fr: ['sont payants', 'frais caches'], es: ['se cobran aparte', 'cargos ocultos'],
    it: ['a pagamento', 'costi nascosti'], pt: ['cobradas a parte', 'taxas escondidas'], ja: ['別料金'] } },
  { key: 'transparent pricing', polarity: P, words: {
    en: ['pricing is transparent', 'transparent pricing'], de: ['preise sind transparent', 'transparente preise'],
    fr: ['tarifs sont transparents', 'tarifs transparents'], es: ['precios transparentes'], it: ['prezzi trasparenti'],
    pt: ['precos transparentes'], ja: ['料金体系もわかりやすい', '料金体系がわかりやすい', '料金体系'] } },
  { key: 'lightweight', polarity: P, words: {
    en: ['lightweight', 'light', 'lighter', 'light enough', 'weighs just', 'weighs only'],
    de: ['leicht', 'leichte', 'leichter', 'leichtes', 'wiegt nur'], fr: ['leger', 'legere', 'legers', 'ne pese que'],
    es: ['liger*', 'pesa solo'], it: ['leggera', 'leggero', 'leggere', 'leggeri'], pt: ['leve', 'leves', 'pesa so'],
    ja: ['軽量', '軽い', '軽く', 'わずか1'],
    ru: ['легкий', 'легкая', 'легкое', 'легкие', 'легкого', 'легче'], ar: ['خفيف', 'خفيفة', 'خفيف الوزن'], ko: ['가볍*', '가벼*'], zh: ['轻便', '轻薄', '轻'] } },
  { key: 'heavy', polarity: N, words: {
    en: ['heavy', 'heavier'], de: ['schwer', 'schwerer', 'schwere'], fr: ['lourd', 'lourde', 'plus lourd'],
    es: ['pesad*', 'mas pesado'], it: ['pesant*', 'piu pesante'], pt: ['pesad*', 'mais pesado'],
    ja: ['重い', 'かなり重', '少し重', '重め'],
    ru: ['тяжел*'], ar: ['ثقيل', 'ثقيلة'], ko: ['무겁*', '무거*'], zh: ['很重', '太重', '也重', '重'] } },
  { key: 'comfortable', polarity: P, words: {
    en: ['comfortable', 'comfort', 'comfy', 'plush'], de: ['bequem*', 'komfortabel*', 'bequemer sitz'],
    fr: ['confortable*'], es: ['comod*', 'confortable*'], it: ['comod*', 'confortevol*'], pt: ['confortavel*'],
    ja: ['快適', '履き心地', '寝心地が良', '装着感', '疲れにくい'],
    ru: ['удобная посадка', 'удобной посадкой', 'комфортн*'], ar: ['مريح', 'مريحة', 'راحة'], ko: ['편안*', '착화감*'], zh: ['舒适', '舒服'] } },
  { key: 'great cushioning', polarity: P, words: {
    en: ['cushioning', 'plush cushioning', 'great cushioning'], de: ['dampfung'], fr: ['amorti'],
    es: ['amortiguacion'], it: ['ammortizzazione'], pt: ['amortecimento'], ja: ['クッション性が高', 'クッション性'],
    ru: ['амортизаци*'], ar: ['توسيد'], ko: ['쿠션*'], zh: ['缓震'] } },
  { key: 'breathable', polarity: P, words: {
    en: ['breathable'], de: ['atmungsaktiv*'], fr: ['respirant*'], es: ['transpirable*'], it: ['traspirant*'],
    pt: ['respiravel', 'respiraveis'], ja: ['通気性が良', '通気性'],
    ru: ['вентилир*', 'дышащ*'], ar: ['التهوية', 'تهوية'], ko: ['통기성*'], zh: ['透气'] } },
  { key: 'stable', polarity: P, words: {
    en: ['stable', 'stability'], de: ['stabil', 'stabile', 'stabilen'], fr: ['stabilite', 'stable'], es: ['estable'],
    it: ['stabile'], pt: ['estavel'], ja: ['安定して'],
    ru: ['устойчив*'], ar: ['ثبات'], ko: ['안정적*'], zh: ['稳定'] } },
  { key: 'unstable', polarity: N, words: {
    en: ['unstable', 'wobbly'], de: ['instabil*'], fr: ['instable*'], es: ['inestable*'], it: ['instabil*'],
    pt: ['instavel', 'instaveis'], ja: ['不安定'] } },
  { key: 'durable', polarity: P, words: {
    en: ['durable', 'hard wearing', 'keeps its bounce', 'lasts longer', 'robust'], de: ['robust*', 'langlebig*'],
    fr: ['robuste*', 'durable*'], es: ['resistente*', 'duradero*'], it: ['resistent*', 'durevol*'],
    pt: ['resistente*', 'duravel*'], ja: ['耐久性が高', '耐久性', '長持ち'],
    ru: ['прочн*', 'износостойк*', 'долговечн*'], ar: ['متين', 'متينة'], ko: ['튼튼*', '내구성*'], zh: ['耐穿', '耐用', '结实'] } },
  { key: 'not durable', polarity: N, words: {
    en: ['packs down', 'wears out', 'wears quickly', 'wears fast', 'falls apart'], de: ['verliert', 'an dampfung'], fr: ['perd son amorti'],
    es: ['pierde amortiguacion'], pt: ['perde o amortecimento'], ja: ['へたり'] } },
  { key: 'narrow fit', polarity: N, words: {
    en: ['runs narrow', 'narrow'], de: ['fallt schmal', 'schmal'], fr: ['taille petit', 'etroite'], ja: ['幅が狭'] } },
  { key: 'waterproof', polarity: P, words: {
    en: ['waterproof', 'water resistant'], de: ['wasserdicht*'], fr: ['impermeable*'], es: ['impermeable*'],
    it: ['impermeabil*'], pt: ['impermeavel', 'impermeaveis'], ja: ['防水'] } },
  { key: 'good grip', polarity: P, words: { en: ['grip', 'superb grip', 'great grip'], de: ['grip', 'griffig*'],
    fr: ['adherence'], es: ['agarre'], it: ['aderenza'], pt: ['aderencia'], ja: ['グリップ'] } },
  { key: 'quiet', polarity: P, words: {
    en: ['quiet', 'silent', 'almost silent'], de: ['leise'], fr: ['silencieu*'], es: ['silencios*'], it: ['silenzios*'],
    pt: ['silencios*'], ja: ['静か', '静音'],
    ru: ['тих*'], ar: ['بهدوء', 'هادئ', 'هادئة'], ko: ['조용*'], zh: ['安静'] } },
  { key: 'noisy', polarity: N, words: {
    en: ['noisy', 'loud', 'louder', 'noise from'], de: ['laut', 'lauter', 'larm*'], fr: ['bruyant*'], es: ['ruidos*'],
    it: ['rumoros*'], pt: ['barulhent*'], ja: ['うるさい', '騒音', '動作音はやや大き', '動作音が大き'],
    ru: ['шумн*', 'шумит', 'шум с улицы'], ar: ['صاخب', 'صاخبة', 'ضجيج'], ko: ['시끄러*', '시끄럽*', '소음*'], zh: ['噪音大', '噪音', '吵'] } },
  { key: 'fast', polarity: P, words: {
    en: ['fast', 'quick', 'quickly', 'speedy', 'fast servers', 'quick to heat up'], de: ['schnell', 'schnelle', 'schnellen', 'schnell aufgeheizt'],
    fr: ['rapide*', 'chauffent vite'], es: ['rapid*'], it: ['veloc*'], pt: ['rapid*'], ja: ['高速', 'すぐに温ま'],
    ru: ['быстр*'], ar: ['سريع', 'سريعة', 'بسرعة'], ko: ['빠르*', '빠른*', '빠릅*'], zh: ['快', '迅速'] } },
  { key: 'slow', polarity: N, words: {
    en: ['slow', 'sluggish', 'poor speeds', 'speeds are poor'], de: ['langsam*', 'geschwindigkeit ist schwach'],
    fr: ['lent', 'lente', 'debits sont faibles'], es: ['lent*', 'lentisim*', 'velocidad es muy baja'],
    it: ['lent*', 'velocita e scarsa'], pt: ['lent*', 'velocidade e ruim'], ja: ['遅い', '動作が遅', '非常に遅'],
    ru: ['медленн*'], ar: ['بطيء', 'بطيئة'], ko: ['느리*', '느린*', '느립*', '느림'], zh: ['慢'] } },
  { key: 'punctual', polarity: P, words: {
    en: ['on time', 'on-time record', 'punctual'], de: ['punktlich*'], fr: ['ponctuel*'], es: ['puntual*'],
    it: ['puntual*'], pt: ['pontual', 'pontuais'], ja: ['定時運航率が高', '定時運航'] } },
  { key: 'reliable', polarity: P, words: {
    en: ['reliable', 'dependable', 'trustworthy'], de: ['zuverlassig*'], fr: ['fiable*'], es: ['fiable*', 'confiable*'],
    it: ['affidabil*'], pt: ['confiavel', 'confiaveis'], ja: ['安定しています', '信頼性'],
    ru: ['надежн*', 'стабильно'], ar: ['موثوق', 'موثوقة', 'مستقر'], ko: ['믿을 만*'], zh: ['可靠'] } },
  { key: 'easy setup', polarity: P, words: {
    en: ['easy setup', 'easy to set up', 'quick setup', 'simple setup'], de: ['einrichtung ist unkompliziert', 'einfache einrichtung'],
    fr: ['installation facile'], es: ['configuracion sencilla', 'facil de configurar'], it: ['configurazione semplice'],
    pt: ['configuracao simples', 'facil de configurar'], ja: ['導入が簡単', '設定が簡単'],
    ru: ['простая настройка', 'легко настроить'], ar: ['اعداد سهل'], ko: ['설정이 쉽*', '설정이 쉬*'], zh: ['上手简单'] } },
  { key: 'easy to use', polarity: P, words: {
    en: ['easy to use', 'user friendly', 'intuitive'], de: ['einfach zu bedienen', 'benutzerfreundlich*', 'intuitiv*'],
    fr: ['facile a prendre en main', 'facile a utiliser', 'intuitif', 'intuitive'], es: ['facil de usar', 'intuitiv*'],
    it: ['facile da usare', 'intuitiv*'], pt: ['facil de usar', 'intuitiv*'], ja: ['使いやすい', '操作が簡単'],
    ru: ['прост* в использовании'], ar: ['سهل الاستخدام', 'سهلة الاستخدام'], ko: ['사용하기 쉽*'], zh: ['好用', '易用'] } },
  { key: 'steep learning curve', polarity: N, words: {
    en: ['steep learning curve', 'takes longer to learn', 'learning curve'], de: ['einarbeitung', 'einarbeitung langer dauert'],
    fr: ['temps d apprentissage', 'courbe d apprentissage'], es: ['curva de aprendizaje'], it: ['curva di apprendimento'],
    pt: ['curva de aprendizado'], ja: ['習得に時間'],
    ru: ['сложно освоить'], ar: ['صعب التعلم'], ko: ['배우기 어려*', '배우기 어렵*'], zh: ['学习成本高'] } },
  { key: 'clunky interface', polarity: N, words: {
    en: ['clunky interface', 'clunky', 'confusing interface'], de: ['umstandliche bedienung', 'umstandlich*'],
    fr: ['interface peu intuitive', 'peu intuitive'], es: ['interfaz poco intuitiva'], it: ['interfaccia poco intuitiva'],
    pt: ['interface confusa'], ja: ['操作がわかりにくい', 'わかりにくい'] } },
  { key: 'integrations', polarity: P, words: {
    en: ['integrations'], de: ['integrationen'], fr: ['integrations'], es: ['integraciones'], it: ['integrazioni'],
    pt: ['integracoes'], ja: ['連携サービス', '連携'],
    ru: ['интеграци*'], ar: ['تكاملات', 'تكامل'], ko: ['연동*'], zh: ['集成'] } },
  { key: 'automation', polarity: P, words: {
    en: ['automation'], de: ['automatisierung'], fr: ['automatisation*'], es: ['automatizacion*'], it: ['automazion*'],
    pt: ['automacao', 'automacoes'], ja: ['自動化'],
    ru: ['автоматизаци*'], ar: ['اتمتة'], ko: ['자동화*'], zh: ['自动化'] } },
  { key: 'customisable', polarity: P, words: {
    en: ['more control', 'customisable', 'customizable', 'adjustable'], de: ['feiner einstellbar', 'einstellbar'],
    fr: ['regler finement', 'reglable*'], es: ['ajustar la molienda', 'ajustable*'], it: ['regolare macinatura', 'regolabil*'],
    pt: ['ajustar a moagem', 'ajustavel'], ja: ['細かく調整', '調整できます'],
    ru: ['тонко настроить', 'регулир*'], ar: ['ضبط'], ko: ['조절*'], zh: ['调节'] } },
  { key: 'not scalable', polarity: N, words: {
    en: ["doesn't scale", 'does not scale'], de: ['stosst das system an grenzen', 'an grenzen'],
    fr: ['montre ses limites'], es: ['no escala'], it: ['non scala'], ja: ['使いにくくな'] } },
  { key: 'secure', polarity: P, words: {
    en: ['encryption', 'zero knowledge', 'secure'], de: ['verschlusselung'], fr: ['chiffrement'], es: ['cifrado'],
    it: ['crittografia'], pt: ['criptografia'], ja: ['暗号化'],
    ru: ['шифровани*'], ar: ['تشفير'], ko: ['암호화*'], zh: ['加密'] } },
  { key: 'no-logs', polarity: P, words: {
    en: ['no logs', 'no-logs', 'no logs policy'], de: ['no logs richtlinie'], fr: ['no log'], es: ['no registros'],
    it: ['no log'], pt: ['nao registro'], ja: ['ノーログ'],
    ru: ['отсутствия логов', 'без логов'], ar: ['عدم الاحتفاظ بالسجلات'], ko: ['노로그*'], zh: ['无日志'] } },
  { key: 'logging', polarity: N, words: {
    en: ['logging', 'keeps logs'], de: ['speichert nachweislich verbindungsdaten', 'verbindungsdaten'],
    fr: ['journaux de connexion'], es: ['registros de conexion'], it: ['log delle connessioni'],
    pt: ['registros de conexao'], ja: ['接続ログ'],
    ru: ['журналы подключений', 'хранил журналы'], ar: ['سجلات الاتصال'], ko: ['접속 기록*'], zh: ['连接日志', '保存日志'] } },
  { key: 'ads', polarity: N, words: {
    en: ['ads', 'adverts'], de: ['werbung'], fr: ['publicites'], es: ['anuncios'], it: ['pubblicita'], pt: ['anuncios'],
    ja: ['広告が多'],
    ru: ['реклам*'], ar: ['اعلانات'], ko: ['광고*'], zh: ['广告多', '广告'] } },
  { key: 'privacy', polarity: P, words: { en: ['privacy'], de: ['datenschutz'], fr: ['confidentialite'],
    es: ['privacidad'], it: ['privacy'], pt: ['privacidade'], ja: ['プライバシー'],
    ru: ['конфиденциальн*'], ar: ['الخصوصية', 'خصوصية'], ko: ['개인정보*'], zh: ['隐私'] } },
  { key: 'streaming', polarity: P, words: {
    en: ['streaming', 'unblocks'], de: ['streaming*', 'entsperrt'], fr: ['streaming', 'debloque'], es: ['streaming'],
    it: ['streaming'], pt: ['streaming'], ja: ['動画配信', '視聴でき'] } },
  { key: 'blocked by streaming services', polarity: N, words: {
    en: ['were blocked', 'blocked by'], de: ['blockiert'], fr: ['etaient bloques', 'bloques par'], es: ['bloqueados'],
    it: ['bloccati'], pt: ['bloqueados'], ja: ['ブロックされ'] } },
  { key: 'many servers', polarity: P, words: {
    en: ['servers in'], de: ['server in'], fr: ['serveurs rapides dans', 'serveurs dans'], ja: ['か国に'] } },
  { key: 'spacious', polarity: P, words: {
    en: ['spacious', 'roomy', 'lots of space', 'plenty of room'], de: ['grosszugig*', 'geraumig*', 'viel platz'],
    fr: ['spacieu*'], es: ['amplias', 'amplio', 'amplia', 'espacios*'], it: ['spazios*'], pt: ['espacos*'],
    ja: ['広い', '広く', '客室が広'],
    ru: ['просторн*'], ar: ['اوسع', 'واسع', 'واسعة'], ko: ['넓*'], zh: ['空间更大', '宽敞'] } },
  { key: 'small rooms', polarity: N, words: {
    en: ['rooms are small', 'small rooms'], de: ['zimmer sind allerdings recht klein', 'zimmer sind klein', 'recht klein'],
    fr: ['chambres sont petites'], es: ['habitaciones son pequenas'], it: ['camere sono piccole'],
    pt: ['quartos sao pequenos'], ja: ['部屋はやや狭', '部屋が狭'] } },
  { key: 'clean', polarity: P, words: {
    en: ['spotless', 'clean'], de: ['sauber*'], fr: ['propre', 'tres propre'], es: ['limpi*'], it: ['pulit*', 'pulitissim*'],
    pt: ['limpa', 'limpo', 'muito limpa'], ja: ['清潔'],
    ru: ['чисто', 'чистые', 'чистый', 'чистая'], ar: ['نظيف', 'نظيفة'], ko: ['깨끗*'], zh: ['干净'] } },
  { key: 'friendly staff', polarity: P, words: {
    en: ['friendly staff', 'staff are friendly', 'staff are genuinely friendly'], de: ['freundliches personal'],
    fr: ['personnel accueillant'], es: ['personal amable'], it: ['personale cordiale'], pt: ['equipe simpatica'],
    ja: ['スタッフが親切'],
    ru: ['персонал очень приветливый', 'приветлив* персонал', 'персонал приветлив*'], ar: ['موظفوه ودودون'], ko: ['직원이 친절*'], zh: ['服务热情'] } },
  { key: 'great location', polarity: P, words: {
    en: ['good location', 'great location', 'central location', 'near the station', 'well located'],
    de: ['zentral gelegen', 'gute lage'], fr: ['bien situee', 'bien situe'], es: ['buena ubicacion'],
    it: ['posizione comoda', 'ottima posizione'], pt: ['bem localizado', 'bem localizada'], ja: ['駅から近', '立地'] } },
  { key: 'great breakfast', polarity: P, words: {
    en: ['great breakfast', 'excellent breakfast'], de: ['fruhstuck'], fr: ['petit dejeuner'], es: ['desayuno'],
    it: ['colazione'], pt: ['cafe da manha'], ja: ['朝食'] } },
  { key: 'milk frothing', polarity: P, words: {
    en: ['frother', 'milk drinks'], de: ['milchsystem', 'schaumt'], fr: ['buse a lait'], es: ['espumador'],
    it: ['montalatte'], pt: ['vaporizador de leite'], ja: ['ミルクの泡立て'],
    ru: ['капучинатор*'], ar: ['مبخر الحليب'], ko: ['우유 거품*'], zh: ['打奶泡'] } },
  { key: 'easy to clean', polarity: P, words: {
    en: ['easy to clean'], de: ['leicht reinigen', 'leicht zu reinigen'], fr: ['se nettoie facilement'],
    es: ['se limpia facilmente'], it: ['si pulisce facilmente'], pt: ['facil de limpar'], ja: ['お手入れも簡単', 'お手入れが簡単'],
    ru: ['легко чистить', 'легко мыть'], ar: ['تنظيفها سهل', 'سهل التنظيف', 'سهلة التنظيف'], ko: ['청소도 간편*', '청소가 간편*'], zh: ['清洁也方便', '易清洁', '清洁方便'] } },
  { key: 'great espresso', polarity: P, words: { en: ['espresso'], de: ['espresso'], fr: ['espresso'], es: ['espresso'],
    it: ['espresso'], pt: ['espresso'], ja: ['エスプレッソ'] } },
  { key: 'compact', polarity: P, words: { en: ['compact'], de: ['kompakt'], fr: ['compacte*', 'compact'],
    es: ['compact*'], it: ['compatt*'], pt: ['compact*'], ja: ['コンパクト'] } },
];
