import type { Lang } from './lang';

// The frames a problem report is told in, whatever the reported events are (the events are
// open-ended; the frames that report them are few): customers' and users' reports cited about
// a brand ("several customers say", "Kunden berichten", "plusieurs clients racontent") and a
// recent change ("lately", "in den letzten Monaten", "depuis son rachat", "últimamente", "negli
// ultimi mesi"). In a clause with no praise and no verdict such a frame is blame (analyse.ts).
// How often something happens ("sometimes", "oft", "spesso") was measured and left out: it is as
// often the asker's need ("if you need meeting rooms often"). Pattern syntax in lang.ts (folded:
// lower case, accents removed).

// prettier-ignore
const CITED: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  en: ['customers say', 'customers report', 'customers tell', 'customers describe', 'customers mention',
    'users say', 'users report', 'users describe', 'owners report', 'owners describe', 'buyers report',
    'reviews say', 'reviews mention', 'reviews describe', 'reviewers report', 'reports of', 'stories of',
    'forums are full of', 'threads about', 'have reported', 'people report', 'people mention', 'people say',
    'travellers describe', 'travelers describe', 'passengers report', 'members report'],
  de: ['kunden berichten', 'kunden erzahlen', 'kunden schildern', 'kunden melden', 'melden kunden', 'nutzer berichten',
    'nutzer schildern', 'nutzer melden', 'melden nutzer', 'besitzer berichten', 'berichten von', 'berichte uber',
    'berichte von', 'bewertungen berichten', 'in foren liest man'],
  fr: ['clients racontent', 'clients rapportent', 'clients signalent', 'clients decrivent', 'clients evoquent',
    'utilisateurs racontent', 'utilisateurs rapportent', 'utilisateurs signalent', 'utilisateurs decrivent',
    'proprietaires signalent', 'avis racontent', 'avis evoquent', 'temoignages'],
  es: ['clientes cuentan', 'clientes relatan', 'clientes describen', 'clientes reportan', 'clientes denuncian',
    'usuarios cuentan', 'usuarios relatan', 'usuarios reportan', 'usuarios denuncian', 'usuarios describen',
    'resenas cuentan', 'testimonios'],
  it: ['clienti raccontano', 'clienti riferiscono', 'clienti segnalano', 'clienti descrivono', 'utenti raccontano',
    'utenti riferiscono', 'utenti segnalano', 'utenti descrivono', 'recensioni raccontano', 'testimonianze'],
  pt: ['clientes relatam', 'clientes contam', 'clientes dizem', 'usuarios relatam', 'usuarios contam',
    'relatos de', 'avaliacoes contam'],
  nl: ['klanten melden', 'klanten vertellen', 'klanten beschrijven', 'gebruikers melden',
    'gebruikers beschrijven', 'eigenaren melden', 'meldingen over', 'verhalen over', 'reviews melden'],
  pl: ['klienci pisza', 'klienci zglaszaja', 'klienci opisuja', 'uzytkownicy pisza',
    'uzytkownicy zglaszaja', 'wlasciciele pisza', 'opinie mowia', 'zgloszenia o'],
  sv: ['kunder berattar', 'kunder rapporterar', 'kunder vittnar', 'anvandare rapporterar',
    'anvandare berattar', 'agare rapporterar', 'agare berattar', 'rapporter om', 'vittnesmal om'],
  tr: ['kullanicilar anlatiyor', 'musteriler anlatiyor', 'kullanicilar bildiriyor', 'musteriler bildiriyor', 'yorumlarda'],
  ru: ['покупатели пишут', 'клиенты пишут', 'пользователи пишут', 'владельцы пишут', 'в отзывах пишут', ],
  ar: ['يقول العملاء', 'يفيد المستخدمون',
    ],
  ko: ['사용자들은', '고객들은', '이용자들은', '가입자들은', '후기에 따르면'],
  zh: ['用户反映', '用户反馈', '很多用户', '不少用户', ],
  ja: ['利用者からは', 'ユーザーからは', '利用者の声', 'という声', 'という報告', '口コミでは'],
};

// prettier-ignore
const RECENT_CHANGE: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  en: ['lately', 'in recent months', 'over the last year', 'over the past year', 'over the last few months',
    'since the update', 'since the last update', 'since the redesign', 'since the takeover', 'since the acquisition'],
  de: ['in den letzten monaten', 'in letzter zeit', 'seit kurzem', 'neuerdings', 'seit dem update', 'seit der ubernahme'],
  fr: ['ces derniers mois', 'dernierement', 'depuis peu', 'depuis son rachat', 'depuis le rachat', 'depuis la mise a jour'],
  es: ['ultimamente', 'en los ultimos meses', 'desde la compra', 'desde la actualizacion'],
  it: ['ultimamente', 'negli ultimi mesi', 'di recente', 'dall aggiornamento', 'dalla vendita'],
  pt: ['ultimamente', 'nos ultimos meses', 'recentemente', 'desde a atualizacao', 'desde a compra'],
  nl: ['de laatste tijd', 'de laatste maanden', 'sinds kort', 'sinds de update', 'sinds de laatste update',
    'sinds de overname'],
  pl: ['ostatnio', 'w ostatnich miesiacach', 'od aktualizacji', 'od ostatniej aktualizacji', 'od przejecia'],
  sv: ['pa senare tid', 'de senaste manaderna', 'sedan uppdateringen', 'sedan den senaste uppdateringen',
    'sedan uppkopet'],
  tr: ['son aylarda', 'son zamanlarda', 'guncellemeden sonra', 'son guncellemeden beri'],
  ru: ['в последние месяцы', 'в последнее время', 'после обновления', 'с недавних пор'],
  ar: ['في الأشهر الأخيرة', 'مؤخرا', 'مؤخراً', 'بعد التحديث'],
  ko: ['최근 몇 달', '최근 들어', '업데이트 이후', '요즘'],
  zh: ['最近几个月', '最近', '更新后', '升级后'],
  ja: ['ここ数か月', '最近', 'アップデート後', '更新後'],
};

function joined(
  ...lists: Readonly<Partial<Record<Lang, readonly string[]>>>[]
): Partial<Record<Lang, readonly string[]>> {
  const out: Partial<Record<Lang, string[]>> = {};
  for (const list of lists)
    for (const [lang, words] of Object.entries(list) as [Lang, readonly string[]][])
      (out[lang] ??= []).push(...words);
  return out;
}

export const REPORT_FRAMES: Readonly<Partial<Record<Lang, readonly string[]>>> = joined(CITED, RECENT_CHANGE);
