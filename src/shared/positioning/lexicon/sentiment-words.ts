import type { Lang } from './lang';

// Evaluative words, scored -3..3, for the tone of what an answer says about a brand. Written
// for this judge: general lexicons (AFINN-165 and its machine-translated ports, the SentiCon
// lists in nlp.js) were measured and left out, see docs/internals/positioning-judge.md. This
// list holds the words of product advice, reviews and business news in each language;
// qualities with a canonical name ("expensive", "lightweight") live in attributes*.ts and
// count for the tone too, so they are not repeated here. Pattern syntax in lang.ts.

export type WordScores = Readonly<Partial<Record<'3' | '2' | '1' | '-1' | '-2' | '-3', readonly string[]>>>;

// prettier-ignore
export const SENTIMENT_WORDS: Readonly<Record<Lang, WordScores>> = {
  en: {
    '3': ['excellent', 'superb', 'outstanding', 'fantastic', 'amazing', 'exceptional', 'brilliant', 'best', 'perfect',
      'flawless', 'unbeatable', 'record'],
    '2': ['great', 'good', 'strong', 'impressive', 'reliable', 'trustworthy', 'love', 'loved', 'praised', 'generous', 'warmer', 'warm',
      'genuinely good', 'better', 'favourite', 'favorite', 'plush', 'forgiving', 'smooth', 'polished', 'popular',
      'growth', 'grew', 'rose', 'gains', 'ideal', 'top-notch', 'superior', 'safe', 'secure', 'helpful', 'friendly'],
    '1': ['decent', 'solid', 'fine', 'nice', 'useful', 'handy', 'convenient', 'sound', 'well', 'works well', 'easy',
      'comfortably', 'spotless', 'cosy', 'cozy', 'transparent', 'flexible', 'fair'],
    '-1': ['average', 'basic', 'limited', 'dated', 'stiff', 'fiddly', 'struggles', 'struggle', 'only average', 'catch',
      'downside', 'drawback', 'issue', 'issues', 'extra', 'complaints', 'tempting', 'closes', 'close', 'closure',
      'closures', 'cut', 'cuts', 'delay', 'delays'],
    '-2': ['poor', 'bad', 'weak', 'slow', 'disappointing', 'mediocre', 'clunky', 'buggy', 'bug', 'bugs', 'problem', 'problems', 'fails',
      'failed', 'broken', 'cracks', 'crack', 'unreliable', 'complained', 'criticised', 'criticized', 'warned', 'fell',
      'drop', 'dropped', 'loss', 'losses', 'fine of', 'fined', 'penalty', 'lawsuit', 'recall', 'recalled', 'outage',
      'caught', 'logging', 'steep', 'painful', 'painfully', 'hard', 'difficult', 'frustrating', 'annoying'],
    '-3': ['terrible', 'awful', 'horrible', 'dreadful', 'worst', 'useless', 'scam', 'breach', 'dangerous', 'unsafe'],
  },
  de: {
    '3': ['hervorragend*', 'ausgezeichnet*', 'exzellent*', 'herausragend*', 'perfekt*', 'beste', 'besten', 'bester',
      'rekordgewinn', 'rekord', 'traumhaft*', 'top'],
    '2': ['gut', 'gute', 'guter', 'gutes', 'guten', 'stark', 'starke', 'starken', 'zuverlassig*', 'uberzeugend*', 'beliebt*',
      'besser', 'bessere', 'lobten', 'gelobt', 'wachstum', 'gestiegen', 'angehoben', 'sicher', 'sichere', 'sehr gut*',
      'freundlich*', 'hilfsbereit*', 'prima', 'toll*', 'praktisch*', 'unkompliziert*', 'bequem*'],
    '1': ['ordentlich*', 'solide', 'brauchbar*', 'ok', 'okay', 'passabel', 'angenehm*', 'familiar', 'transparent*',
      'in ordnung', 'einfach*', 'leicht zu'],
    '-1': ['durchschnittlich*', 'einfach gehalten', 'begrenzt*', 'eingeschrankt*', 'altbacken', 'steif', 'umstandlich*',
      'grenzen', 'nachteil', 'nachteile', 'extra', 'schwachelt', 'kritik', 'schliessen', 'schliessung', 'erhohen',
      'erhoht', 'kurzungen', 'verspatung*'],
    '-2': ['schlecht*', 'schwach*', 'langsam*', 'enttauschend*', 'mittelmassig*', 'fehlerhaft*', 'problem*', 'defekt*',
      'rahmenbruch*', 'unzuverlassig*', 'kritisierten', 'kritisiert', 'scharf', 'verlust*', 'strafe', 'bussgeld',
      'ruckruf', 'ausfall', 'ausfalle', 'gestrichen', 'quälend*', 'instabil*', 'blockiert', 'verliert'],
    '-3': ['katastrophal*', 'furchtbar*', 'schrecklich*', 'miserabel*', 'unbrauchbar*', 'betrug', 'gefahrlich*'],
  },
  fr: {
    '3': ['excellent*', 'superbe', 'remarquable*', 'exceptionnel*', 'parfait*', 'meilleur', 'meilleure', 'record',
      'formidable', 'imbattable'],
    '2': ['bon', 'bonne', 'bons', 'bonnes', 'tres bon*', 'fiable*', 'solide*', 'apprecie*', 'populaire*', 'genereu*',
      'meilleur choix', 'mieux', 'croissance', 'hausse du benefice', 'securise*', 'agreable*', 'pratique*',
      'reactif', 'reactive', 'chaleureu*', 'efficace*'],
    '1': ['correct*', 'convenable*', 'honnete*', 'satisfaisant*', 'facile*', 'facilement', 'transparent*', 'simple'],
    '-1': ['moyen*', 'basique*', 'limite*', 'vieilli', 'date*', 'rigide', 'peu intuiti*', 'extra', 'inconvenient*',
      'fermeture', 'fermetures', 'hausse', 'payant*', 'retard', 'retards', 'peine'],
    '-2': ['mauvais*', 'faible*', 'lent*', 'decevant*', 'mediocre*', 'bugge*', 'probleme*', 'defaillant*', 'fissure*',
      'instable*', 'denoncent', 'denonce', 'critique*', 'perte*', 'amende', 'condamne*', 'rappel', 'panne*', 'annule*',
      'penalise*', 'bloque*', 'manque'],
    '-3': ['catastrophique*', 'horrible*', 'terrible*', 'inutilisable*', 'arnaque*', 'dangereu*', 'pire'],
  },
  es: {
    '3': ['excelente*', 'extraordinari*', 'excepcional*', 'perfect*', 'mejor', 'record', 'inmejorable*'],
    '2': ['bueno', 'buena', 'buenos', 'buenas', 'buen', 'gran', 'fiable*', 'solid*', 'popular*', 'generos*', 'muy bien',
      'crecimiento', 'segur*', 'agradable*', 'practic*', 'comod*', 'eficaz*'],
    '1': ['correct*', 'decente*', 'aceptable*', 'facil*', 'facilmente', 'transparente*', 'sencill*'],
    '-1': ['normal', 'basic*', 'limitad*', 'anticuad*', 'rigid*', 'poco intuitiv*', 'extra', 'inconveniente*', 'cierre',
      'retraso*', 'comision*', 'cuesta'],
    '-2': ['mal', 'mala', 'malo', 'malos', 'malas', 'debil*', 'lent*', 'lentisim*', 'decepcionante*', 'mediocre*',
      'problema*', 'fallo*', 'grieta*', 'inestable*', 'critic*', 'perdida*', 'multa*', 'huelga', 'cancel*', 'bloquead*'],
    '-3': ['terrible*', 'horrible*', 'pesim*', 'inutil*', 'estafa*', 'peligros*', 'peor'],
  },
  it: {
    '3': ['eccellent*', 'straordinari*', 'eccezional*', 'perfett*', 'migliore', 'migliori', 'record', 'ottim*'],
    '2': ['buono', 'buona', 'buoni', 'buone', 'buon', 'affidabil*', 'solid*', 'popolar*', 'generos*', 'valid*', 'crescita',
      'sicur*', 'piacevol*', 'pratic*', 'comod*', 'efficac*', 'migliore della'],
    '1': ['discret*', 'decent*', 'accettabil*', 'facil*', 'facilmente', 'trasparent*', 'semplic*', 'va bene'],
    '-1': ['nella media', 'medi*', 'basilar*', 'limitat*', 'datat*', 'rigid*', 'poco intuitiv*', 'extra', 'difett*',
      'chiusura', 'ritard*', 'criticato'],
    '-2': ['cattiv*', 'scars*', 'debol*', 'lent*', 'deludent*', 'mediocr*', 'problem*', 'guast*', 'crep*', 'instabil*',
      'critic*', 'perdit*', 'multa*', 'sciopero', 'cancellat*', 'bloccat*'],
    '-3': ['terribil*', 'orribil*', 'pessim*', 'inutil*', 'truffa*', 'pericolos*', 'peggior*'],
  },
  pt: {
    '3': ['excelente*', 'extraordinari*', 'excepcional*', 'perfeit*', 'melhor', 'recorde', 'otim*', 'imbativel'],
    '2': ['bom', 'boa', 'bons', 'boas', 'confiavel*', 'solid*', 'popular*', 'generos*', 'muito bem', 'crescimento',
      'segur*', 'agradavel*', 'pratic*', 'confortavel*', 'eficaz*', 'subiram', 'elevou'],
    '1': ['corret*', 'decente*', 'aceitavel*', 'facil*', 'facilmente', 'transparente*', 'simples'],
    '-1': ['mediano', 'basic*', 'limitad*', 'datad*', 'rigid*', 'pouco intuitiv*', 'extra', 'desvantagem', 'fechamento',
      'atraso*', 'a parte', 'tarifa*'],
    '-2': ['ruim', 'ruins', 'mau', 'ma', 'fraco*', 'fraca*', 'lent*', 'decepcionante*', 'mediocre*', 'problema*', 'falha*',
      'rachadura*', 'instavel*', 'critic*', 'prejuizo*', 'multa*', 'greve', 'cancelad*', 'bloquead*', 'confusa', 'confuso'],
    '-3': ['terrivel*', 'horrivel*', 'pessim*', 'inutil*', 'golpe', 'perigos*', 'pior'],
  },
  ja: {
    '3': ['優秀', '抜群', '最高', '最適', '素晴らしい', '完璧', '圧倒的', '過去最高'],
    '2': ['良い', 'よい', 'いい', '良く', '優れ', '快適', '安心', '信頼', '人気', '丁寧', '便利', '美味しい', 'おいしい', '評判',
      '充実', '強力', '正確', '伸び', '増加', '好調', '安定', 'たっぷり', '豊富'],
    '1': ['悪くない', 'まずまず', '問題ありません', '簡単', '手軽', 'わかりやすい', '分かりやすい', 'シンプル', '使いやすい',
      'アットホーム'],
    '-1': ['平凡', '限定的', '物足りな', '物足りません', 'やや劣る', '劣る', '古い', '別料金', '少なめ', '狭め', 'デメリット', '統廃合', '懸念'],
    '-2': ['悪い', '弱い', '遅い', '不安定', '残念', '問題', '不具合', '破損', '欠航', '批判', 'へたり', '下回り', '発覚', '損失',
      '罰金', 'わかりにくい', '分かりにくい', 'うるさい', '窮屈', '遅延'],
    '-3': ['最悪', 'ひどい', '酷い', '使い物にならない', '詐欺', '危険'],
  },
};
