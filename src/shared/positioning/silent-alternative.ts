import type { AnswerText } from './answer-text';
import type { MentionRef } from './context';
import type { Lang } from './lexicon/lang';
import { PARITY_WORDS } from './lexicon/parity-words';
import { SPACE, COMMA, COLON, SEMICOLON } from './char-codes';

// The other brand of a two-brand answer that runs the first down: described in a sentence of
// its own with nothing against it, it is the alternative the answer offers even when no word of
// that sentence is a word of praise ("Hofbote ist nur in sechs Städten aktiv, hält dort aber
// seine Zeitfenster und packt Tiefkühlware in Trockeneis"). A bare fact offers nothing: a short
// sentence ("Wavecell costs £9 and runs on the largest network") or one that only says the brand
// does the same ("Northwind flies the same route", "Boxflug liefert ebenfalls …").

/** A sentence of fewer words (of two letters or more: not "9,99", "€" or an elided "s") is a bare fact. */
const MIN_WORDS = 11;

const paritySets = new Map<Lang, ReadonlySet<string>>();
function parityOf(lang: Lang): ReadonlySet<string> {
  let set = paritySets.get(lang);
  if (set === undefined) {
    set = new Set(PARITY_WORDS[lang] ?? []);
    paritySets.set(lang, set);
  }
  return set;
}

function endsSentence(c: string | undefined): boolean {
  return c === '.' || c === '!' || c === '?' || c === '\n';
}

/** The folded sentence around a mention (its folded range). */
function sentenceOf(answer: AnswerText, k: number): { start: number; end: number } {
  const f = answer.fold.folded;
  const m = answer.mentionFolded[k] as { start: number; end: number };
  let start = m.start;
  while (start > 0 && !endsSentence(f[start - 1])) start--;
  let end = m.end;
  while (end < f.length && !endsSentence(f[end])) end++;
  return { start, end };
}

/** A folded (lower-case) letter: one with an upper case (not a digit, "€" or a mark). */
function isLetter(f: string, i: number): boolean {
  const c = f[i] as string;
  return c.toUpperCase() !== c;
}

/** The end of the word [from, to) without a trailing comma, semicolon or colon. */
function wordEnd(f: string, from: number, to: number): number {
  const c = f.charCodeAt(to - 1);
  return to > from && (c === COMMA || c === SEMICOLON || c === COLON) ? to - 1 : to;
}

/** Whether the sentence naming mention k describes the brand beyond a bare fact. */
export function describesBeyondFact(answer: AnswerText, k: number, lang: Lang): boolean {
  const f = answer.fold.folded;
  const { start, end } = sentenceOf(answer, k);
  const parity = parityOf(lang);
  let words = 0;
  let from = start;
  for (let i = start; i <= end; i++) {
    if (i < end && f.charCodeAt(i) !== SPACE) continue;
    const to = wordEnd(f, from, i);
    if (to - from >= 2 && isLetter(f, from) && isLetter(f, from + 1)) words++;
    if (to > from && parity.size > 0 && parity.has(f.slice(from, to))) return false;
    from = i + 1;
  }
  return words >= MIN_WORDS;
}

/** Whether the answer names exactly two brands. */
export function twoBrands(mentions: readonly MentionRef[]): boolean {
  let a = -1;
  for (const m of mentions) {
    if (a < 0) a = m.brand;
    else if (m.brand !== a) {
      for (const n of mentions) if (n.brand !== a && n.brand !== m.brand) return false;
      return true;
    }
  }
  return false;
}
