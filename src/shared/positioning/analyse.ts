import type { AnswerText } from './answer-text';
import { attributesOf } from './attribute-extract';
import { clausesOf, type Clause, type ResolvedHit, type Unit } from './clauses';
import {
  answerHasRanking,
  blockContexts,
  isVerdictLabel,
  labelOf,
  opensWithCaseLabel,
  refersBack,
  type BlockContext,
  type MentionRef,
} from './context';
import { DROPS_SUBJECT, type Lang } from './lexicon/lang';
import type { PhraseIndex } from './phrase-index';
import { splitSentences, type Range } from './sentences';
import { emptySignals, type BrandSignals } from './signals';
import { splitBlocks, type Block, type Cell } from './structure';
import { caseAdviceMention, listedAfter, verdictWordOf } from './case-advice';
import { readsIndirect, weighsIndirect } from './lexicon/verdict-words';
import { markLeftBehind, steeredTo } from './steering';
import { readDurations } from './durations';
import { readRoots, type RootReading } from './roots';
import { before, readLitany, soleBrand } from './litany';
import { comparesLineByLine } from './line-leads';
import { describesBeyondFact } from './silent-alternative';
import { COLON } from './char-codes';

// Walks the blocks of an answer that name a brand (or are about one), cuts them into units
// (sentences; table cells), and adds what each clause says to the signals of the brands it is
// about. Blocks that name no brand and belong to none are never scanned, which keeps the cost
// per answer proportional to what is said about the brands, not to the answer's length.

const CUE_EVIDENCE = 3;
const LIST_EVIDENCE = 2;
const TONE_EVIDENCE = 1;
const NAME_EVIDENCE = 0.5;
const NEGATED_SENTIMENT = -0.6;
const LABEL_SENTIMENT = 1;
/** Tone a place in a recommendation list adds (a top place: twice). */
const LIST_SENTIMENT = 1;
const NO_MENTIONS: MentionRef[] = [];

export interface AnswerAnalysis {
  /** Signals by brand index; null for brands the answer does not name. */
  signals: (BrandSignals | null)[];
  /** The answer gives advice (any cue, a recommendation list, a ranking heading). */
  advice: boolean;
  /** The answer reports news about a brand ("announced on Tuesday"). */
  news: boolean;
  /** Its language's indirect wording is read (rules 5-6 of signals.ts as written for it). */
  indirect: boolean;
  /** … with the weights tuned over several passes (lexicon/verdict-words.ts weighsIndirect). */
  weighed: boolean;
}

interface Walk {
  text: string;
  answer: AnswerText;
  lang: Lang;
  index: PhraseIndex;
  mentions: readonly MentionRef[];
  signals: (BrandSignals | null)[];
  advice: boolean;
  news: boolean;
  /** The language's indirect wording is read (lexicon/verdict-words.ts readsIndirect). */
  indirect: boolean;
}

/** Tone a verdict's pick or a case's advice adds (as a place in a recommendation list). */
const FRAME_SENTIMENT = 1;
/** "Yes" and "No" in a verdict cell weigh as a recommendation and a warning. */
const VERDICT_YES_SENTIMENT = 1.5;
const VERDICT_NO_SENTIMENT = -2.5;
/** A verdict cell's tone at or below this is a warning ("Sags after a year in our tests"). */
const VERDICT_CELL_WARNING = -1.5;

function blockOf(blocks: readonly Block[], pos: number): number {
  let lo = 0;
  let hi = blocks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((blocks[mid] as Block).start <= pos) lo = mid;
    else hi = mid - 1;
  }
  const b = blocks[lo];
  return b !== undefined && pos >= b.start && pos < b.end ? lo : -1;
}

/** Evidence ranges keyed by start and end in one number (answers stay far below 2^26 characters). */
function addEvidence(s: BrandSignals, range: Range, weight: number): void {
  const key = range.start * 0x4000000 + range.end;
  const had = s.evidence.get(key);
  if (had === undefined) s.evidence.set(key, { start: range.start, end: range.end, weight });
  else if (had.weight < weight) had.weight = weight;
}

function applyCue(s: BrandSignals, rh: ResolvedHit, majority: boolean): void {
  const cue = rh.payload.cue;
  if (cue === 'top') {
    if (rh.negated) s.deniedTop = true;
    else s.top += 2;
  } else if (cue === 'rec') {
    // "The one I'd recommend to most households" is the answer's default choice: a top pick.
    if (rh.negated) s.caution += 2;
    else if (majority) s.top += 2;
    else s.rec += 1;
  } else if (cue === 'caution') s.caution += 2;
}

const CUE = 1;
const TONE = 2;

/**
 * Cues and tone of one clause for one brand (CUE | TONE bits: a cue was applied, the tone is not
 * zero); a pros/cons unit's tone is its label's, one step per clause. `majority`: the clause
 * has a "for most people" cue.
 */
function applyHits(w: Walk, clause: Clause, brand: number, s: BrandSignals, majority: boolean): number {
  let cue = false;
  let tone = 0;
  // "Used to be the go-to: cheap, fast …", "was the best plugin a few years ago": praise in a
  // clause set in the past is not praise now.
  const past = hasPast(clause.hits);
  let reported = false;
  if (past) {
    // An answer that tells what a brand was is advising about a change.
    s.pastPraise = true;
    w.advice = true;
  }
  for (const rh of clause.hits) {
    const p = rh.payload;
    if (rh.mention >= 0 && (w.mentions[rh.mention] as MentionRef).brand !== brand) continue;
    if (past && !rh.negated && (p.cue === 'top' || p.cue === 'rec' || (p.senti ?? 0) > 0)) {
      // Praise taken back ("used to be the go-to") is advice about a change: what the answer
      // speaks well of now is the alternative it offers.
      w.advice = true;
      continue;
    }
    if (p.news === true) w.news = true;
    if (p.hedge === true) s.hedged = true;
    if (p.report === true && !rh.negated) reported = true;
    if (p.cue !== undefined) {
      cue = true;
      w.advice = true;
      applyCue(s, rh, majority);
    }
    if (p.senti === undefined || p.senti === 0 || (clause.label !== null && p.cue === undefined)) continue;
    // A verdict keeps its weight on either side of a contrast; descriptive words do not.
    const weight = rh.scale * (p.cue === undefined ? rh.contrast : 1);
    const score = p.senti * weight * (rh.negated ? NEGATED_SENTIMENT : 1);
    tone += score;
    if (p.cue === undefined && clause.label === null) {
      if (score < 0) s.problems++;
      else s.praise++;
    }
  }
  if (majority && !cue && tone > 0) s.top += 2;
  if (reported && !w.news && !cue && tone <= 0 && clause.label === null) tone += reportedBlame(s);
  if (clause.label !== null && !cue) tone = clause.label === 'pro' ? LABEL_SENTIMENT : -LABEL_SENTIMENT;
  s.senti += tone;
  if (tone > 0) s.favoured = true;
  return (cue ? CUE : 0) | (tone !== 0 ? TONE : 0);
}

/** Customers' reports cited with no praise: blame, weighed as a root of failure. */
const REPORTED_BLAME = -1.5;

function reportedBlame(s: BrandSignals): number {
  s.problems++;
  s.rootProblems++;
  return REPORTED_BLAME;
}

function hasPast(hits: readonly ResolvedHit[]): boolean {
  for (const rh of hits) if (rh.payload.past === true) return true;
  return false;
}

function hasMajorityCue(hits: readonly ResolvedHit[]): boolean {
  for (const rh of hits) if (rh.payload.majority === true) return true;
  return false;
}

function applyClause(w: Walk, clause: Clause, evidence: Range): void {
  if (clause.brands.length === 0) return;
  const attrs = attributesOf(clause);
  const majority = hasMajorityCue(clause.hits);
  const roots = rootsOf(w, clause);
  for (const b of clause.brands) {
    const s = w.signals[b];
    if (s === null || s === undefined) continue;
    s.urlOnly = false;
    // Where every sentence goes on about the brand before, a later contrast may be about anything.
    if (clause.turn && !DROPS_SUBJECT.has(w.lang)) s.turned = true;
    const found = applyHits(w, clause, b, s, majority) | (roots === null ? 0 : applyRoots(s, roots));
    for (const a of attrs) if (!s.attributes.has(a.text)) s.attributes.set(a.text, a);
    addEvidence(
      s,
      evidence,
      (found & CUE) !== 0
        ? CUE_EVIDENCE
        : (found & TONE) !== 0 || clause.label !== null
          ? TONE_EVIDENCE
          : NAME_EVIDENCE,
    );
  }
}

/**
 * What the clause's words say for or against its brands through roots no phrase reads
 * (roots.ts): in every language that has roots (lexicon/roots.ts), outside pros/cons labels.
 */
function rootsOf(w: Walk, clause: Clause): RootReading | null {
  if (clause.label !== null) return null;
  const past = hasPast(clause.hits);
  const reading = joinReadings(readRoots(clause, w.lang, past), readDurations(clause, w.lang, past));
  // Most clauses hold no root: the inline label is looked for only when one was found.
  return reading === null || opensWithProsCons(w.text, clause.start, w.lang) ? null : reading;
}

function joinReadings(a: RootReading | null, b: RootReading | null): RootReading | null {
  if (a === null || b === null) return a ?? b;
  return { tone: a.tone + b.tone, problems: a.problems + b.problems, praise: a.praise + b.praise };
}

/** How far into a clause a "Cons:" written inline is looked for ("- Cons: loud, heavy"). */
const INLINE_LABEL_CHARS = 24;

/**
 * A clause that opens with a pros/cons label written inline ("Cons: needs a boundary wire,
 * frequent firmware hiccups"): merits and limits side by side, weighed one step each as a
 * labelled line is, so its roots add no blame of their own.
 */
function opensWithProsCons(text: string, start: number, lang: Lang): boolean {
  const end = Math.min(text.length, start + INLINE_LABEL_CHARS + 1);
  let colon = start;
  while (colon < end && text.charCodeAt(colon) !== COLON) colon++;
  if (colon === end) return false;
  return (
    labelOf(
      text
        .slice(start, colon)
        .replace(/^[\s*_-]+/u, '')
        .trim(),
      lang,
    ) !== null
  );
}

function applyRoots(s: BrandSignals, roots: RootReading): number {
  s.senti += roots.tone;
  s.problems += roots.problems;
  s.rootProblems += roots.problems;
  s.praise += roots.praise;
  if (roots.tone > 0) s.favoured = true;
  return roots.tone !== 0 ? TONE : 0;
}

/** Index of the first mention starting at or after `start`. */
function firstMentionFrom(w: Walk, start: number): number {
  let first = 0;
  let hi = w.mentions.length;
  while (first < hi) {
    const mid = (first + hi) >> 1;
    if ((w.mentions[mid] as MentionRef).start < start) first = mid + 1;
    else hi = mid;
  }
  return first;
}

/** Whether a mention starts in [start, end), `first` being the first mention from `start` on. */
function namesBrand(w: Walk, first: number, end: number): boolean {
  return first < w.mentions.length && (w.mentions[first] as MentionRef).start < end;
}

/**
 * Analyse one unit; returns the brands of its last clause (the next unit's fallback). `first`:
 * the index of the first mention from the unit's start on (firstMentionFrom).
 */
function analyseUnit(w: Walk, unit: Unit, evidence: Range, first: number): readonly number[] {
  let last = first;
  while (last < w.mentions.length && (w.mentions[last] as MentionRef).start < unit.end) last++;
  if (last === first && unit.fallback.length === 0) return unit.fallback;
  const clauses = clausesOf(w.answer, unit, w.mentions, first, last, w.index);
  const sole = w.indirect && unit.label === null ? soleBrand(clauses) : -1;
  const s = sole >= 0 ? (w.signals[sole] ?? null) : null;
  const was = s === null ? null : before(s);
  for (const c of clauses) applyClause(w, c, evidence);
  if (s !== null && was !== null) readLitany(s, was, w.text, unit.start, unit.end);
  return clauses[clauses.length - 1]?.brands ?? unit.fallback;
}

/**
 * Sentences of a block. In a list item every sentence is about the item's brand unless it names
 * another; in a paragraph a sentence naming none continues the brand of the sentence before
 * only when it refers back to it ("It is also light"), or in a language where the subject is
 * routinely left out (lexicon/lang.ts DROPS_SUBJECT).
 */
function analyseSentences(
  w: Walk,
  b: Block,
  fallback: readonly number[],
  ctx: BlockContext,
  item: boolean,
): void {
  let carry = fallback;
  // The sentence before named one brand itself: the next one goes on about it ("Zipmobile is
  // the cheapest deal. Coverage outside cities is patchy, though …"), except in news, which
  // goes on to what others say.
  let namedOne = false;
  // The sentence before asked the case and named no brand ("Got a Mac and an iPhone?").
  let asked = false;
  for (const s of splitSentences(w.text, b.start, b.end)) {
    const first = firstMentionFrom(w, s.start);
    const names = namesBrand(w, first, s.end);
    // Whether the sentence refers back matters only when the carried brand differs, and only
    // for a sentence naming no brand: a clause reads the unit's fallback only when none of the
    // unit's clauses names one.
    const continues =
      carry === fallback ||
      item ||
      DROPS_SUBJECT.has(w.lang) ||
      names ||
      (namedOne && !w.news && w.indirect) ||
      refersBack(w.text.slice(s.start, s.start + 40), w.lang);
    const unit: Unit = {
      start: s.start,
      end: s.end,
      fallback: continues ? carry : fallback,
      label: ctx.label,
    };
    // Only a sentence that names a brand can advise one for a case.
    const advised = names ? (asked ? first : adviceOf(w, s, first, item)) : -1;
    asked = !names && !item && w.indirect && endsWithQuestion(w.text, s);
    if (advised >= 0) adviseFrom(w, advised);
    const last = analyseUnit(w, unit, item ? b : s, first);
    carry = item ? (last.length > 0 ? last : carry) : last;
    namedOne = names && last.length === 1;
  }
}

function endsWithQuestion(text: string, s: Range): boolean {
  let i = s.end - 1;
  while (i > s.start && (text[i] === ' ' || text[i] === '*' || text[i] === '\n')) i--;
  return text[i] === '?' || text[i] === '？';
}

/**
 * The mention a sentence naming a brand advises for a case ("If you need SSO, …",
 * "**Triathletes:** …"), or -1.
 */
function adviceOf(w: Walk, s: Range, first: number, item: boolean): number {
  const advised = caseAdviceMention(w.text, s, w.mentions, first, w.lang);
  if (advised >= 0 || item || !w.indirect) return advised;
  return opensWithCaseLabel(w.text, s.start, w.mentions[first] as MentionRef, w.lang) ? first : -1;
}

/** A case's advice for mention k and the names listed with it ("If …, Planwise or Boardly"). */
function adviseFrom(w: Walk, k: number): void {
  frame(w, (w.mentions[k] as MentionRef).brand, 'cond');
  if (w.indirect)
    for (const j of listedAfter(w.text, w.mentions, k)) frame(w, (w.mentions[j] as MentionRef).brand, 'cond');
}

/** A verdict's pick or a case's advice, once per brand; it makes the answer one that advises. */
function frame(w: Walk, brand: number, kind: 'pick' | 'cond'): void {
  const s = w.signals[brand];
  if (s === null || s === undefined || (kind === 'pick' ? s.pick : s.cond > 0)) return;
  if (kind === 'pick') s.pick = true;
  else s.cond++;
  s.senti += FRAME_SENTIMENT;
  w.advice = true;
}

function analyseRow(w: Walk, b: Block, ctx: BlockContext, lang: Lang): void {
  const cells = b.cells ?? [];
  cells.forEach((cell, k) => {
    const column = ctx.columns?.[k] ?? -1;
    const subject = column >= 0 ? column : ctx.subject;
    const unit: Unit = {
      start: cell.start,
      end: cell.end,
      fallback: subject >= 0 ? [subject] : [],
      label: b.header ? null : labelOf(cell.header, lang),
    };
    const first = firstMentionFrom(w, unit.start);
    const verdict =
      !b.header &&
      ((ctx.verdict && k > 0) ||
        isVerdictLabel(cell.header, lang) ||
        (w.indirect && k === cells.length - 1 && asksVerdict(cell.header)));
    if (!verdict) {
      analyseUnit(w, unit, b, first);
      return;
    }
    const about = namesBrand(w, first, cell.end) ? (w.mentions[first] as MentionRef).brand : subject;
    verdictCell(w, unit, b, first, about, cell);
  });
}

/**
 * A table's last column headed by a question ("Our pick?", "Kaufempfehlung?", "¿Lo
 * recomendamos?") answers it for each row: a verdict column in any language.
 */
function asksVerdict(header: string): boolean {
  const end = header.trimEnd();
  return end.endsWith('?') || end.endsWith('？');
}

/**
 * A cell of a verdict column or row: its words are the verdict on its brand. "Yes"/"No" (Skip,
 * Avoid …) decide it; otherwise praise with no cue of its own recommends the brand and clear
 * blame warns about it ("Good for beginners", "Sags after a year in our tests").
 */
function verdictCell(w: Walk, unit: Unit, b: Block, first: number, about: number, cell: Cell): void {
  const s = about >= 0 ? w.signals[about] : null;
  if (s === null || s === undefined) {
    analyseUnit(w, unit, b, first);
    return;
  }
  const before = { top: s.top, rec: s.rec, caution: s.caution, senti: s.senti };
  analyseUnit(w, unit, b, first);
  w.advice = true;
  const word = verdictWordOf(w.text, cell.start, cell.end, w.lang);
  if (word === 'yes') [s.rec, s.senti] = [s.rec + 1, s.senti + VERDICT_YES_SENTIMENT];
  if (word === 'no') [s.caution, s.senti] = [s.caution + 2, s.senti + VERDICT_NO_SENTIMENT];
  if (word !== null || s.top !== before.top || s.rec !== before.rec || s.caution !== before.caution) return;
  const tone = s.senti - before.senti;
  if (tone > 0) s.rec += 1;
  else if (tone <= VERDICT_CELL_WARNING) s.caution += 2;
}

function structuralSignals(w: Walk, b: Block, ctx: BlockContext): void {
  if (!ctx.recList || ctx.leadBrand < 0) return;
  const s = w.signals[ctx.leadBrand];
  if (s === null || s === undefined) return;
  w.advice = true;
  const first = ctx.ranked && b.rank === 1;
  s.placed = true;
  if (first) s.top += 2;
  else s.rec += 1;
  s.senti += first ? 2 * LIST_SENTIMENT : LIST_SENTIMENT;
  addEvidence(s, b, LIST_EVIDENCE);
}

function analyseBlock(w: Walk, b: Block, ctx: BlockContext, named: boolean, lang: Lang): void {
  if (b.kind === 'row') {
    // A row naming no brand speaks for the brands of its columns, if the header names them.
    if (named || ctx.subject >= 0 || ctx.columns !== null) analyseRow(w, b, ctx, lang);
    return;
  }
  if (!named && ctx.subject < 0) return;
  if (b.kind === 'item') {
    const lead = ctx.leadBrand >= 0 ? [ctx.leadBrand] : ctx.subject >= 0 ? [ctx.subject] : [];
    analyseSentences(w, b, lead, ctx, true);
    structuralSignals(w, b, ctx);
    return;
  }
  analyseSentences(w, b, ctx.subject >= 0 ? [ctx.subject] : [], ctx, false);
}

/** Everything the answer says about each brand it names. */
export function analyseAnswer(
  answer: AnswerText,
  mentions: readonly MentionRef[],
  urlMentions: readonly MentionRef[],
  brandCount: number,
  lang: Lang,
  index: PhraseIndex,
): AnswerAnalysis {
  const { text } = answer;
  const signals = new Array<BrandSignals | null>(brandCount).fill(null);
  for (const m of mentions) signals[m.brand] ??= emptySignals();
  for (const m of urlMentions) signals[m.brand] ??= emptySignals();
  const blocks = splitBlocks(text);
  // A block naming no brand shares one empty list (never added to).
  const byBlock = new Array<MentionRef[]>(blocks.length).fill(NO_MENTIONS);
  for (const m of mentions) {
    const i = blockOf(blocks, m.start);
    if (i < 0) continue;
    const list = byBlock[i] as MentionRef[];
    if (list === NO_MENTIONS) byBlock[i] = [m];
    else list.push(m);
  }
  const ctxs = blockContexts(text, blocks, byBlock, lang);
  const indirect = readsIndirect(lang);
  const weighed = weighsIndirect(lang);
  const w: Walk = {
    text,
    answer,
    lang,
    index,
    mentions,
    signals,
    advice: answerHasRanking(text, blocks, lang) || (indirect && comparesLineByLine(text, mentions)),
    news: false,
    indirect,
  };
  let picked = false;
  blocks.forEach((b, i) => {
    const ctx = ctxs[i] as BlockContext;
    const ms = byBlock[i] as MentionRef[];
    // A verdict line is advice, whichever brand it names (or none).
    if (ctx.verdict && b.kind !== 'row' && w.indirect) w.advice = true;
    // The verdict's pick: the first brand a verdict paragraph, item or heading names.
    if (!picked && ctx.verdict && b.kind !== 'row' && ms.length > 0) {
      picked = true;
      frame(w, (ms[0] as MentionRef).brand, 'pick');
    }
    analyseBlock(w, b, ctx, ms.length > 0, lang);
  });
  // News goes on to what others do, not to what the reader should choose.
  if (!w.news && w.indirect) {
    for (const b of steeredTo(signals, mentions, (k) => describesBeyondFact(answer, k, lang)))
      frame(w, b, 'cond');
    if (weighed) markLeftBehind(signals, mentions);
  }
  for (const m of urlMentions) {
    const s = signals[m.brand];
    const i = blockOf(blocks, m.start);
    if (s !== null && s !== undefined && s.urlOnly && i >= 0)
      addEvidence(s, sentenceAround(text, blocks[i] as Block, m.start), NAME_EVIDENCE);
  }
  return { signals, advice: w.advice, news: w.news, indirect: w.indirect, weighed };
}

function sentenceAround(text: string, b: Block, pos: number): Range {
  return splitSentences(text, b.start, b.end).find((s) => pos >= s.start && pos < s.end) ?? b;
}
