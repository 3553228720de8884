import type { Clause } from './clauses';
import type { Lang } from './lexicon/lang';
import { FREEING_SUFFIXES, NEGATING_PREFIXES, ROOT_NEGATORS, ROOTS, type RootList } from './lexicon/roots';

// For and against read past the word lists: the words of a clause that no phrase of the
// lexicon read are looked at for a root of blame or praise inside them (lexicon/roots.ts), so
// "Synchronisationsprobleme", "desyncs" and "décroche" count as the blame they are. A root
// within three words after a negator turns ("no major incidents", "nicht zuverlässig": ×−0.6,
// as a negated phrase); the clause's place after a contrast weighs it as the phrase's would.

/** Tone of one word with a root of blame, and of one with a root of praise. */
const PROBLEM_ROOT = -1.5;
const PRAISE_ROOT = 1.2;
const NEGATED = -0.6;
const NEGATION_WINDOW = 3;
/** Weight of a clause opening at a contrast marker (as clauses.ts weighs its phrases). */
const AFTER_CONTRAST = 1.3;
/** Words shorter than this hold no root worth reading ("bug", "lag" mean too many things). */
const MIN_WORD = 4;

/** What the roots of one clause say: its tone and the words of blame and praise counted. */
export interface RootReading {
  tone: number;
  problems: number;
  praise: number;
}

/** The reading of a clause by roots, or null when the language has no roots or none was found. */
export function readRoots(clause: Clause, lang: Lang, past: boolean): RootReading | null {
  const roots = ROOTS[lang];
  if (roots === undefined) return null;
  const { words } = clause;
  const folded = clause.answer.fold.folded;
  let reading: RootReading | null = null;
  for (let t = clause.fromWord; t < clause.toWord; t++) {
    if ((words.mention[t] as number) >= 0) continue;
    const blame = coveringBlame(clause, t);
    if (blame !== null) {
      reading = freedFromPhrase(reading, words.text(t, folded), blame, roots, lang, past);
      continue;
    }
    if (covered(clause, t)) continue;
    const word = words.text(t, folded);
    if (word.length < MIN_WORD) continue;
    let polarity = polarityOf(word, roots, lang);
    if (polarity === 0) continue;
    if (polarity < 0 && freedByNext(clause, t, folded, lang)) polarity = 1;
    if (negatedBefore(clause, t, folded, lang)) polarity *= NEGATED;
    // Praise in a clause set in the past is not praise now.
    if (past && polarity > 0) continue;
    const score =
      (polarity < 0 ? -PROBLEM_ROOT : PRAISE_ROOT) * polarity * (clause.turn ? AFTER_CONTRAST : 1);
    reading ??= { tone: 0, problems: 0, praise: 0 };
    reading.tone += score;
    if (score < 0) reading.problems++;
    else reading.praise++;
  }
  return reading;
}

/** The tone a phrase of blame gave word t alone ("problem*" on "problemlos"), else null. */
function coveringBlame(clause: Clause, t: number): number | null {
  for (const h of clause.hits) {
    if (h.word !== t || h.wordEnd !== t + 1 || h.payload.cue !== undefined) continue;
    const senti = h.payload.senti ?? 0;
    if (senti < 0 && !h.negated) return senti * h.scale * h.contrast;
  }
  return null;
}

/**
 * A word a blame phrase read by its start although its ending frees it ("problem*" reads
 * "problemlos", "störung*" reads "störungsfrei"): its blame is taken back and it counts as praise.
 */
function freedFromPhrase(
  reading: RootReading | null,
  word: string,
  blame: number,
  roots: RootList,
  lang: Lang,
  past: boolean,
): RootReading | null {
  const end = problemEnd(word, roots);
  if (end < 0 || !freeingSuffix(word, end, lang)) return reading;
  const out = reading ?? { tone: 0, problems: 0, praise: 0 };
  out.tone -= blame;
  out.problems--;
  if (!past) {
    out.tone += PRAISE_ROOT;
    out.praise++;
  }
  return out;
}

/** A phrase of the lexicon already reads word t. */
function covered(clause: Clause, t: number): boolean {
  for (const h of clause.hits) if (h.word <= t && t < h.wordEnd) return true;
  return false;
}

/** −1 for a word with a root of blame, +1 for one of praise, 0 for neither. */
function polarityOf(word: string, roots: RootList, lang: Lang): number {
  const praise = praiseAt(word, roots);
  if (praise >= 0) return negatingPrefix(word, praise, lang) ? -1 : 1;
  const problem = problemEnd(word, roots);
  if (problem < 0) return 0;
  return freeingSuffix(word, problem, lang) ? 1 : -1;
}

/** Where a praise root starts in the word (0, or after a negating prefix, or inside), else −1. */
function praiseAt(word: string, roots: RootList): number {
  for (const r of roots.praiseStarts) {
    const at = word.indexOf(r);
    if (at >= 0 && at <= 3) return at;
  }
  for (const r of roots.praiseInside) {
    const at = word.indexOf(r);
    if (at >= 0) return at;
  }
  return -1;
}

/** Where the first problem root found in the word ends, else −1. */
function problemEnd(word: string, roots: RootList): number {
  for (const r of roots.problemStarts) if (word.startsWith(r)) return r.length;
  for (const r of roots.problemInside) {
    const at = word.indexOf(r);
    if (at >= 0) return at + r.length;
  }
  return -1;
}

function negatingPrefix(word: string, at: number, lang: Lang): boolean {
  if (at === 0) return false;
  return (NEGATING_PREFIXES[lang] ?? []).some((p) => p.length === at && word.startsWith(p));
}

function freeingSuffix(word: string, end: number, lang: Lang): boolean {
  return (FREEING_SUFFIXES[lang] ?? []).some((s) => word.startsWith(s, end));
}

/** "trouble-free", "hassle free": the word after a blame root frees it. */
function freedByNext(clause: Clause, t: number, folded: string, lang: Lang): boolean {
  if (t + 1 >= clause.toWord) return false;
  const next = clause.words.text(t + 1, folded);
  return (FREEING_SUFFIXES[lang] ?? []).includes(next);
}

function negatedBefore(clause: Clause, t: number, folded: string, lang: Lang): boolean {
  const negators = ROOT_NEGATORS[lang];
  if (negators === undefined) return false;
  for (let k = Math.max(clause.fromWord, t - NEGATION_WINDOW); k < t; k++)
    if (negators.includes(clause.words.text(k, folded))) return true;
  return false;
}
