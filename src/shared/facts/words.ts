import { foldText } from '../analytics/text-fold';

// Phrases found in folded text at word boundaries. A boundary is told only against letters of
// the scripts written with spaces (and digits): a Latin word next to Japanese ("Premiumは")
// still stands alone, and a Japanese phrase is a plain substring. The expressions hold no
// look-around (V8 then finds their first letters quickly); the boundaries are checked on each
// match, and an answer's matches of one expression are found once and kept (Hits).

const SPECIAL = /[.*+?^${}()|[\]\\]/gu;
const EDGE_LETTER = /[\p{sc=Latin}\p{sc=Cyrillic}\p{sc=Greek}\p{sc=Arabic}\p{N}]/u;
/**
 * Arabic glues "and", "so", "with", "for", "as" and "the" to the next word ("والخطة", "بخطة"):
 * a phrase found after them still starts a word. (Read at each match, not written into the
 * expressions: an optional prefix there keeps V8 from skipping ahead to a phrase's first letter.)
 */
const ARABIC_PROCLITIC = /^[وف]?(?:[بلك]|ال|بال|لل|كال)?$/u;
const ARABIC_LETTER = /\p{sc=Arabic}/u;

/** A letter or digit of a script written with spaces: a word goes on across it. */
function isEdge(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  return EDGE_LETTER.test(text[i] as string);
}

/** The folded form of a phrase, its spaces single. */
export function foldPhrase(phrase: string): string {
  return foldText(phrase).replace(/\s+/gu, ' ').trim();
}

/**
 * A Latin word of six letters or more takes any ending of up to three letters for its last two
 * ("kostenlosen Tarif"); a Cyrillic one of five or more, of up to four, for Russian's longer
 * case endings ("бесплатного тарифа" for "бесплатный тариф").
 */
function softWord(word: string): string {
  const escaped = word.replace(SPECIAL, '\\$&');
  if (/^\p{sc=Latin}{6,}$/u.test(word)) return `${escaped.slice(0, -2)}\\p{L}{0,3}`;
  if (/^[\p{sc=Cyrillic}-]{5,}$/u.test(word) && /\p{sc=Cyrillic}$/u.test(word))
    return `${escaped.slice(0, -2)}\\p{L}{0,4}`;
  return escaped;
}

function patternOf(folded: string, soft: boolean): string {
  return (soft ? folded.split(' ').map(softWord).join(' ') : folded.replace(SPECIAL, '\\$&'))
    .replace(/ /gu, '\\s+')
    .replace(/'/gu, "['’]")
    .replace(/-/gu, '[-\\s]?');
}

/**
 * One expression finding any of `phrases` (longest first); null when there is none. `soft`: the
 * words of a sheet, read in any inflection of their ending ("kostenloser" finds "kostenlosen").
 */
export function phraseSet(phrases: readonly string[], soft = false): RegExp | null {
  const folded = [...new Set(phrases.map(foldPhrase).filter((p) => p !== ''))];
  if (folded.length === 0) return null;
  folded.sort((a, b) => b.length - a.length);
  return new RegExp(folded.map((p) => patternOf(p, soft)).join('|'), 'gu');
}

const LIGHT = /[\s:：*_()（）"“”„'’,-]/u;

export interface Found {
  start: number;
  end: number;
}

/** An Arabic word starts at `start` after proclitics only ("و", "ال", "بال"…). */
function afterProclitics(text: string, start: number): boolean {
  if (!ARABIC_LETTER.test(text[start] as string)) return false;
  let k = start;
  while (k > 0 && start - k <= 3 && ARABIC_LETTER.test(text[k - 1] as string)) k--;
  return !(k > 0 && ARABIC_LETTER.test(text[k - 1] as string)) && ARABIC_PROCLITIC.test(text.slice(k, start));
}

/** The match stands alone: no letter of its own script joins it on either side. */
function standsAlone(text: string, start: number, end: number): boolean {
  if (isEdge(text, start) && isEdge(text, start - 1) && !afterProclitics(text, start)) return false;
  return !(isEdge(text, end - 1) && isEdge(text, end));
}

/**
 * Every match of `re` inside text[from, to) that stands alone, in order. The search reads only
 * that range (and one unit either side for the boundaries), not the rest of the text.
 */
export function findAll(re: RegExp | null, text: string, from: number, to: number): Found[] {
  const out: Found[] = [];
  if (re === null || from >= to) return out;
  const base = Math.max(0, from - 1);
  const part = base === 0 && to >= text.length ? text : text.slice(base, Math.min(text.length, to + 1));
  re.lastIndex = from - base;
  for (let m = re.exec(part); m !== null && m.index + base < to; m = re.exec(part)) {
    const start = m.index + base;
    const end = start + m[0].length;
    if (m[0].length === 0) re.lastIndex++;
    else if (!standsAlone(text, start, end)) re.lastIndex = m.index + 1;
    else if (end <= to) out.push({ start, end });
  }
  return out;
}

/**
 * An answer's matches, each expression's found once over the regions that are read (the scopes
 * of the brands with a sheet, in order, not overlapping) and then read by range.
 */
export class Hits {
  private readonly byRe = new Map<RegExp, Found[]>();

  constructor(
    readonly text: string,
    readonly regions: readonly Found[],
  ) {}

  private all(re: RegExp): Found[] {
    let hits = this.byRe.get(re);
    if (hits === undefined) {
      hits = [];
      for (const r of this.regions) for (const h of findAll(re, this.text, r.start, r.end)) hits.push(h);
      this.byRe.set(re, hits);
    }
    return hits;
  }

  /** The matches of `re` inside [from, to). */
  find(re: RegExp | null, from: number, to: number): Found[] {
    if (re === null) return [];
    const hits = this.all(re);
    let lo = 0;
    let hi = hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((hits[mid] as Found).start < from) lo = mid + 1;
      else hi = mid;
    }
    const out: Found[] = [];
    for (let k = lo; k < hits.length && (hits[k] as Found).start < to; k++)
      if ((hits[k] as Found).end <= to) out.push(hits[k] as Found);
    return out;
  }

  /** A match of `re` starting at `at`, after what `skip` allows (spaces, light punctuation) within `span` units. */
  startsNear(re: RegExp | null, at: number, span: number, skip = LIGHT): Found | null {
    if (re === null) return null;
    let k = at;
    while (k < this.text.length && k < at + span && skip.test(this.text[k] as string)) k++;
    const hits = this.all(re);
    let lo = 0;
    let hi = hits.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((hits[mid] as Found).start < k) lo = mid + 1;
      else hi = mid;
    }
    const hit = hits[lo];
    return hit !== undefined && hit.start === k ? hit : null;
  }
}
