import { phraseOf, type Clause, type ResolvedHit } from './clauses';
import { ASPECTS, ASPECT_WINDOW, OPINION_POLARITY } from './lexicon/attribute-aspects';
import { CONCEPTS, type Polarity } from './lexicon/attributes';
import type { BrandAttribute } from './types';

// The qualities of one clause (see lexicon/attributes.ts): aspect × opinion pairs first (the
// opinion word they use is not read again as a quality of its own, so "support is slow" is
// `slow support`, not also `slow`), then named qualities, then, for a pros/cons cell or item
// that named none, its own short text under the list's polarity ("Fiddly lacing" → `fiddly
// lacing`, negative). In a pros/cons unit a quality of the other polarity is dropped: "Limited
// reporting on the free tier" under Cons is not a praise of the free tier.

const RAW_MAX_WORDS = 6;
/**
 * What a pros/cons cell or item holds when it has nothing to say: a dash, "n/a", "none" and
 * their like in the judge's languages. Comparison tables fill an empty Cons cell this way
 * ("| Fleetfoot Glide 5 | great cushioning | — |"); it is no quality of the brand.
 */
const NO_QUALITY = new Set(
  [
    'n/a|n.a|na|none|nothing|nil|no|none noted|nothing notable', // en
    'keine|kein|nichts|k. a|k.a|entfällt', // de
    'aucun|aucune|rien|néant|non', // fr
    'ninguno|ninguna|ningún|nada', // es
    'nessuno|nessuna|niente|nulla', // it
    'nenhum|nenhuma|não', // pt
    'なし|特になし|無し|特に無し|該当なし', // ja
  ].flatMap((line) => line.split('|')),
);
/** A cell with no letter or digit ("—", "-", "–", "/", "…") says nothing either. */
const NO_WORD = /^[^\p{L}\p{N}]*$/u;

function placeholder(text: string): boolean {
  return NO_WORD.test(text) || NO_QUALITY.has(text.replace(/[.!。]+$/u, '').trim());
}
const RAW_MAX_CJK_CHARS = 20;
/** Characters an opinion may stand from its aspect in Japanese (no words to count). */
const ASPECT_WINDOW_CJK = 14;

function flip(p: Polarity): Polarity {
  return p === 'positive' ? 'negative' : p === 'negative' ? 'positive' : 'neutral';
}

const DOTTED_CAPITAL_I = '\u0130';

/**
 * `p.toLowerCase() === text`, without the lower-cased copy when an ASCII phrase settles it: a
 * phrase of another length differs (lower-casing keeps the length but for "İ", which becomes
 * two units), and ASCII units lower-case one by one.
 */
function lowerCaseEquals(p: string, text: string): boolean {
  if (p.length !== text.length)
    return p.length < text.length && p.includes(DOTTED_CAPITAL_I) && p.toLowerCase() === text;
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (c > 0x7f) return p.toLowerCase() === text;
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== text.charCodeAt(i)) return false;
  }
  return true;
}

function make(key: string, polarity: Polarity, negated: boolean, phrase: string): BrandAttribute {
  const text = negated ? `not ${key}` : key;
  const attr: BrandAttribute = { text, polarity: negated ? flip(polarity) : polarity };
  const p = phrase.trim();
  if (p !== '' && !lowerCaseEquals(p, text)) attr.phrase = p;
  return attr;
}

function distance(x: ResolvedHit, y: ResolvedHit): number {
  if (x.word === x.wordEnd || y.word === y.wordEnd) {
    const chars = Math.max(x.start, y.start) - Math.min(x.end, y.end);
    return chars <= ASPECT_WINDOW_CJK ? 0 : Infinity;
  }
  return Math.max(x.word, y.word) - Math.min(x.wordEnd, y.wordEnd);
}

/** `used`: the opinions already paired (a clause has a handful of hits: an array, not a Set per clause). */
function pairAspects(clause: Clause, used: ResolvedHit[], out: BrandAttribute[]): void {
  for (const rh of clause.hits) {
    const a = rh.payload.aspect;
    if (a === undefined) continue;
    const names = (ASPECTS[a] as (typeof ASPECTS)[number]).names;
    let best: ResolvedHit | null = null;
    let bestDistance = Infinity;
    for (const o of clause.hits) {
      const cls = o.payload.opinion;
      if (o === rh || cls === undefined || names[cls] === undefined || used.includes(o)) continue;
      const d = distance(rh, o);
      if (d <= ASPECT_WINDOW && d < bestDistance) [best, bestDistance] = [o, d];
    }
    const cls = best?.payload.opinion;
    if (best === null || cls === undefined) continue;
    used.push(best);
    const phrase = `${phraseOf(clause, rh)} … ${phraseOf(clause, best)}`;
    out.push(make(names[cls] as string, OPINION_POLARITY[cls], best.negated, phrase));
  }
}

function rawPhrase(clause: Clause, polarity: Polarity): BrandAttribute | null {
  // The clause's words outside brand names: how many, the first and the last.
  const { words, fromWord, toWord } = clause;
  let count = 0;
  let first = -1;
  let last = -1;
  for (let t = fromWord; t < toWord; t++) {
    if ((words.mention[t] as number) >= 0) continue;
    count++;
    if (first < 0) first = t;
    last = t;
  }
  if (count === 0) {
    const whole = phraseOf(clause, { start: clause.from, end: clause.to })
      .replace(/[*_`。、]/gu, '')
      .trim();
    return whole.length <= RAW_MAX_CJK_CHARS && !placeholder(whole) ? { text: whole, polarity } : null;
  }
  if (count > RAW_MAX_WORDS) return null;
  const text = phraseOf(clause, { start: words.start[first] as number, end: words.end[last] as number })
    .replace(/[*_`]/gu, '')
    .trim()
    .toLowerCase();
  return placeholder(text) ? null : { text, polarity };
}

/** The qualities `clause` attaches to its brands. */
const NONE: readonly BrandAttribute[] = [];

export function attributesOf(clause: Clause): readonly BrandAttribute[] {
  // Most clauses name no quality: nothing to build.
  const any =
    clause.label !== null ||
    clause.hits.some((h) => h.payload.concept !== undefined || h.payload.aspect !== undefined);
  if (!any) return NONE;
  const out: BrandAttribute[] = [];
  const used: ResolvedHit[] = [];
  pairAspects(clause, used, out);
  const labelPolarity: Polarity | null =
    clause.label === 'pro' ? 'positive' : clause.label === 'con' ? 'negative' : null;
  for (const rh of clause.hits) {
    const c = rh.payload.concept;
    if (c === undefined || used.includes(rh)) continue;
    const def = CONCEPTS[c] as (typeof CONCEPTS)[number];
    const attr = make(def.key, def.polarity, rh.negated, phraseOf(clause, rh));
    if (labelPolarity !== null && attr.polarity !== labelPolarity) continue;
    out.push(attr);
  }
  if (out.length === 0 && labelPolarity !== null) {
    const raw = rawPhrase(clause, labelPolarity);
    if (raw !== null) out.push(raw);
  }
  return out;
}
