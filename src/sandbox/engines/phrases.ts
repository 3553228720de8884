import type { Lang } from './locales';

// The sentences of the synthetic answers, per language. {cat} = category name, {country}
// = country name, {brand}/{brand2} = brand names, {n} = a number, {year} = the year.

export interface Phrases {
  intro: string;
  reasons: string[];
  outro: string;
  /** One of these varies between repeated identical calls, as real engines do. */
  variants: string[];
  sourceTitles: string[];
  sourceDescription: string;
  queries: string[];
  questions: string[];
  answers: string[];
  newsTitles: string[];
  hoursAgo: string;
  daysAgo: string;
  /** Stems of local publisher domains (with the country's TLD appended). */
  publishers: string[];
  inStock: string;
  bestPrice: string;
  adBody: string;
  adsHeading: string;
}

// prettier-ignore
export const PHRASES: Record<Lang, Phrases> = {
  en: {
    intro: 'Here are some of the best {cat} available in {country} right now, based on recent reviews and local availability:',
    reasons: ['strong value for money', 'excellent build quality', 'widely available from local retailers', 'highly rated by reviewers', 'a popular choice for beginners', 'known for reliable after-sales service'],
    outro: 'Prices and availability vary by retailer, so compare offers before buying.',
    variants: ['Check recent reviews before deciding.', 'Many buyers also compare warranty terms.', 'Seasonal discounts are common, so timing can matter.'],
    sourceTitles: ['Best {cat} {year}: our top picks', '{cat} compared: {n} models tested', '{brand} review: is it worth it?', 'The {cat} buying guide for {country}'],
    sourceDescription: 'We tested {n} {cat} and ranked them by performance, price and support.',
    queries: ['best {cat} {year}', '{cat} {country} reviews', '{brand} vs {brand2}'],
    questions: ['Which {cat} are the best?', 'How much do {cat} cost in {country}?', 'Is {brand} worth it?', 'What should I look for in {cat}?'],
    answers: ['Reviewers most often recommend {brand} and {brand2}.', 'Expect to pay more for premium models, but mid-range options are strong.'],
    newsTitles: ['{brand} launches new {cat} in {country}', '{cat} prices fall ahead of the holiday season', '{brand} and {brand2} battle for the top spot', 'Survey: what buyers in {country} want from {cat}'],
    hoursAgo: '{n} hours ago', daysAgo: '{n} days ago',
    publishers: ['reviewhub', 'bestpicks', 'techdaily', 'consumerguide', 'shopsmart', 'thedailyreport'],
    inStock: 'In stock', bestPrice: 'Best price', adBody: 'Official store: free delivery and easy returns.', adsHeading: 'Sponsored products',
  },
  de: {
    intro: 'Hier sind einige der besten {cat}, die aktuell in {country} erhältlich sind – basierend auf aktuellen Tests und lokaler Verfügbarkeit:',
    reasons: ['sehr gutes Preis-Leistungs-Verhältnis', 'hervorragende Verarbeitung', 'bei vielen Händlern vor Ort erhältlich', 'von Testern hoch bewertet', 'eine beliebte Wahl für Einsteiger', 'bekannt für zuverlässigen Kundendienst'],
    outro: 'Preise und Verfügbarkeit unterscheiden sich je nach Händler, ein Vergleich lohnt sich.',
    variants: ['Lesen Sie vor dem Kauf aktuelle Testberichte.', 'Viele Käufer vergleichen auch die Garantiebedingungen.', 'Saisonale Rabatte sind häufig, der Zeitpunkt zählt.'],
    sourceTitles: ['Die besten {cat} {year} im Test', '{cat} im Vergleich: {n} Modelle getestet', '{brand} im Test: Lohnt sich der Kauf?', 'Kaufberatung {cat} für {country}'],
    sourceDescription: 'Wir haben {n} {cat} getestet und nach Leistung, Preis und Service bewertet.',
    queries: ['beste {cat} {year}', '{cat} Test {country}', '{brand} oder {brand2}'],
    questions: ['Welche {cat} sind die besten?', 'Was kosten {cat} in {country}?', 'Lohnt sich {brand}?', 'Worauf sollte man bei {cat} achten?'],
    answers: ['Tester empfehlen am häufigsten {brand} und {brand2}.', 'Premium-Modelle kosten mehr, doch die Mittelklasse ist stark.'],
    newsTitles: ['{brand} bringt neue {cat} nach {country}', 'Preise für {cat} sinken vor dem Weihnachtsgeschäft', '{brand} und {brand2} kämpfen um die Spitze', 'Umfrage: Was Käufer in {country} von {cat} erwarten'],
    hoursAgo: 'vor {n} Stunden', daysAgo: 'vor {n} Tagen',
    publishers: ['testsieger-portal', 'vergleichsblick', 'technikwelt', 'kaufberater', 'preisradar', 'tagesbote'],
    inStock: 'Auf Lager', bestPrice: 'Bester Preis', adBody: 'Offizieller Shop: kostenloser Versand und einfache Rückgabe.', adsHeading: 'Gesponserte Produkte',
  },
  fr: {
    intro: 'Voici quelques-uns des meilleurs {cat} disponibles en ce moment en {country}, d’après les tests récents et la disponibilité locale :',
    reasons: ['un excellent rapport qualité-prix', 'une finition remarquable', 'largement disponible chez les revendeurs', 'très bien noté par les testeurs', 'un choix populaire pour débuter', 'réputé pour son service après-vente'],
    outro: 'Les prix et la disponibilité varient selon les revendeurs : comparez les offres avant d’acheter.',
    variants: ['Consultez les avis récents avant de vous décider.', 'Beaucoup d’acheteurs comparent aussi les garanties.', 'Les promotions saisonnières sont fréquentes.'],
    sourceTitles: ['Meilleurs {cat} {year} : notre sélection', 'Comparatif {cat} : {n} modèles testés', 'Test {brand} : vaut-il le coup ?', 'Guide d’achat {cat} en {country}'],
    sourceDescription: 'Nous avons testé {n} {cat} et les avons classés selon leurs performances, leur prix et le service.',
    queries: ['meilleurs {cat} {year}', 'comparatif {cat} {country}', '{brand} ou {brand2}'],
    questions: ['Quels sont les meilleurs {cat} ?', 'Combien coûtent les {cat} en {country} ?', '{brand} vaut-il le coup ?', 'Comment bien choisir ses {cat} ?'],
    answers: ['Les testeurs recommandent le plus souvent {brand} et {brand2}.', 'Le haut de gamme coûte plus cher, mais le milieu de gamme est solide.'],
    newsTitles: ['{brand} lance de nouveaux {cat} en {country}', 'Les prix des {cat} baissent avant les fêtes', '{brand} et {brand2} se disputent la première place', 'Sondage : ce que les acheteurs attendent des {cat}'],
    hoursAgo: 'il y a {n} heures', daysAgo: 'il y a {n} jours',
    publishers: ['lesmeilleurs', 'comparatif-expert', 'technomag', 'guide-achat', 'bonplan', 'lequotidien'],
    inStock: 'En stock', bestPrice: 'Meilleur prix', adBody: 'Boutique officielle : livraison gratuite et retours faciles.', adsHeading: 'Produits sponsorisés',
  },
  es: {
    intro: 'Estos son algunos de los mejores {cat} disponibles ahora mismo en {country}, según análisis recientes y la disponibilidad local:',
    reasons: ['una excelente relación calidad-precio', 'una calidad de construcción excelente', 'fácil de encontrar en tiendas locales', 'muy bien valorado por los expertos', 'una opción popular para principiantes', 'conocido por su buen servicio posventa'],
    outro: 'Los precios y la disponibilidad varían según la tienda, así que compara antes de comprar.',
    variants: ['Revisa opiniones recientes antes de decidir.', 'Muchos compradores también comparan la garantía.', 'Los descuentos de temporada son habituales.'],
    sourceTitles: ['Los mejores {cat} de {year}: nuestra selección', 'Comparativa de {cat}: {n} modelos probados', 'Análisis de {brand}: ¿merece la pena?', 'Guía de compra de {cat} en {country}'],
    sourceDescription: 'Probamos {n} {cat} y los clasificamos por rendimiento, precio y servicio.',
    queries: ['mejores {cat} {year}', 'comparativa {cat} {country}', '{brand} o {brand2}'],
    questions: ['¿Cuáles son los mejores {cat}?', '¿Cuánto cuestan los {cat} en {country}?', '¿Merece la pena {brand}?', '¿Qué hay que mirar al comprar {cat}?'],
    answers: ['Los expertos recomiendan sobre todo {brand} y {brand2}.', 'La gama alta cuesta más, pero la gama media es muy competitiva.'],
    newsTitles: ['{brand} lanza nuevos {cat} en {country}', 'Bajan los precios de los {cat} antes de las fiestas', '{brand} y {brand2} luchan por el primer puesto', 'Encuesta: qué buscan los compradores de {cat}'],
    hoursAgo: 'hace {n} horas', daysAgo: 'hace {n} días',
    publishers: ['comparativa', 'mejoresopciones', 'tecnohoy', 'guiadecompra', 'ofertas-ya', 'eldiario-digital'],
    inStock: 'En stock', bestPrice: 'Mejor precio', adBody: 'Tienda oficial: envío gratis y devoluciones fáciles.', adsHeading: 'Productos patrocinados',
  },
  it: {
    intro: 'Ecco alcuni dei migliori {cat} disponibili ora in {country}, secondo le recensioni recenti e la disponibilità locale:',
    reasons: ['ottimo rapporto qualità-prezzo', 'costruzione eccellente', 'facile da trovare nei negozi', 'molto apprezzato dai recensori', 'una scelta popolare per chi inizia', 'noto per l’assistenza affidabile'],
    outro: 'Prezzi e disponibilità variano in base al rivenditore: confronta le offerte prima di acquistare.',
    variants: ['Leggi le recensioni recenti prima di decidere.', 'Molti acquirenti confrontano anche la garanzia.', 'Gli sconti stagionali sono frequenti.'],
    sourceTitles: ['I migliori {cat} del {year}', 'Confronto {cat}: {n} modelli provati', 'Recensione {brand}: vale la pena?', 'Guida all’acquisto di {cat} in {country}'],
    sourceDescription: 'Abbiamo provato {n} {cat} e li abbiamo classificati per prestazioni, prezzo e assistenza.',
    queries: ['migliori {cat} {year}', 'recensioni {cat} {country}', '{brand} o {brand2}'],
    questions: ['Quali sono i migliori {cat}?', 'Quanto costano i {cat} in {country}?', '{brand} vale la pena?', 'Cosa guardare quando si scelgono {cat}?'],
    answers: ['I recensori consigliano soprattutto {brand} e {brand2}.', 'La fascia alta costa di più, ma la fascia media è valida.'],
    newsTitles: ['{brand} lancia nuovi {cat} in {country}', 'Calano i prezzi dei {cat} prima delle feste', '{brand} e {brand2} si contendono il primo posto', 'Sondaggio: cosa vogliono gli acquirenti di {cat}'],
    hoursAgo: '{n} ore fa', daysAgo: '{n} giorni fa',
    publishers: ['imigliori', 'confronto-prezzi', 'tecnoweb', 'guidaacquisti', 'offertissime', 'ilquotidiano'],
    inStock: 'Disponibile', bestPrice: 'Miglior prezzo', adBody: 'Negozio ufficiale: spedizione gratuita e resi facili.', adsHeading: 'Prodotti sponsorizzati',
  },
  pt: {
    intro: 'Aqui estão alguns dos melhores {cat} disponíveis agora em {country}, com base em análises recentes e na disponibilidade local:',
    reasons: ['ótimo custo-benefício', 'excelente qualidade de construção', 'fácil de encontrar nas lojas', 'muito bem avaliado pelos especialistas', 'uma escolha popular para iniciantes', 'conhecido pelo bom pós-venda'],
    outro: 'Preços e disponibilidade variam conforme a loja, então compare antes de comprar.',
    variants: ['Confira avaliações recentes antes de decidir.', 'Muitos compradores também comparam a garantia.', 'Descontos sazonais são comuns.'],
    sourceTitles: ['Os melhores {cat} de {year}', 'Comparativo de {cat}: {n} modelos testados', 'Análise {brand}: vale a pena?', 'Guia de compra de {cat} em {country}'],
    sourceDescription: 'Testamos {n} {cat} e os classificamos por desempenho, preço e suporte.',
    queries: ['melhores {cat} {year}', '{cat} {country} avaliações', '{brand} ou {brand2}'],
    questions: ['Quais são os melhores {cat}?', 'Quanto custam {cat} em {country}?', '{brand} vale a pena?', 'O que observar ao escolher {cat}?'],
    answers: ['Os especialistas recomendam principalmente {brand} e {brand2}.', 'Os modelos premium custam mais, mas a linha intermediária é forte.'],
    newsTitles: ['{brand} lança novos {cat} em {country}', 'Preços de {cat} caem antes das festas', '{brand} e {brand2} disputam a liderança', 'Pesquisa: o que os compradores querem de {cat}'],
    hoursAgo: 'há {n} horas', daysAgo: 'há {n} dias',
    publishers: ['melhoresescolhas', 'comparativo', 'tecnodia', 'guiadecompras', 'promobarato', 'ojornal'],
    inStock: 'Em estoque', bestPrice: 'Melhor preço', adBody: 'Loja oficial: frete grátis e troca fácil.', adsHeading: 'Produtos patrocinados',
  },
  ja: {
    intro: '最近のレビューと{country}での入手しやすさをもとに、現在おすすめの{cat}を紹介します：',
    reasons: ['コストパフォーマンスが高い', '作りがしっかりしている', '国内の販売店で手に入りやすい', 'レビューでの評価が高い', '初心者に人気', 'アフターサービスの評判が良い'],
    outro: '価格と在庫は販売店によって異なるため、購入前に比較することをおすすめします。',
    variants: ['購入前に最新のレビューを確認しましょう。', '保証内容を比較する購入者も多いです。', '季節のセールも多いので時期も大切です。'],
    sourceTitles: ['{year}年版 おすすめ{cat}ランキング', '{cat}比較：{n}機種を徹底検証', '{brand}レビュー：買う価値はある？', '{country}の{cat}購入ガイド'],
    sourceDescription: '{n}種類の{cat}を実際に試し、性能・価格・サポートで評価しました。',
    queries: ['{cat} おすすめ {year}', '{cat} 比較 {country}', '{brand} {brand2} 比較'],
    questions: ['一番おすすめの{cat}は？', '{country}での{cat}の価格は？', '{brand}は買う価値がある？', '{cat}を選ぶポイントは？'],
    answers: ['レビューでは{brand}と{brand2}が特に推奨されています。', '高級モデルは高価ですが、中価格帯も充実しています。'],
    newsTitles: ['{brand}、{country}で新しい{cat}を発売', '年末商戦を前に{cat}の価格が下落', '{brand}と{brand2}が首位を争う', '調査：{cat}の購入者が重視する点'],
    hoursAgo: '{n}時間前', daysAgo: '{n}日前',
    publishers: ['kakaku-navi', 'osusume-lab', 'gadget-journal', 'kaimono-guide', 'review-times', 'nippon-daily'],
    inStock: '在庫あり', bestPrice: '最安値', adBody: '公式ストア：送料無料・返品簡単。', adsHeading: 'スポンサー商品',
  },
  ru: {
    intro: 'Вот одни из лучших {cat}, доступных сейчас в стране {country}, по данным свежих обзоров и наличия в магазинах:',
    reasons: ['отличное соотношение цены и качества', 'превосходное качество сборки', 'легко найти в местных магазинах', 'высокие оценки обозревателей', 'популярный выбор для новичков', 'надёжный сервис и поддержка'],
    outro: 'Цены и наличие зависят от магазина, поэтому сравните предложения перед покупкой.',
    variants: ['Перед решением почитайте свежие отзывы.', 'Многие покупатели также сравнивают условия гарантии.', 'Сезонные скидки встречаются часто.'],
    sourceTitles: ['Лучшие {cat} {year} года: наш выбор', 'Сравнение: {n} моделей ({cat})', 'Обзор {brand}: стоит ли покупать?', 'Как выбрать {cat}: гид для покупателей'],
    sourceDescription: 'Мы протестировали {n} моделей и оценили их по производительности, цене и поддержке.',
    queries: ['лучшие {cat} {year}', '{cat} обзор {country}', '{brand} или {brand2}'],
    questions: ['Какие {cat} лучшие?', 'Сколько стоят {cat}?', 'Стоит ли покупать {brand}?', 'На что смотреть при выборе: {cat}?'],
    answers: ['Обозреватели чаще всего рекомендуют {brand} и {brand2}.', 'Премиальные модели дороже, но средний сегмент очень сильный.'],
    newsTitles: ['{brand} выпускает новые {cat} в стране {country}', 'Цены на {cat} снижаются перед праздниками', '{brand} и {brand2} борются за лидерство', 'Опрос: чего покупатели ждут от товаров ({cat})'],
    hoursAgo: '{n} ч. назад', daysAgo: '{n} дн. назад',
    publishers: ['luchshie-obzory', 'sravni-tehniku', 'tehnoblog', 'vybor-pokupatelya', 'skidki-dnya', 'novosti-dnya'],
    inStock: 'В наличии', bestPrice: 'Лучшая цена', adBody: 'Официальный магазин: бесплатная доставка и простой возврат.', adsHeading: 'Спонсорские товары',
  },
  ar: {
    intro: 'إليك بعضًا من أفضل {cat} المتوفرة حاليًا في {country}، استنادًا إلى المراجعات الحديثة والتوفر المحلي:',
    reasons: ['قيمة ممتازة مقابل السعر', 'جودة تصنيع عالية', 'متوفر لدى المتاجر المحلية', 'حاصل على تقييمات عالية من المراجعين', 'خيار شائع للمبتدئين', 'معروف بخدمة ما بعد البيع الموثوقة'],
    outro: 'تختلف الأسعار والتوفر من متجر لآخر، لذا قارن العروض قبل الشراء.',
    variants: ['راجع التقييمات الحديثة قبل اتخاذ القرار.', 'يقارن كثير من المشترين شروط الضمان أيضًا.', 'الخصومات الموسمية شائعة، لذا التوقيت مهم.'],
    sourceTitles: ['أفضل {cat} لعام {year}', 'مقارنة {cat}: اختبار {n} طرازات', 'مراجعة {brand}: هل يستحق الشراء؟', 'دليل شراء {cat} في {country}'],
    sourceDescription: 'اختبرنا {n} من {cat} وصنفناها حسب الأداء والسعر والدعم.',
    queries: ['أفضل {cat} {year}', 'مراجعات {cat} {country}', '{brand} أم {brand2}'],
    questions: ['ما هي أفضل {cat}؟', 'كم سعر {cat} في {country}؟', 'هل يستحق {brand} الشراء؟', 'ما الذي يجب مراعاته عند اختيار {cat}؟'],
    answers: ['يوصي المراجعون غالبًا بـ {brand} و{brand2}.', 'الطرازات الفاخرة أغلى، لكن الفئة المتوسطة قوية.'],
    newsTitles: ['{brand} تطلق {cat} جديدة في {country}', 'انخفاض أسعار {cat} قبل موسم الأعياد', '{brand} و{brand2} يتنافسان على الصدارة', 'استطلاع: ماذا يريد المشترون من {cat}'],
    hoursAgo: 'قبل {n} ساعات', daysAgo: 'قبل {n} أيام',
    publishers: ['afdal-alkhayarat', 'muqarana', 'tech-arabia', 'dalil-alshira', 'urood', 'akhbar-alyawm'],
    inStock: 'متوفر', bestPrice: 'أفضل سعر', adBody: 'المتجر الرسمي: توصيل مجاني وإرجاع سهل.', adsHeading: 'منتجات مموّلة',
  },
};

/** Fills {placeholders}; unknown ones stay as written. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}
