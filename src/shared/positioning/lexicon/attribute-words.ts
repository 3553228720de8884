import type { Lang } from './lang';

// Words for the attribute concepts (attributes.ts CONCEPTS, by key) and aspects
// (attribute-aspects.ts ASPECTS, by their first English word) in more languages, one block per
// language: a language is added or reviewed as a whole, and CONCEPTS keeps one line per concept.
// language-index.ts reads these beside the words in CONCEPTS and ASPECTS; a key that names no
// concept or aspect is refused when the index is built. Pattern syntax in lang.ts.

export type WordsByKey = Readonly<Record<string, readonly string[]>>;

// prettier-ignore
export const CONCEPT_WORDS: Readonly<Partial<Record<Lang, WordsByKey>>> = {
  nl: {
    expensive: ['duur', 'dure', 'duurder', 'prijzig*', 'kostbaar'],
    affordable: ['goedkoop', 'goedkope', 'goedkoper', 'goedkoopste', 'betaalbaar*', 'voordelig*'],
    'good value': ['prijs kwaliteitverhouding', 'waar voor je geld'],
    free: ['gratis', 'kosteloos'], 'free plan': ['gratis versie', 'gratis abonnement'], 'free migration': ['gratis migratie'],
    'no fees': ['geen maandelijkse kosten', 'geen kosten', 'gratis pinnen'], 'high fees': ['rekeningkosten', 'hoge kosten'],
    lightweight: ['licht', 'lichte', 'lichter'], heavy: ['zwaar', 'zware'], comfortable: ['comfortabel*', 'zit meteen comfortabel'],
    'great cushioning': ['demping'], breathable: ['ademend*'], stable: ['stabiel*', 'stabiele hiel'], durable: ['stevig*', 'duurzaam*'],
    quiet: ['stil', 'stille'], noisy: ['luid*', 'lawaaiig*'], fast: ['snel', 'snelle', 'snelle servers'],
    slow: ['traag', 'trage', 'langzaam*'], reliable: ['betrouwbaar*'], 'easy to use': ['gebruiksvriendelijk*', 'intuitief'],
    secure: ['versleuteling'], 'no-logs': ['no logsbeleid', 'no logs'], logging: ['verbindingsgegevens'], privacy: ['privacy'],
    spacious: ['ruim', 'ruime', 'ruime kamers', 'kofferbak is enorm'], 'small rooms': ['kamers vrij klein', 'kamers zijn klein'],
    'great location': ['centraal gelegen'], 'great breakfast': ['ontbijt'], 'milk frothing': ['melksysteem', 'schuimt'],
    'easy to clean': ['makkelijk schoon te maken'], 'great espresso': ['espresso'], customisable: ['fijner kunt instellen'],
  },
  pl: {
    expensive: ['drog*', 'drozsz*', 'kosztown*'],
    affordable: ['tani', 'tania', 'tanie', 'tansz*', 'przystepn* cen*', 'niedrog*'],
    'good value': ['stosunek ceny do jakosci', 'oplacaln*'],
    free: ['darmow*', 'bezplatn*', 'za 0 zl'], 'free plan': ['darmowa wersja', 'bezplatna wersja'],
    'free migration': ['darmowa migracja'], 'no fees': ['brak prowizji', 'bez oplat', 'bez prowizji'],
    'high fees': ['oplaty za prowadzenie', 'wysokie oplaty'], lightweight: ['lekki', 'lekkie', 'lekka', 'lzejsz*'],
    heavy: ['ciezki', 'ciezka', 'ciezkie'], comfortable: ['wygodn*'], 'great cushioning': ['amortyzacj*'],
    breathable: ['przewiewn*'], stable: ['stabiln*'], durable: ['wytrzymal*', 'solidn*'], quiet: ['cich*'],
    noisy: ['glosn*'], fast: ['szybk*'], slow: ['wolny', 'wolne', 'powoln*', 'zwalnia'], reliable: ['niezawodn*'],
    'easy to use': ['intuicyjn*'], secure: ['szyfrowanie'], 'no-logs': ['braku logow'], logging: ['zapisuje dane'],
    privacy: ['prywatnosc*'], spacious: ['przestronn*', 'ogromny', 'duzo miejsca'], 'small rooms': ['pokoje sa dosc male'],
    'great location': ['dobra lokalizacja'], 'great breakfast': ['sniadani*'], 'milk frothing': ['system mleczny', 'spienia'],
    'easy to clean': ['latwo go wyczyscic'], 'great espresso': ['espresso'], customisable: ['ustawisz dokladniej'],
  },
  sv: {
    expensive: ['dyr', 'dyra', 'dyrt', 'dyrare', 'kostar lite mer', 'kostar nagra kronor mer'],
    affordable: ['billig', 'billiga', 'billigt', 'billigare', 'billigast', 'prisvard*', 'lagre pris'],
    'good value': ['prisvard*', 'valuta for pengarna'],
    free: ['gratis', 'kostnadsfri*'], 'free plan': ['gratisversion'], 'free migration': ['gratis flytt'],
    'no fees': ['inga arsavgifter', 'inga avgifter'], 'high fees': ['manadsavgift', 'hoga avgifter'],
    lightweight: ['latt', 'latta', 'lattare'], heavy: ['tung', 'tunga', 'tyngre'], comfortable: ['bekvam*', 'skona', 'skon'],
    'great cushioning': ['dampning'], breathable: ['luftig*', 'andas'], stable: ['stabil*'], durable: ['talig*', 'hallbar*'],
    quiet: ['tyst*'], noisy: ['hogljudd*', 'lyhort', 'later markbart mer'], fast: ['snabb*'], slow: ['langsam*', 'seg'],
    reliable: ['palitlig*'], 'easy to use': ['anvandarvanlig*', 'intuitiv*'], secure: ['kryptering'],
    'no-logs': ['no logs policy'], logging: ['anslutningsloggar'], privacy: ['integritet'],
    spacious: ['rymlig*', 'enormt', 'gott om plats'], 'small rooms': ['rummen ar ganska sma', 'sma rum'],
    'great breakfast': ['frukost'], 'milk frothing': ['mjolksystemet', 'skummar'], 'easy to clean': ['latt att rengora'],
    'great espresso': ['espresso'], customisable: ['stalla in mer exakt'],
  },
  tr: {
    expensive: ['pahali*', 'daha yuksek'],
    affordable: ['ucuz*', 'uygun fiyatli', 'hesapli', 'ekonomik*'],
    'good value': ['fiyat performans', 'fiyat/performans'],
    free: ['ucretsiz*', 'bedava'], 'free plan': ['ucretsiz surum'], 'free migration': ['ucretsiz tasima'],
    'no fees': ['ucreti yok', 'komisyon yok', 'isletim ucreti yok'], 'high fees': ['kart ucreti', 'hesap ucretleri'],
    lightweight: ['hafif'], heavy: ['agir'], comfortable: ['rahat*', 'konforlu*'], 'great cushioning': ['yastiklama'],
    breathable: ['nefes alan'], stable: ['saglam bir topuk', 'stabil*'], durable: ['dayanikli*'], quiet: ['sessiz*'],
    noisy: ['gurultulu*', 'fan sesi yuksek'], fast: ['hizli*'], slow: ['yavas*'], reliable: ['guvenilir*'],
    'easy to use': ['kullanimi kolay', 'kullanisli'], secure: ['sifreleme'], 'no-logs': ['kayit tutmama'],
    logging: ['baglanti kayitlarini'], privacy: ['gizlilik'], spacious: ['genis*', 'bolca yer'],
    'small rooms': ['odalar oldukca kucuk', 'odalar kucuk'], 'great location': ['merkezi konum*', 'denize sifir'],
    'great breakfast': ['kahvalti'], 'milk frothing': ['sut kopurtme'], 'easy to clean': ['temizlemesi kolay'],
    'great espresso': ['espresso'], customisable: ['hassas ayarlayabil*'],
  },
};

// prettier-ignore
export const ASPECT_WORDS: Readonly<Partial<Record<Lang, WordsByKey>>> = {
  nl: { support: ['support', 'klantenservice', 'helpdesk'], app: ['app'], battery: ['accu', 'accuduur', 'batterij', 'bereik'],
    camera: ['camera'], screen: ['scherm'], keyboard: ['toetsenbord'], ports: ['poorten'], sound: ['klinkt', 'geluid'],
    updates: ['updates'], reporting: ['rapportages', 'rapporten'], claims: ['schades', 'schademeldingen', 'schadeafhandeling'],
    'noise cancelling': ['ruisonderdrukking'], rack: ['bagagedrager'], mapping: ['kaartfunctie'], suction: ['zuigkracht', 'zuigt'] },
  pl: { support: ['support', 'obsluga klienta', 'pomoc'], app: ['aplikacja', 'aplikacji'], battery: ['bateria', 'baterii', 'zasieg*'],
    camera: ['aparat'], screen: ['ekran'], keyboard: ['klawiatura'], ports: ['portow'], sound: ['brzmienie', 'dzwiek'],
    updates: ['aktualizacje', 'aktualizacji'], reporting: ['raporty'], claims: ['odszkodowania', 'szkody', 'reklamacje'],
    'noise cancelling': ['redukcja szumow', 'anc'], rack: ['bagaznik*'], mapping: ['mapowanie'], suction: ['sile ssania', 'ssania'] },
  sv: { support: ['support', 'kundtjanst', 'kundtjansten'], app: ['app', 'appen'], battery: ['batteri*', 'rackvidd'],
    camera: ['kamera', 'kameran'], screen: ['skarm', 'skarmen'], keyboard: ['tangentbord*'], ports: ['portar'],
    sound: ['ljud'], updates: ['uppdateringar'], reporting: ['rapporter'], claims: ['skador', 'handlaggningstider'],
    'noise cancelling': ['brusreducering*'], rack: ['pakethallare'], mapping: ['kartlaggning'], suction: ['sugkraft'] },
  tr: { support: ['destek', 'musteri hizmetleri'], app: ['uygulama*', 'mobil uygulama'], battery: ['pil*', 'batarya', 'menzil*'],
    camera: ['kamera*'], screen: ['ekran*'], keyboard: ['klavye*'], ports: ['port'], sound: ['ses'], updates: ['guncelleme'],
    reporting: ['rapor*'], claims: ['hasar*'], 'noise cancelling': ['gurultu engelleme'], rack: ['bagaj tasiyici*'],
    mapping: ['haritalama*'], suction: ['emis gucu'] },
};
