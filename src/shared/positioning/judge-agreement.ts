import { wilsonInterval } from '../analytics/wilson';

// How far the built-in judge's readings can be trusted, said wherever its numbers are read (the
// Positioning panel and cards, Settings → Positioning judge, `parallax positioning` and the
// prompts tables, the MCP tool, the client report): its status and tone against careful
// readers' labels. The counts are the labelled set's (tests/fixtures/positioning), answers the
// rules were never tuned on; a test (tests/unit/positioning/judge-agreement.test.ts) judges them
// again and fails when they no longer match the judge, so they cannot go stale with a new version.

/** Brands read the way a careful reader labelled them, out of the brands labelled. */
export interface AgreementCount {
  /** Answers and the brands they name. */
  readonly answers: number;
  readonly brands: number;
  /** Brands whose status the judge read as the reader did (top pick and recommended as one). */
  readonly status: number;
  /** Brands whose tone (positive, neutral, negative) the judge read as the reader did. */
  readonly tone: number;
}

export interface BuiltinJudgeAgreement {
  /** The judge version these counts were measured with (BUILTIN_JUDGE_REF.version). */
  readonly version: string;
  /** Plainly worded answers ("the best choice is…", "avoid…"), the held-out third of the first part. */
  readonly plain: AgreementCount;
  /** Answers that recommend or warn without saying so, each batch by an author who never saw the rules. */
  readonly indirect: AgreementCount & {
    /** Of the brands whose status it read otherwise, those it called "mentioned". */
    readonly missedAsMentioned: number;
  };
}

export const BUILTIN_JUDGE_AGREEMENT: BuiltinJudgeAgreement = {
  version: '14',
  plain: { answers: 100, brands: 228, status: 213, tone: 190 },
  indirect: { answers: 114, brands: 306, status: 231, tone: 209, missedAsMentioned: 53 },
};

/** The built-in judge's id (BUILTIN_JUDGE_REF.id), here so the renderer needs no judge to check it. */
const BUILTIN_JUDGE_ID = 'builtin';

/** A share of brands with its 95 % Wilson interval, as every rate of the JSON outputs. */
export interface AgreementRate {
  value: number;
  lower: number;
  upper: number;
  k: number;
  n: number;
}

function agreementRate(k: number, n: number): AgreementRate {
  const w = wilsonInterval(k, n);
  return { value: w.rate, lower: w.lower, upper: w.upper, k, n };
}

/** "75 % (70–80 %)". */
function rateText(r: AgreementRate): string {
  const pct = (x: number): number => Math.round(x * 100);
  return `${pct(r.value)} % (${pct(r.lower)}–${pct(r.upper)} %)`;
}

/** Status and tone read as a careful reader did, on plainly worded answers and on indirect ones. */
export interface AgreementFigures {
  version: string;
  plainStatus: AgreementRate;
  indirectStatus: AgreementRate;
  plainTone: AgreementRate;
  indirectTone: AgreementRate;
}

/** What the views and the CLI say about the built-in judge, with the figures behind it. */
export interface JudgeAgreementView extends AgreementFigures {
  /** The figures in words, as the app says them (agreementSentence with APP_WORDS). */
  note: string;
}

/** How a surface names the reader of the answers and the "mentioned" status. */
export interface AgreementWords {
  /** "The built-in judge" (the app, the CLI); the client report has no judge to name. */
  subject: string;
  /** The status a missed recommendation or caution falls to, quoted as the surface shows it. */
  mentioned: string;
}

const APP_WORDS: AgreementWords = { subject: 'The built-in judge', mentioned: '"mentioned"' };

/**
 * "The built-in judge reads whether a brand is recommended (…), mentioned or cautioned as a
 * careful reader does for 93 % (89–96 %) of the brands in plainly worded answers … read low on
 * such answers. It reads a brand's tone …": full sentences, each ending with a full stop.
 */
export function agreementSentence(view: AgreementFigures, words: AgreementWords): string {
  return (
    `${words.subject} reads whether a brand is recommended (as the top pick or not), mentioned or ` +
    `cautioned as a careful reader does for ${rateText(view.plainStatus)} of the brands in plainly ` +
    `worded answers (${view.plainStatus.n} brands tested) and ${rateText(view.indirectStatus)} of those ` +
    `in answers that recommend or warn without saying so (${view.indirectStatus.n}). When it misreads ` +
    `those, it mostly calls the brand ${words.mentioned}, so recommendation and caution rates read low ` +
    `on such answers. It reads a brand's tone as the reader did for ${rateText(view.plainTone)} and ` +
    `${rateText(view.indirectTone)} of them.`
  );
}

/** Whether this judge's agreement with careful readers is measured: the built-in judge's only. */
export const agreementMeasured = (judgeId: string): boolean => judgeId === BUILTIN_JUDGE_ID;

/** The built-in judge's measured agreement with careful readers; null for a model judge (not measured). */
export function judgeAgreementOf(judgeId: string): JudgeAgreementView | null {
  if (!agreementMeasured(judgeId)) return null;
  const { version, plain, indirect } = BUILTIN_JUDGE_AGREEMENT;
  const figures: AgreementFigures = {
    version,
    plainStatus: agreementRate(plain.status, plain.brands),
    indirectStatus: agreementRate(indirect.status, indirect.brands),
    plainTone: agreementRate(plain.tone, plain.brands),
    indirectTone: agreementRate(indirect.tone, indirect.brands),
  };
  return { ...figures, note: agreementSentence(figures, APP_WORDS) };
}

/** The app's sentence and `then` (where a model judge is set, on this surface); null for a model judge. */
export function judgeAgreementLine(judgeId: string, then = ''): string | null {
  const view = judgeAgreementOf(judgeId);
  return view === null ? null : `${view.note}${then === '' ? '' : ` ${then}`}`;
}
