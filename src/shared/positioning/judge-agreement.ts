import { wilsonInterval } from '../analytics/wilson';

// How far the built-in judge's readings can be trusted, said where its numbers are read (the
// Positioning panel, `parallax positioning`, Settings → Positioning judge). The counts are the
// labelled set's (tests/fixtures/positioning), answers the rules were never tuned on; a test
// (tests/unit/positioning/judge-agreement.test.ts) judges them again and fails when these
// figures no longer match the judge, so they cannot go stale with a new version.

/** Brands read the way a careful reader labelled them, out of the brands labelled. */
export interface AgreementCount {
  /** Answers and the brands they name. */
  answers: number;
  brands: number;
  /** Brands whose status the judge read as the reader did (top pick and recommended as one). */
  status: number;
  /** Brands whose tone (positive, neutral, negative) the judge read as the reader did. */
  tone: number;
}

export interface BuiltinJudgeAgreement {
  /** The judge version these counts were measured with (BUILTIN_JUDGE_REF.version). */
  version: string;
  /** Plainly worded answers ("the best choice is…", "avoid…"), the held-out third of the first part. */
  plain: AgreementCount;
  /** Answers that recommend or warn without saying so, each batch by an author who never saw the rules. */
  indirect: AgreementCount & {
    /** Of the brands whose status it read otherwise, those it called "mentioned". */
    missedAsMentioned: number;
  };
}

export const BUILTIN_JUDGE_AGREEMENT: BuiltinJudgeAgreement = Object.freeze({
  version: '13',
  plain: { answers: 100, brands: 228, status: 213, tone: 190 },
  indirect: { answers: 114, brands: 306, status: 231, tone: 209, missedAsMentioned: 53 },
});

/** A share with its 95 % interval, in the words of the panel: "75 % (70–80 %)". */
export interface AgreementRate {
  value: number;
  lower: number;
  upper: number;
  n: number;
}

function agreementRate(k: number, n: number): AgreementRate {
  const w = wilsonInterval(k, n);
  return { value: w.rate, lower: w.lower, upper: w.upper, n };
}

const pct = (x: number): string => `${Math.round(x * 100)} %`;
const rateText = (r: AgreementRate): string =>
  `${pct(r.value)} (${Math.round(r.lower * 100)}–${Math.round(r.upper * 100)} %)`;

/** What the views and the CLI say about the built-in judge, with the figures behind it. */
export interface JudgeAgreementView {
  version: string;
  /** Status and tone read as a careful reader did, on plainly worded answers and on indirect ones. */
  plainStatus: AgreementRate;
  indirectStatus: AgreementRate;
  plainTone: AgreementRate;
  indirectTone: AgreementRate;
  /**
   * "The built-in judge reads a brand's status as a careful reader does in 93 % (89–96 %) of
   * plainly worded answers … read low. It reads their tone …" (no full stop: each view adds where a
   * model judge is set).
   */
  note: string;
}

/** The built-in judge's measured agreement with careful readers; null for a model judge (not measured). */
export function judgeAgreementOf(judgeId: string): JudgeAgreementView | null {
  if (judgeId !== 'builtin') return null;
  const { version, plain, indirect } = BUILTIN_JUDGE_AGREEMENT;
  const plainStatus = agreementRate(plain.status, plain.brands);
  const indirectStatus = agreementRate(indirect.status, indirect.brands);
  const plainTone = agreementRate(plain.tone, plain.brands);
  const indirectTone = agreementRate(indirect.tone, indirect.brands);
  const note =
    `The built-in judge reads a brand's status as a careful reader does in ${rateText(plainStatus)} of ` +
    `plainly worded answers (${plain.brands} brands tested) and ${rateText(indirectStatus)} of answers that ` +
    `recommend or warn without saying so (${indirect.brands} brands), where it mostly says "mentioned": ` +
    `there, recommendation and caution rates read low. It reads their tone as the reader does in ` +
    `${rateText(plainTone)} and ${rateText(indirectTone)} respectively`;
  return { version, plainStatus, indirectStatus, plainTone, indirectTone, note };
}
