import { foldText } from '../analytics/text-fold';
import type { MentionRef } from './context';
import type { Lang } from './lexicon/lang';
import {
  CONDITION_LEADS,
  CONDITION_NOT,
  VERDICT_NO,
  VERDICT_YES,
  type PartialPerLang,
} from './lexicon/verdict-words';
import type { Range } from './sentences';

// Advice framed by the sentence rather than by a verdict word: "If you need SSO, Vaultline.",
// "For a bedroom up to 20 m², the Airly Mini is quiet enough …", "Wenn Ihnen Ökostrom wichtig
// ist, dann Sonnstrom", and the first word of a verdict cell ("Yes", "No – weak motor").
// Read by character from the sentence's start: a sentence that opens with no such word costs a
// few reads.

const sets = new Map<PartialPerLang<string>, Map<Lang, ReadonlySet<string>>>();

function setOf(table: PartialPerLang<string>, lang: Lang): ReadonlySet<string> {
  let byLang = sets.get(table);
  if (byLang === undefined) {
    byLang = new Map();
    sets.set(table, byLang);
  }
  let set = byLang.get(lang);
  if (set === undefined) {
    set = new Set(table[lang] ?? []);
    byLang.set(lang, set);
  }
  return set;
}

interface Leads {
  leads: ReadonlySet<string>;
  /** The longest lead (a longer first word is none of them). */
  longest: number;
  not: ReadonlySet<string>;
}

const leadsByLang = new Map<Lang, Leads>();

function leadsOf(lang: Lang): Leads {
  let l = leadsByLang.get(lang);
  if (l === undefined) {
    const leads = setOf(CONDITION_LEADS, lang);
    l = { leads, longest: Math.max(0, ...[...leads].map((w) => w.length)), not: setOf(CONDITION_NOT, lang) };
    leadsByLang.set(lang, l);
  }
  return l;
}

/** Markup and marks before a sentence's or cell's first word (bold, quotes, ticks and crosses). */
const LEAD_MARKS = /[\s*_>#"“'‘✓✔✅❌✗✘–—-]/u;
const WORD_CHAR = /[\p{L}]/u;
const LONGEST_WORD = 12;
/** ASCII marks before a first word: space, tab, line ends, * _ > # " ' - (read by code, no regex). */
const ASCII_MARKS = new Set([32, 9, 10, 13, 42, 95, 62, 35, 34, 39, 45]);

function isMark(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_MARKS.has(c) : LEAD_MARKS.test(text[i] as string);
}

function isWordChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return WORD_CHAR.test(text[i] as string);
}

/**
 * The folded word starting at or after `at` (after marks), and where it ends; null past `end`
 * or on a word longer than `longest` (most sentences: no copy made).
 */
function wordAt(
  text: string,
  at: number,
  end: number,
  longest = LONGEST_WORD,
): { word: string; end: number } | null {
  let i = at;
  while (i < end && isMark(text, i)) i++;
  const from = i;
  while (i < end && i - from <= longest && isWordChar(text, i)) i++;
  if (i === from || i - from > longest) return null;
  return { word: foldText(text.slice(from, i)), end: i };
}

const CLAUSE_MARKS = new Set([',', ':', '：', '，', ';', '،']);

/**
 * The mention a sentence that opens with a case ("If …", "For …", "Wenn …", "Si …", "Pour …")
 * advises for it: the first brand named after the case's comma or colon; -1 for none.
 * `first`: index of the first mention at or after the sentence's start.
 */
export function caseAdviceMention(
  text: string,
  s: Range,
  mentions: readonly MentionRef[],
  first: number,
  lang: Lang,
): number {
  const { leads, longest, not } = leadsOf(lang);
  if (longest === 0) return -1;
  const lead = wordAt(text, s.start, Math.min(s.end, s.start + 2 * LONGEST_WORD), longest);
  if (lead === null || !leads.has(lead.word)) return -1;
  const next = wordAt(text, lead.end, Math.min(s.end, lead.end + 2 * LONGEST_WORD));
  if (next !== null && not.has(next.word)) return -1;
  let cut = lead.end;
  while (cut < s.end && !CLAUSE_MARKS.has(text[cut] as string)) cut++;
  if (cut >= s.end) return -1;
  for (let k = first; k < mentions.length; k++) {
    const m = mentions[k] as MentionRef;
    if (m.start >= s.end) return -1;
    if (m.start > cut) return k;
  }
  return -1;
}

/** Longest gap between two names listed as one ("A or B", "A, B", "A oder B", "A ou B", "A lub B"). */
const LISTED_GAP = 6;

/**
 * The mentions listed right after mention k as one with it ("Planwise or Boardly", "Telnova
 * oder Funkwerk"): each separated from the one before by a comma or one short word.
 */
export function listedAfter(text: string, mentions: readonly MentionRef[], k: number): number[] {
  const out: number[] = [];
  for (let j = k + 1; j < mentions.length; j++) {
    const gap = text.slice((mentions[j - 1] as MentionRef).end, (mentions[j] as MentionRef).start);
    if (gap.length > LISTED_GAP || !/^,?\s*(?:\p{L}{1,4}\s+)?$/u.test(gap) || gap.trim() === '') break;
    out.push(j);
  }
  return out;
}

/** Longer than any yes or no word of a verdict cell ("recommended", "empfehlenswert"). */
const VERDICT_WORD_LONGEST = 14;

/** "yes" or "no" when a verdict cell opens with such a word ("Yes", "No – weak motor", "Skip: …"). */
export function verdictWordOf(text: string, start: number, end: number, lang: Lang): 'yes' | 'no' | null {
  const mark = markAt(text, start, end);
  if (mark !== null) return mark;
  const w = wordAt(text, start, end, VERDICT_WORD_LONGEST);
  if (w === null) return null;
  if (setOf(VERDICT_YES, lang).has(w.word)) return 'yes';
  return setOf(VERDICT_NO, lang).has(w.word) ? 'no' : null;
}

const YES_MARKS = new Set(['✅', '✓', '✔', '👍']);
const NO_MARKS = new Set(['❌', '✗', '✘', '⛔', '👎']);

/** A tick or a cross opening a verdict cell says yes or no in every language ("✅ Best for …", "❌ Loud"). */
function markAt(text: string, start: number, end: number): 'yes' | 'no' | null {
  let i = start;
  while (i < end && (text[i] === ' ' || text[i] === '*' || text[i] === '_')) i++;
  if (i >= end || text.charCodeAt(i) < 128) return null;
  const c = String.fromCodePoint(text.codePointAt(i) as number);
  return YES_MARKS.has(c) ? 'yes' : NO_MARKS.has(c) ? 'no' : null;
}
