// The qualities the synthetic answers attach to brands, per category, in every language the
// sandbox answers in. Each row: canonical key (English, lower case: what the ground truth
// reports as the attribute's text), polarity, then the phrase as written in en, de, fr, es,
// it, pt, ja, ru, ar. Rules the recovery relies on (checked by tests/unit/sandbox): a phrase
// never contains its language's list separators (", ", " and ", "、", "، " …), brackets,
// colons, semicolons, full stops or a catalog brand's name, and one phrase means one key.

export type AttributeRow = readonly [
  key: string,
  polarity: 'positive' | 'negative' | 'neutral',
  en: string,
  de: string,
  fr: string,
  es: string,
  it: string,
  pt: string,
  ja: string,
  ru: string,
  ar: string,
];

/** Qualities any category's brands can have. */
// prettier-ignore
export const GENERIC_ATTRIBUTES: readonly AttributeRow[] = [
  ['good value', 'positive', 'good value for money', 'gutes Preis-Leistungs-Verhältnis', 'bon rapport qualité-prix', 'buena relación calidad-precio', 'buon rapporto qualità-prezzo', 'bom custo-benefício', 'コスパが良い', 'выгодная цена', 'قيمة جيدة مقابل السعر'],
  ['widely available', 'positive', 'widely available', 'überall erhältlich', 'facile à trouver', 'fácil de encontrar', 'facile da trovare', 'fácil de achar', '入手しやすい', 'легко купить', 'متوفر على نطاق واسع'],
  ['reliable service', 'positive', 'reliable after-sales service', 'zuverlässiger Kundendienst', 'service après-vente fiable', 'servicio posventa fiable', 'assistenza affidabile', 'pós-venda confiável', 'アフターサービスが手厚い', 'надёжный сервис', 'خدمة ما بعد البيع موثوقة'],
  ['beginner-friendly', 'positive', 'beginner-friendly', 'einsteigerfreundlich', 'idéal pour débuter', 'ideal para principiantes', 'ideale per chi inizia', 'ideal para iniciantes', '初心者向き', 'подходит новичкам', 'مناسب للمبتدئين'],
  ['expensive', 'negative', 'expensive', 'teuer', 'prix élevé', 'precio elevado', 'prezzo elevato', 'preço alto', '価格が高い', 'высокая цена', 'سعر مرتفع'],
  ['hard to find', 'negative', 'hard to find in stores', 'im Handel schwer zu finden', 'difficile à trouver en magasin', 'difícil de encontrar en tiendas', 'difficile da trovare nei negozi', 'difícil de achar nas lojas', '店頭で見つけにくい', 'сложно найти в магазинах', 'صعب الإيجاد في المتاجر'],
  ['slow support', 'negative', 'slow customer support', 'langsamer Kundensupport', 'service client lent', 'atención al cliente lenta', 'assistenza clienti lenta', 'suporte lento', 'サポートの対応が遅い', 'медленная поддержка', 'دعم عملاء بطيء'],
  ['short warranty', 'negative', 'short warranty', 'kurze Garantie', 'garantie courte', 'garantía corta', 'garanzia breve', 'garantia curta', '保証期間が短い', 'короткая гарантия', 'ضمان قصير'],
];

// prettier-ignore
const LONG_BATTERY: AttributeRow = ['long battery life', 'positive', 'long battery life', 'lange Akkulaufzeit', 'grande autonomie', 'gran autonomía', 'lunga autonomia', 'bateria duradoura', 'バッテリーが長持ち', 'долгая работа от батареи', 'عمر بطارية طويل'];
// prettier-ignore
const CONNECTION_DROPS: AttributeRow = ['connection drops', 'negative', 'connection drops', 'Verbindungsabbrüche', 'coupures de connexion', 'cortes de conexión', 'disconnessioni frequenti', 'quedas de conexão', '接続が途切れる', 'обрывы соединения', 'انقطاع الاتصال'];

/** Qualities of one category's brands: four positive, three negative, one neutral. */
// prettier-ignore
export const CATEGORY_ATTRIBUTES: Readonly<Record<string, readonly AttributeRow[]>> = {
  'running-shoes': [
    ['lightweight', 'positive', 'lightweight', 'sehr leicht', 'grande légèreté', 'gran ligereza', 'grande leggerezza', 'muita leveza', '軽量', 'лёгкий вес', 'خفيف الوزن'],
    ['great cushioning', 'positive', 'great cushioning', 'hervorragende Dämpfung', 'excellent amorti', 'gran amortiguación', 'ottima ammortizzazione', 'ótimo amortecimento', 'クッション性が高い', 'отличная амортизация', 'توسيد ممتاز'],
    ['durable', 'positive', 'durable', 'langlebig', 'grande durabilité', 'gran durabilidad', 'lunga durata', 'alta durabilidade', '耐久性が高い', 'долговечность', 'متانة عالية'],
    ['good grip', 'positive', 'good grip on wet roads', 'guter Grip auf nasser Straße', 'bonne adhérence sur sol mouillé', 'buen agarre en mojado', 'ottimo grip sul bagnato', 'boa aderência no molhado', '濡れた路面でもグリップが良い', 'хорошее сцепление на мокром асфальте', 'ثبات جيد على الطرق المبللة'],
    ['sole separation', 'negative', 'sole separation complaints', 'Beschwerden über sich lösende Sohlen', 'semelles qui se décollent', 'suelas que se despegan', 'suole che si staccano', 'sola que descola', 'ソールが剥がれるという苦情', 'жалобы на отклеивающуюся подошву', 'شكاوى من انفصال النعل'],
    ['runs small', 'negative', 'runs small', 'fällt klein aus', 'taille petit', 'tallaje pequeño', 'calza piccola', 'forma pequena', 'サイズが小さめ', 'маломерит', 'مقاسه أصغر من المعتاد'],
    ['heavy', 'negative', 'heavy', 'recht schwer', 'assez lourd', 'peso elevado', 'peso eccessivo', 'pesado', '重い', 'большой вес', 'ثقيل الوزن'],
    ['firm feel', 'neutral', 'firm feel', 'straffes Laufgefühl', 'sensation ferme', 'sensación firme', 'sensazione rigida', 'sensação firme', '硬めの履き心地', 'упругая посадка', 'إحساس صلب'],
  ],
  laptops: [
    LONG_BATTERY,
    ['bright display', 'positive', 'bright display', 'helles Display', 'écran lumineux', 'pantalla brillante', 'schermo luminoso', 'tela brilhante', '画面が明るい', 'яркий экран', 'شاشة ساطعة'],
    ['fast performance', 'positive', 'fast performance', 'schnelle Leistung', 'performances rapides', 'rendimiento rápido', 'prestazioni veloci', 'desempenho rápido', '動作が速い', 'высокая производительность', 'أداء سريع'],
    ['comfortable keyboard', 'positive', 'comfortable keyboard', 'angenehme Tastatur', 'clavier agréable', 'teclado cómodo', 'tastiera comoda', 'teclado confortável', 'キーボードが打ちやすい', 'удобная клавиатура', 'لوحة مفاتيح مريحة'],
    ['runs hot', 'negative', 'runs hot', 'wird heiß', 'chauffe beaucoup', 'se calienta mucho', 'scalda molto', 'esquenta muito', '発熱が大きい', 'сильно греется', 'ترتفع حرارته'],
    ['loud fans', 'negative', 'loud fans', 'laute Lüfter', 'ventilateurs bruyants', 'ventiladores ruidosos', 'ventole rumorose', 'ventoinhas barulhentas', 'ファンがうるさい', 'шумные вентиляторы', 'مراوح صاخبة'],
    ['fragile hinge', 'negative', 'fragile hinge', 'empfindliches Scharnier', 'charnière fragile', 'bisagra frágil', 'cerniera fragile', 'dobradiça frágil', 'ヒンジが弱い', 'хрупкий шарнир', 'مفصل هش'],
    ['glossy screen', 'neutral', 'glossy screen', 'spiegelndes Display', 'écran brillant', 'pantalla con reflejos', 'schermo lucido', 'tela espelhada', '光沢のある画面', 'глянцевый экран', 'شاشة لامعة'],
  ],
  headphones: [
    ['excellent noise cancelling', 'positive', 'excellent noise cancelling', 'hervorragendes Noise-Cancelling', 'excellente réduction de bruit', 'excelente cancelación de ruido', 'ottima cancellazione del rumore', 'ótimo cancelamento de ruído', 'ノイズキャンセリングが優秀', 'отличное шумоподавление', 'عزل ممتاز للضوضاء'],
    ['rich sound', 'positive', 'rich sound', 'satter Klang', 'son riche', 'sonido rico', 'suono ricco', 'som encorpado', '音質が豊か', 'насыщенный звук', 'صوت غني'],
    ['comfortable fit', 'positive', 'comfortable fit', 'bequemer Sitz', 'confortable à porter', 'ajuste cómodo', 'vestibilità comoda', 'ajuste confortável', '装着感が良い', 'удобная посадка', 'ارتداء مريح'],
    LONG_BATTERY,
    CONNECTION_DROPS,
    ['tight fit', 'negative', 'tight fit', 'drückt auf Dauer', 'serre un peu', 'ajuste apretado', 'calzata stretta', 'ajuste apertado', '締め付けがきつい', 'сильно давят', 'ضيقة على الرأس'],
    ['weak microphone', 'negative', 'weak microphone', 'schwaches Mikrofon', 'micro médiocre', 'micrófono flojo', 'microfono debole', 'microfone fraco', 'マイクの音質が弱い', 'слабый микрофон', 'ميكروفون ضعيف'],
    ['bass-heavy sound', 'neutral', 'bass-heavy sound', 'basslastiger Klang', 'son axé sur les basses', 'sonido con muchos graves', 'suono ricco di bassi', 'som com muito grave', '低音寄りの音', 'акцент на басы', 'صوت يميل إلى الجهير'],
  ],
  'coffee-machines': [
    ['rich espresso', 'positive', 'rich espresso', 'vollmundiger Espresso', 'espresso riche', 'espresso intenso', 'espresso corposo', 'espresso encorpado', 'エスプレッソが濃厚', 'насыщенный эспрессо', 'إسبريسو غني'],
    ['easy to clean', 'positive', 'easy to clean', 'leicht zu reinigen', 'facile à nettoyer', 'fácil de limpiar', 'facile da pulire', 'fácil de limpar', '掃除が簡単', 'легко чистить', 'سهلة التنظيف'],
    ['good milk frothing', 'positive', 'good milk frothing', 'guter Milchschaum', 'mousse de lait réussie', 'buena espuma de leche', 'ottima schiuma di latte', 'boa espuma de leite', 'ミルクの泡立てが上手', 'хорошая молочная пенка', 'رغوة حليب جيدة'],
    ['fast heat-up', 'positive', 'fast heat-up', 'schnell aufgeheizt', 'chauffe rapide', 'calentamiento rápido', 'riscaldamento rapido', 'aquecimento rápido', '立ち上がりが速い', 'быстрый нагрев', 'تسخين سريع'],
    ['noisy', 'negative', 'noisy', 'laut im Betrieb', 'bruyante', 'ruidosa', 'rumorosa', 'barulhenta', '動作音が大きい', 'шумная работа', 'صاخبة أثناء التشغيل'],
    ['water leaks', 'negative', 'water leaks', 'Wasser tritt aus', 'fuites d’eau', 'fugas de agua', 'perdite d’acqua', 'vazamentos de água', '水漏れ', 'протечки воды', 'تسرب الماء'],
    ['hard to descale', 'negative', 'hard to descale', 'mühsam zu entkalken', 'détartrage pénible', 'difícil de descalcificar', 'decalcificazione complicata', 'difícil de descalcificar', 'カルキ除去が面倒', 'сложная очистка от накипи', 'إزالة الترسبات صعبة'],
    ['compact size', 'neutral', 'compact size', 'kompakte Größe', 'format compact', 'tamaño compacto', 'dimensioni compatte', 'tamanho compacto', 'コンパクトなサイズ', 'компактный размер', 'حجم صغير'],
  ],
  'crm-software': [
    ['easy setup', 'positive', 'easy setup', 'einfache Einrichtung', 'mise en place facile', 'configuración sencilla', 'configurazione semplice', 'configuração fácil', '導入が簡単', 'простая настройка', 'إعداد سهل'],
    ['strong integrations', 'positive', 'strong integrations', 'viele Integrationen', 'nombreuses intégrations', 'muchas integraciones', 'molte integrazioni', 'muitas integrações', '連携機能が豊富', 'много интеграций', 'تكاملات قوية'],
    ['clear reporting', 'positive', 'clear reporting', 'übersichtliche Berichte', 'rapports clairs', 'informes claros', 'report chiari', 'relatórios claros', 'レポートが見やすい', 'понятные отчёты', 'تقارير واضحة'],
    ['intuitive interface', 'positive', 'intuitive interface', 'intuitive Oberfläche', 'interface intuitive', 'interfaz intuitiva', 'interfaccia intuitiva', 'interface intuitiva', '画面が直感的', 'интуитивный интерфейс', 'واجهة سهلة الاستخدام'],
    ['steep learning curve', 'negative', 'steep learning curve', 'lange Einarbeitung', 'prise en main longue', 'curva de aprendizaje pronunciada', 'curva di apprendimento ripida', 'curva de aprendizado íngreme', '習得に時間がかかる', 'долгое освоение', 'صعوبة التعلم'],
    ['limited free plan', 'negative', 'limited free plan', 'eingeschränkter Gratis-Tarif', 'offre gratuite limitée', 'plan gratuito limitado', 'piano gratuito limitato', 'plano gratuito limitado', '無料プランが限定的', 'ограниченный бесплатный тариф', 'خطة مجانية محدودة'],
    ['clunky mobile app', 'negative', 'clunky mobile app', 'umständliche App', 'appli mobile peu pratique', 'app móvil torpe', 'app mobile macchinosa', 'app móvel confuso', 'モバイルアプリが使いにくい', 'неудобное мобильное приложение', 'تطبيق جوال غير عملي'],
    ['many settings', 'neutral', 'many settings', 'viele Einstellungen', 'nombreux réglages', 'muchos ajustes', 'molte impostazioni', 'muitas configurações', '設定項目が多い', 'множество настроек', 'إعدادات كثيرة'],
  ],
  vpn: [
    ['fast speeds', 'positive', 'fast speeds', 'hohe Geschwindigkeit', 'débits rapides', 'velocidades altas', 'velocità elevate', 'velocidade alta', '通信速度が速い', 'высокая скорость', 'سرعات عالية'],
    ['strict no-logs policy', 'positive', 'strict no-logs policy', 'strikte No-Logs-Richtlinie', 'politique stricte sans journaux', 'política estricta sin registros', 'rigorosa politica no-log', 'política rígida sem registros', 'ノーログポリシーが厳格', 'строгая политика без логов', 'سياسة صارمة لعدم حفظ السجلات'],
    ['works with streaming', 'positive', 'works with streaming services', 'funktioniert mit Streamingdiensten', 'compatible avec le streaming', 'compatible con streaming', 'compatibile con lo streaming', 'compatível com streaming', '動画配信サービスに対応', 'работает со стримингом', 'يعمل مع خدمات البث'],
    ['easy apps', 'positive', 'easy-to-use apps', 'einfache Apps', 'applis simples', 'apps fáciles de usar', 'app facili da usare', 'apps fáceis de usar', 'アプリが使いやすい', 'простые приложения', 'تطبيقات سهلة'],
    ['slow speeds', 'negative', 'slow speeds', 'langsame Verbindung', 'débits lents', 'velocidades bajas', 'velocità ridotte', 'velocidade baixa', '速度が遅い', 'низкая скорость', 'سرعات بطيئة'],
    CONNECTION_DROPS,
    ['data leaks', 'negative', 'reports of data leaks', 'Berichte über Datenlecks', 'signalements de fuites de données', 'informes de fugas de datos', 'segnalazioni di fughe di dati', 'relatos de vazamento de dados', '情報漏えいの報告', 'сообщения об утечках данных', 'تقارير عن تسرب البيانات'],
    ['subscription only', 'neutral', 'subscription only', 'nur im Abo', 'sur abonnement uniquement', 'solo por suscripción', 'solo in abbonamento', 'somente por assinatura', 'サブスクリプションのみ', 'только по подписке', 'بالاشتراك فقط'],
  ],
  smartphones: [
    ['great camera', 'positive', 'great camera', 'sehr gute Kamera', 'excellent appareil photo', 'cámara excelente', 'fotocamera eccellente', 'câmera excelente', 'カメラが優秀', 'отличная камера', 'كاميرا رائعة'],
    LONG_BATTERY,
    ['smooth display', 'positive', 'smooth display', 'flüssiges Display', 'écran fluide', 'pantalla fluida', 'display fluido', 'tela fluida', '画面が滑らか', 'плавный экран', 'شاشة سلسة'],
    ['fast charging', 'positive', 'fast charging', 'schnelles Laden', 'charge rapide', 'carga rápida', 'ricarica rapida', 'carregamento rápido', '急速充電', 'быстрая зарядка', 'شحن سريع'],
    ['overheats', 'negative', 'overheats under load', 'überhitzt unter Last', 'surchauffe sous charge', 'se sobrecalienta', 'si surriscalda', 'superaquece', '負荷時に熱くなる', 'перегрев под нагрузкой', 'سخونة زائدة تحت الضغط'],
    ['short software support', 'negative', 'short software support', 'kurze Update-Versorgung', 'mises à jour limitées', 'pocas actualizaciones', 'pochi aggiornamenti', 'poucas atualizações', 'アップデート期間が短い', 'короткая поддержка обновлений', 'تحديثات قليلة'],
    ['bloatware', 'negative', 'preinstalled bloatware', 'vorinstallierte Bloatware', 'applis préinstallées inutiles', 'aplicaciones preinstaladas innecesarias', 'app preinstallate inutili', 'aplicativos pré-instalados inúteis', '不要なプリインストールアプリ', 'лишние предустановленные приложения', 'تطبيقات مثبتة مسبقا غير ضرورية'],
    ['large size', 'neutral', 'large size', 'recht groß', 'grand format', 'tamaño grande', 'dimensioni generose', 'tamanho grande', '本体が大きい', 'крупный размер', 'حجم كبير'],
  ],
  mattresses: [
    ['great support', 'positive', 'great support', 'gute Stützwirkung', 'excellent soutien', 'gran soporte', 'ottimo sostegno', 'ótimo suporte', '体をしっかり支える', 'хорошая поддержка', 'دعم ممتاز'],
    ['sleeps cool', 'positive', 'sleeps cool', 'angenehm kühl', 'reste frais', 'fresco al dormir', 'fresco durante la notte', 'fresco ao dormir', '蒸れにくい', 'хорошо отводит тепло', 'يبقى باردا'],
    ['pressure relief', 'positive', 'pressure relief', 'gute Druckentlastung', 'bonne répartition du poids', 'alivio de la presión', 'scarico della pressione', 'alívio de pressão', '体圧分散に優れる', 'снятие давления', 'تخفيف الضغط'],
    ['easy returns', 'positive', 'easy returns', 'einfache Rückgabe', 'retours faciles', 'devoluciones fáciles', 'resi facili', 'devolução fácil', '返品が簡単', 'простой возврат', 'إرجاع سهل'],
    ['sagging', 'negative', 'sagging after a few months', 'Kuhlenbildung nach wenigen Monaten', 'affaissement après quelques mois', 'se hunde a los pocos meses', 'cede dopo pochi mesi', 'afunda após alguns meses', '数か月でへたる', 'продавливается через несколько месяцев', 'يترهل بعد بضعة أشهر'],
    ['strong smell', 'negative', 'strong smell at first', 'riecht anfangs stark', 'forte odeur au début', 'olor fuerte al principio', 'odore forte all’inizio', 'cheiro forte no início', '最初はにおいが強い', 'сильный запах поначалу', 'رائحة قوية في البداية'],
    ['sleeps hot', 'negative', 'sleeps hot', 'wird nachts warm', 'tient chaud', 'da calor', 'fa caldo', 'esquenta à noite', '熱がこもる', 'жарко спать', 'يحتفظ بالحرارة'],
    ['firm', 'neutral', 'firm', 'eher fest', 'plutôt ferme', 'bastante firme', 'piuttosto rigido', 'bem firme', '硬め', 'жёсткий', 'صلب'],
  ],
};
