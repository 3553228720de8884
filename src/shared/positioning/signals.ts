import type { BrandAttribute, PositioningStatus, Sentiment } from './types';

// What the judge gathered about one brand in one answer, and the rules that turn it into one
// status and one sentiment. Weights: an explicit cue counts 2 for top and caution, 1 for a
// recommendation (a recommendation list item counts as one, its first item under a "best …"
// heading as a top pick). Precedence (documented in docs/internals/positioning-judge.md):
// 1. cautioned when the warnings dominate: caution ≥ 2 and caution ≥ top + rec;
// 2. top when top ≥ 2, or when the brand is the verdict's pick (no warning, tone not negative);
// 3. recommended when rec ≥ 1 or any top weight, or when advice for one case names it (same
//    conditions);
// 4. cautioned on any other warning, or on a denied top pick ("not the best …") with a
//    negative tone;
// 5. in an answer that gives advice, recommended on a clearly positive tone and cautioned
//    on a clearly negative one;
// 6. cautioned when two or more blaming words carry a clearly negative tone (problems reported
//    without a verdict word), or when the only praise is in the past, unless the answer reports
//    news; otherwise mentioned.
// A brand the answer passes over for others (steering.ts) is mentioned before 2-6 are tried,
// cautioned when its tone is clearly negative. Then, beside a brand the answer recommends, a
// mentioned brand with a failure told of it and nothing in its favour is the foil: cautioned
// (foil.ts, applied after these rules).

export interface BrandSignals {
  top: number;
  rec: number;
  caution: number;
  /** A top-pick phrase under negation ("not the best choice", "nicht die beste Wahl"). */
  deniedTop: boolean;
  /** Advised with lukewarm words ("fine if", "geht in Ordnung"): its tone is at most neutral. */
  hedged: boolean;
  /** Sum of the weighted sentiment of the brand's clauses. */
  senti: number;
  attributes: Map<string, BrandAttribute>;
  evidence: Map<number, { start: number; end: number; weight: number }>;
  /** Only mentioned inside URLs (a citation). */
  urlOnly: boolean;
  /** The first brand the answer's verdict names ("Bottom line: for most teams Confera …"). */
  pick: boolean;
  /** Advice for one case names it ("If you need SSO, Vaultline."; a verdict cell's praise). */
  cond: number;
  /** Blaming words outside pros/cons lists and cues ("outages", "sync failures", "crashes"). */
  problems: number;
  /** Praise taken back by the past ("used to be the go-to", "war früher"): a clause set in it. */
  pastPraise: boolean;
  /** A clause about the brand turns on a contrast ("fine for two, but it hasn't shipped …"). */
  turned: boolean;
  /** A place in a recommendation list or ranking. */
  placed: boolean;
  /** Praised, then turned from, for brands the answer goes on to advise (steering.ts). */
  left: boolean;
  /** Praising words outside pros/cons lists and cues, in the present ("reliable", "cheap"). */
  praise: number;
  /**
   * Failures told of the brand rather than qualities: roots, events and waits (roots.ts,
   * durations.ts) and customers' reports (lexicon/report-frames.ts), not listed words such as
   * "narrow" or "loud".
   */
  rootProblems: number;
  /** Some clause about the brand has a favourable tone (a praising word, a pro, a cue). */
  favoured: boolean;
}

export function emptySignals(): BrandSignals {
  return {
    top: 0,
    rec: 0,
    caution: 0,
    deniedTop: false,
    hedged: false,
    senti: 0,
    attributes: new Map(),
    evidence: new Map(),
    urlOnly: true,
    pick: false,
    cond: 0,
    problems: 0,
    praise: 0,
    pastPraise: false,
    turned: false,
    placed: false,
    left: false,
    rootProblems: 0,
    favoured: false,
  };
}

/** Squashes the raw sum into -1..1: x / sqrt(x² + α), as VADER normalises its sum. */
const NORMALISE_ALPHA = 6;
const POSITIVE_AT = 0.3;
const NEGATIVE_AT = -0.3;
/** Tone that makes an un-cued brand recommended or cautioned in an advice answer. */
const ADVICE_POSITIVE_AT = 0.3;
/** … in a language whose indirect wording the judge does not read (as before those rules). */
const PLAIN_ADVICE_POSITIVE_AT = 0.5;
const ADVICE_NEGATIVE_AT = -0.75;
/**
 * Problems reported without a verdict word ("three outages, sync failures, support slipping"):
 * this many blaming words with a clearly negative tone are a warning, advice or not.
 */
const PROBLEMS_WARN_AT = 2;
/** … in a language read by its shape with the plainer weights (lexicon/verdict-words.ts weighsIndirect). */
const PROBLEMS_WARN_AT_UNWEIGHED = 3;
const PROBLEMS_TONE_AT = -0.5;
/** A brand passed over whose tone is this low is warned about: the blame is what is said of it. */
const LEFT_BLAME_AT = -0.85;

/**
 * A brand passed over whose faults outnumber its merits ("günstig, aber das Netz ist lückenhaft
 * und Gespräche brechen ab"): the drawbacks dominate what is said of it, a warning.
 */
function blameDominates(s: BrandSignals, tone: number): boolean {
  return s.problems >= PROBLEMS_WARN_AT && s.problems >= 2 * s.praise && tone <= PROBLEMS_TONE_AT;
}

export function sentimentOf(s: BrandSignals): Sentiment {
  if (s.urlOnly) return { label: 'neutral', score: 0 };
  // The praise of a brand passed over was the concession before the advice, not its tone.
  if (s.left && s.senti > 0) return { label: 'neutral', score: 0 };
  if (s.hedged && s.senti > 0) return { label: 'neutral', score: 0 };
  const score = s.senti / Math.sqrt(s.senti * s.senti + NORMALISE_ALPHA);
  const rounded = Math.round(score * 1000) / 1000;
  const label = score >= POSITIVE_AT ? 'positive' : score <= NEGATIVE_AT ? 'negative' : 'neutral';
  return { label, score: rounded === 0 ? 0 : rounded };
}

export function statusOf(
  s: BrandSignals,
  advice: boolean,
  tone: number,
  news = false,
  indirect = true,
  weighed = indirect,
): PositioningStatus {
  if (s.urlOnly) return 'mentioned';
  if (s.caution >= 2 && s.caution >= s.top + s.rec) return 'cautioned';
  // Weighed and passed over for the brands advised after it: neither advice nor a warning.
  if (s.left && s.caution === 0)
    return tone <= LEFT_BLAME_AT || blameDominates(s, tone) ? 'cautioned' : 'mentioned';
  if (s.top >= 2) return 'top';
  // A verdict's pick or a case's advice holds unless the brand is warned about or run down.
  const framed = s.caution === 0 && tone > NEGATIVE_AT;
  if (s.pick && framed) return 'top';
  if (s.rec >= 1 || s.top > 0) return 'recommended';
  if (s.cond > 0 && framed) return 'recommended';
  if (s.caution > 0) return 'cautioned';
  if (s.deniedTop && tone <= NEGATIVE_AT) return 'cautioned';
  if (advice && !s.deniedTop && tone >= (weighed ? ADVICE_POSITIVE_AT : PLAIN_ADVICE_POSITIVE_AT))
    return 'recommended';
  if (advice && tone <= ADVICE_NEGATIVE_AT) return 'cautioned';
  const warnAt = weighed ? PROBLEMS_WARN_AT : PROBLEMS_WARN_AT_UNWEIGHED;
  if (indirect && !news && s.problems >= warnAt && tone <= PROBLEMS_TONE_AT) return 'cautioned';
  // Praise only in the past, none now: what it was is told to say what it no longer is.
  if (indirect && !news && s.pastPraise && s.praise === 0 && tone <= 0) return 'cautioned';
  return 'mentioned';
}

/**
 * The status of every brand the answer names (null for the others). A warning about one brand
 * makes the answer one that advises, so another brand it speaks well of is the alternative it
 * offers ("Cloudmere, by comparison, has had no major incidents this year").
 */
export function statusesOf(
  signals: readonly (BrandSignals | null)[],
  tones: readonly number[],
  advice: boolean,
  news: boolean,
  indirect = true,
  weighed = indirect,
): (PositioningStatus | null)[] {
  const first = statusesFor(signals, tones, advice, news, indirect, weighed);
  return advice || !indirect || !first.includes('cautioned')
    ? first
    : statusesFor(signals, tones, true, news, indirect, weighed);
}

/** Every brand's status for one reading of `advice` (no closure made per answer). */
function statusesFor(
  signals: readonly (BrandSignals | null)[],
  tones: readonly number[],
  advice: boolean,
  news: boolean,
  indirect: boolean,
  weighed: boolean,
): (PositioningStatus | null)[] {
  return signals.map((s, i) =>
    s === null ? null : statusOf(s, advice, tones[i] as number, news, indirect, weighed),
  );
}
