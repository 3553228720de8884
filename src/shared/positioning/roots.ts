import type { Clause } from './clauses';
import type { Lang } from './lexicon/lang';
import {
  FREEING_SUFFIXES,
  INTENSIFIERS_AFTER,
  NEGATING_PREFIXES,
  ROOT_NEGATORS,
  ROOTS,
  type RootList,
} from './lexicon/roots';

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
  const filter = filterOf(lang, roots);
  const { words } = clause;
  const folded = clause.answer.fold.folded;
  markHits(clause);
  let reading: RootReading | null = null;
  for (let t = clause.fromWord; t < clause.toWord; t++) {
    const mark = marks[t - clause.fromWord] as number;
    if (mark === COVERED || (words.mention[t] as number) >= 0) continue;
    if (mark === BLAMED) {
      // Only an ending can free it: a language without freeing endings has nothing to look for.
      if (!filter.frees) continue;
      const blame = coveringBlame(clause, t);
      if (blame !== null) reading = freedFromPhrase(reading, words.text(t, folded), blame, roots, lang, past);
      continue;
    }
    const start = words.start[t] as number;
    if ((words.end[t] as number) - start < MIN_WORD) continue;
    const candidates = candidateRoots(filter, folded, start, words, t);
    if (candidates === null) continue;
    let polarity = polarityOf(words.text(t, folded), candidates, lang);
    if (polarity === 0) continue;
    if (polarity < 0 && freedByNext(clause, t, folded, lang)) polarity = 1;
    if (negatedBefore(clause, t, folded, lang)) polarity *= NEGATED;
    // Praise in a clause set in the past is not praise now.
    if (past && polarity > 0) continue;
    const score =
      (polarity < 0 ? -PROBLEM_ROOT : PRAISE_ROOT) * polarity * (clause.turn ? AFTER_CONTRAST : 1);
    reading ??= { tone: 0, problems: 0, praise: 0 };
    reading.tone += score;
    if (score < 0) {
      reading.problems++;
      takeBackIntensifier(reading, clause, t + 1, folded, lang);
    } else reading.praise++;
  }
  return reading;
}

/**
 * "schwankt stark", "drifts badly": the word after a root of blame says how much, and the praise
 * a phrase read in it ("stark" = strong) is taken back.
 */
function takeBackIntensifier(
  reading: RootReading,
  clause: Clause,
  t: number,
  folded: string,
  lang: Lang,
): void {
  if (t >= clause.toWord || !(INTENSIFIERS_AFTER[lang] ?? []).includes(clause.words.text(t, folded))) return;
  for (const h of clause.hits) {
    if (h.word !== t || h.wordEnd !== t + 1 || h.payload.cue !== undefined || h.negated) continue;
    const senti = h.payload.senti ?? 0;
    if (senti <= 0) continue;
    reading.tone -= senti * h.scale * h.contrast;
    reading.praise--;
    return;
  }
}

/**
 * The roots a word may hold, compiled once per language: those that open a word, by their first
 * two letters (praise also after a negating prefix), and the roots German hides inside compounds.
 * Most words open with no root's two letters and are never sliced.
 */
interface RootFilter {
  openings: ReadonlyMap<number, { problemStarts: string[]; praiseStarts: string[] }>;
  prefixes: readonly string[];
  inside: RegExp | null;
  roots: RootList;
  /** The language has endings that free a blame root ("problemlos"). */
  frees: boolean;
}

const filters = new Map<Lang, RootFilter>();
const NO_ROOTS: readonly string[] = [];

const pairAt = (s: string, i: number): number => s.charCodeAt(i) * 0x10000 + s.charCodeAt(i + 1);

function filterOf(lang: Lang, roots: RootList): RootFilter {
  let f = filters.get(lang);
  if (f !== undefined) return f;
  const openings = new Map<number, { problemStarts: string[]; praiseStarts: string[] }>();
  const bucket = (r: string): { problemStarts: string[]; praiseStarts: string[] } => {
    const key = pairAt(r, 0);
    const had = openings.get(key);
    if (had !== undefined) return had;
    const b = { problemStarts: [], praiseStarts: [] };
    openings.set(key, b);
    return b;
  };
  for (const r of roots.problemStarts) bucket(r).problemStarts.push(r);
  for (const r of roots.praiseStarts) bucket(r).praiseStarts.push(r);
  const inside = [...roots.problemInside, ...roots.praiseInside];
  f = {
    openings,
    prefixes: NEGATING_PREFIXES[lang] ?? [],
    inside: inside.length === 0 ? null : new RegExp(inside.join('|'), 'u'),
    roots,
    frees: (FREEING_SUFFIXES[lang] ?? []).length > 0,
  };
  filters.set(lang, f);
  return f;
}

/**
 * The roots word t may hold (those opening with its first two letters, praise also after a
 * negating prefix, and the inside roots when one is in it), or null when it may hold none.
 */
function candidateRoots(
  f: RootFilter,
  folded: string,
  start: number,
  words: Clause['words'],
  t: number,
): RootList | null {
  const opening = f.openings.get(pairAt(folded, start));
  let afterPrefix: readonly string[] = NO_ROOTS;
  for (const p of f.prefixes) {
    if (!folded.startsWith(p, start)) continue;
    const after = f.openings.get(pairAt(folded, start + p.length));
    if (after !== undefined && after.praiseStarts.length > 0)
      afterPrefix = [...afterPrefix, ...after.praiseStarts];
  }
  const inside = f.inside !== null && f.inside.test(words.text(t, folded));
  if (opening === undefined && afterPrefix.length === 0 && !inside) return null;
  return {
    problemStarts: opening?.problemStarts ?? NO_ROOTS,
    praiseStarts:
      afterPrefix.length === 0
        ? (opening?.praiseStarts ?? NO_ROOTS)
        : [...(opening?.praiseStarts ?? NO_ROOTS), ...afterPrefix],
    problemInside: inside ? f.roots.problemInside : NO_ROOTS,
    praiseInside: inside ? f.roots.praiseInside : NO_ROOTS,
  };
}

/** Marks of the clause's words, by index from its first word: one buffer for every clause. */
let marks = new Uint8Array(256);
const FREE = 0;
const COVERED = 1;
/** Read by one blaming phrase of its own ("problem*" on "problemlos"): its ending may free it. */
const BLAMED = 2;

function markHits(clause: Clause): void {
  const n = clause.toWord - clause.fromWord;
  if (marks.length < n) marks = new Uint8Array(n * 2);
  marks.fill(FREE, 0, n);
  for (const h of clause.hits) {
    const single = h.wordEnd === h.word + 1 && h.payload.cue === undefined && (h.payload.senti ?? 0) < 0;
    for (let t = Math.max(h.word, clause.fromWord); t < Math.min(h.wordEnd, clause.toWord); t++) {
      const i = t - clause.fromWord;
      marks[i] = single && marks[i] === FREE ? BLAMED : COVERED;
    }
  }
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

/** −1 for a word with a root of blame, +1 for one of praise, 0 for neither. */
function polarityOf(word: string, roots: RootList, lang: Lang): number {
  const praise = praiseAt(word, roots, lang);
  if (praise >= 0) return negatingPrefix(word, praise, lang) ? -1 : 1;
  const problem = problemEnd(word, roots);
  if (problem < 0) return 0;
  return freeingSuffix(word, problem, lang) ? 1 : -1;
}

/** Where a praise root starts in the word (0, or right after a negating prefix, or inside), else −1. */
function praiseAt(word: string, roots: RootList, lang: Lang): number {
  for (const r of roots.praiseStarts) {
    if (word.startsWith(r)) return 0;
    for (const p of NEGATING_PREFIXES[lang] ?? [])
      if (word.startsWith(r, p.length) && word.startsWith(p)) return p.length;
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
