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
    'forums are full of', 'threads about'],
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
};

// prettier-ignore
const RECENT_CHANGE: Readonly<Partial<Record<Lang, readonly string[]>>> = {
  en: ['lately', 'in recent months', 'over the last year', 'over the past year', 'over the last few months',
    'since the update', 'since the last update', 'since the redesign', 'since the takeover', 'since the acquisition'],
  de: ['in den letzten monaten', 'in letzter zeit', 'seit kurzem', 'neuerdings', 'seit dem update', 'seit der ubernahme'],
  fr: ['ces derniers mois', 'dernierement', 'depuis peu', 'depuis son rachat', 'depuis le rachat', 'depuis la mise a jour'],
  es: ['ultimamente', 'en los ultimos meses', 'desde la compra', 'desde la actualizacion'],
  it: ['ultimamente', 'negli ultimi mesi', 'di recente', 'dall aggiornamento', 'dalla vendita'],
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
