import { hostnameOf } from './url-normalize';
import { foldText, foldWithOffsets, type FoldedText } from './text-fold';
import type { BrandDefinition, BrandMention } from './brand-types';
import { NO_SPACE_SCRIPT_CLASS } from './word-tokens';

// Brand matching: every alias of every brand compiled once into one alternation over folded
// text (see text-fold), then each hit checked against word-boundary rules that depend on the
// script at the edges of the alias:
// - space-delimited scripts (Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Hangul…): the
//   character before and after the hit must not be a digit, nor a letter of the same script as
//   the alias's edge (any ASCII letter counts as the same), so "Apple" is not found in
//   "Pineapple" nor "AI" in "said", but "Apple" is found in "我喜欢Apple" (Han neighbours do not
//   join words) and "Keyfort" in "Keyfort는" or "Vaultico입니다": a change of script ends a word,
//   which is how Korean writes particles after a Latin name;
// - scripts written without spaces (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar): no
//   boundary can be told without a dictionary, so a hit is a plain substring match on that
//   side; "ソニー" is found in "ソニーの";
// - Hangul: boundary required before, not after, since Korean particles attach to the noun
//   ("삼성은", "삼성이");
// - Arabic: a one-letter or article proclitic may be attached before the name (و، ف، ب، ل، ك،
//   ال and their combinations, "وأمازون" = "and Amazon"); the boundary is checked before it.
// Overlapping aliases: the longest alias at a position wins ("Apple Music" over "Apple"); hits
// do not overlap.

type EdgeRule = 'word' | 'none' | 'arabic-proclitic';

interface AliasInfo {
  brandIndexes: number[];
  left: EdgeRule;
  right: EdgeRule;
  /** Folded alias with single spaces, for re-checking shorter aliases at a rejected position. */
  folded: string;
  /** Script of the alias's first and last character (SCRIPTS index, -1: none of them). */
  leftScript: number;
  rightScript: number;
}

export interface BrandMatcher {
  readonly brands: readonly BrandDefinition[];
  /** Folded host names per brand (from BrandDefinition.domains), for citation matching. */
  readonly brandDomains: readonly (readonly string[])[];
  /** @internal Brand indexes by folded domain, for walking a host's parent domains. */
  readonly domainIndex: ReadonlyMap<string, readonly number[]>;
  /** @internal */
  readonly pattern: RegExp;
  /**
   * @internal When every alias must start a word (left rule 'word', all Latin, Cyrillic… names):
   * the pattern after one character that is no ASCII letter or digit, so the scan skips the
   * positions inside words instead of trying the aliases there (0.7 × the scan's CPU); `atStart`
   * (the pattern, sticky) reads offset 0, which has no character before it. Null otherwise.
   */
  readonly wordStart: { readonly pattern: RegExp; readonly atStart: RegExp } | null;
  /** @internal Keyed by folded alias with single spaces. */
  readonly aliases: ReadonlyMap<string, AliasInfo>;
  /** @internal Longest first. */
  readonly aliasesByLength: readonly AliasInfo[];
  /** @internal Some alias has a space (then a hit may hold a whitespace run to normalise). */
  readonly spaced: boolean;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const NO_SPACE_CHAR = new RegExp(`[${NO_SPACE_SCRIPT_CLASS}]`, 'u');
const HANGUL_CHAR = /\p{scx=Hangul}/u;
const DIGIT = /\p{N}/u;
/**
 * The space-delimited scripts a brand name is written in. A letter of none of them next to a
 * name joins it, as any letter did before scripts were told apart.
 */
const SCRIPTS = [
  /\p{sc=Latin}/u,
  /\p{sc=Cyrillic}/u,
  /\p{sc=Greek}/u,
  /\p{scx=Hangul}/u,
  /\p{scx=Arabic}/u,
  /\p{sc=Hebrew}/u,
  /\p{sc=Devanagari}/u,
  /\p{sc=Armenian}/u,
  /\p{sc=Georgian}/u,
  /\p{sc=Bengali}/u,
  /\p{sc=Tamil}/u,
];
const ARABIC_CHAR = /\p{scx=Arabic}/u;
/** Folded Arabic proclitics: wa, fa, bi, li, ka, al-, and combinations (lil = li + al-). */
const ARABIC_PROCLITICS = new Set(
  [
    'و',
    'ف',
    'ب',
    'ل',
    'ك',
    'ال',
    'وال',
    'فال',
    'بال',
    'كال',
    'لل',
    'ولل',
    'فلل',
    'وب',
    'ول',
    'فب',
    'فل',
    'وبال',
    'فبال',
    'وكال',
  ].map(foldText),
);
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/gu;
// Hoisted: a regular expression literal in the scan loop is a new RegExp object each time it runs.
const HAS_SPACE = /\s/u;
const SPACE_RUNS = /\s+/gu;

function firstCodePoint(s: string): string {
  return String.fromCodePoint(s.codePointAt(0) ?? 0);
}

function lastCodePoint(s: string): string {
  const chars = Array.from(s);
  return chars[chars.length - 1] ?? '';
}

/** The writing system of a character, as an index of SCRIPTS (-1: none of them, Han among those). */
export function scriptOf(ch: string): number {
  return SCRIPTS.findIndex((re) => re.test(ch));
}

function leftRule(alias: string): EdgeRule {
  const c = firstCodePoint(alias);
  if (NO_SPACE_CHAR.test(c)) return 'none';
  if (ARABIC_CHAR.test(c)) return 'arabic-proclitic';
  return WORD_CHAR.test(c) ? 'word' : 'none';
}

function rightRule(alias: string): EdgeRule {
  const c = lastCodePoint(alias);
  if (NO_SPACE_CHAR.test(c) || HANGUL_CHAR.test(c)) return 'none';
  return WORD_CHAR.test(c) ? 'word' : 'none';
}

function normalizeDomain(d: string): string | null {
  const host = hostnameOf(d.includes('://') ? d : `https://${d.trim()}`);
  return host === null ? null : host.replace(/\.$/u, '');
}

/** Compile the brands once; reuse the matcher for every answer. */
export function compileBrandMatcher(brands: readonly BrandDefinition[]): BrandMatcher {
  const aliases = new Map<string, AliasInfo>();
  brands.forEach((brand, index) => {
    for (const raw of [brand.name, ...brand.aliases]) {
      const folded = foldText(raw).replace(/\s+/gu, ' ').trim();
      if (folded === '') continue;
      const existing = aliases.get(folded);
      if (existing !== undefined) {
        if (!existing.brandIndexes.includes(index)) existing.brandIndexes.push(index);
        continue;
      }
      aliases.set(folded, {
        brandIndexes: [index],
        left: leftRule(folded),
        right: rightRule(folded),
        folded,
        leftScript: scriptOf(firstCodePoint(folded)),
        rightScript: scriptOf(lastCodePoint(folded)),
      });
    }
  });
  const aliasesByLength = [...aliases.values()].sort((a, b) => b.folded.length - a.folded.length);
  const source = trieSource(aliasesByLength.map((a) => a.folded));
  const brandDomains = brands.map((b) =>
    b.domains.map(normalizeDomain).filter((d): d is string => d !== null),
  );
  const domainIndex = new Map<string, number[]>();
  brandDomains.forEach((domains, i) => {
    for (const d of domains) {
      const list = domainIndex.get(d) ?? [];
      if (!list.includes(i)) list.push(i);
      domainIndex.set(d, list);
    }
  });
  return {
    brands,
    brandDomains,
    domainIndex,
    // Matches nothing when there are no aliases. No u flag: aliases are literal code units.
    pattern: new RegExp(source === '' ? '(?!)' : source, 'g'),
    wordStart:
      source !== '' && aliasesByLength.every((a) => a.left === 'word')
        ? { pattern: new RegExp(`[^A-Za-z0-9](?:${source})`, 'g'), atStart: new RegExp(source, 'y') }
        : null,
    aliases,
    aliasesByLength,
    spaced: aliasesByLength.some((a) => a.folded.includes(' ')),
  };
}

interface TrieNode {
  next: Map<string, TrieNode>;
  end: boolean;
}

/**
 * One regular expression for all aliases, factored as a trie ("n(?:ike|ew\s+balance)"): at each
 * position of the text only the branches sharing the characters read so far are tried, which
 * makes the scan several times faster than a flat alternation of every alias. Optional
 * continuations are greedy, so the longest alias at a position wins. A space in an alias
 * matches any whitespace run ("Apple\nMusic").
 */
function trieSource(words: readonly string[]): string {
  const root: TrieNode = { next: new Map(), end: false };
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      let child = node.next.get(ch);
      if (child === undefined) {
        child = { next: new Map(), end: false };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.end = true;
  }
  const esc = (ch: string): string => (ch === ' ' ? '\\s+' : ch.replace(REGEX_SPECIAL, '\\$&'));
  const emit = (node: TrieNode): string => {
    const parts = [...node.next].map(([ch, child]) => esc(ch) + emit(child));
    if (parts.length === 0) return '';
    const alt = parts.length === 1 ? (parts[0] as string) : `(?:${parts.join('|')})`;
    if (!node.end) return alt;
    return parts.length === 1 ? `(?:${alt})?` : `${alt}?`;
  };
  return emit(root);
}

function codePointBefore(s: string, i: number): string {
  if (i <= 0) return '';
  const low = s.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) return s.slice(i - 2, i);
  return s.slice(i - 1, i);
}

function codePointAt(s: string, i: number): string {
  const cp = s.codePointAt(i);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/** A letter or digit that joins words in a space-delimited script. */
function joinsWord(ch: string): boolean {
  return ch !== '' && WORD_CHAR.test(ch) && !NO_SPACE_CHAR.test(ch);
}

/**
 * A non-ASCII neighbour that continues a word whose edge is in `script`: a digit, or a letter of
 * a space-delimited script that is the same script (or one of them is of no listed script).
 */
function joinsEdge(ch: string, script: number): boolean {
  if (!joinsWord(ch)) return false;
  if (script === -1 || DIGIT.test(ch)) return true;
  const other = scriptOf(ch);
  return other === -1 || other === script;
}

/** 1: an ASCII letter or digit (joins a word), 0: other ASCII, -1: not ASCII (or no character). */
function asciiJoins(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (!(c < 128)) return -1;
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ? 1 : 0;
}

function leftOk(text: string, start: number, rule: EdgeRule, script: number): boolean {
  if (rule === 'none') return true;
  // ASCII neighbours (most) decided without cutting the character out.
  const ascii = start > 0 ? asciiJoins(text, start - 1) : 0;
  if (ascii === 0) return true;
  if (ascii === 1 && rule !== 'arabic-proclitic') return false;
  if (ascii === -1 && !joinsEdge(codePointBefore(text, start), script)) return true;
  if (rule !== 'arabic-proclitic') return false;
  // Up to four Arabic letters glued before the name, themselves at a word start.
  let i = start;
  while (
    i > 0 &&
    start - i < 4 &&
    ARABIC_CHAR.test(text[i - 1] as string) &&
    WORD_CHAR.test(text[i - 1] as string)
  )
    i--;
  for (let from = i; from < start; from++) {
    if (ARABIC_PROCLITICS.has(text.slice(from, start)) && !joinsWord(codePointBefore(text, from)))
      return true;
  }
  return false;
}

function rightOk(text: string, end: number, rule: EdgeRule, script: number): boolean {
  if (rule === 'none') return true;
  const ascii = end < text.length ? asciiJoins(text, end) : 0;
  return ascii === -1 ? !joinsEdge(codePointAt(text, end), script) : ascii === 0;
}

/**
 * All mentions of all brands in `text`, in text order. `folded`: foldWithOffsets(text) when the
 * caller folded the text already (the positioning judge reads the folded text too).
 */
export function findBrandMentions(matcher: BrandMatcher, text: string, folded?: FoldedText): BrandMention[] {
  const out: BrandMention[] = [];
  if (text === '' || matcher.aliasesByLength.length === 0) return out;
  return scanMentions(matcher, folded ?? foldWithOffsets(text), out);
}

function scanMentions(matcher: BrandMatcher, f: FoldedText, out: BrandMention[]): BrandMention[] {
  const { brands } = matcher;
  eachMention(matcher, f, (brand, start, end) => {
    out.push({ brandId: (brands[brand] as BrandDefinition).id, start, end });
  });
  return out;
}

// The judge and the facts checker read the same answer one after the other at ingest, with the
// same matcher and (text-fold.ts) the same fold: the last scan's mentions are kept for the next
// reader of that pair, so the answer is scanned once.
let lastScan: { matcher: BrandMatcher; fold: FoldedText; found: readonly number[] } | null = null;

/**
 * eachMention's mentions as one flat list, three numbers a mention (brand index, original start,
 * original end), in text order; the same list again for the same matcher and fold.
 */
export function mentionTriples(matcher: BrandMatcher, f: FoldedText): readonly number[] {
  if (lastScan !== null && lastScan.matcher === matcher && lastScan.fold === f) return lastScan.found;
  const found: number[] = [];
  eachMention(matcher, f, (brand, start, end) => {
    found.push(brand, start, end);
  });
  lastScan = { matcher, fold: f, found };
  return found;
}

/**
 * The alias of a hit whose spaces are not single spaces ("Kontora\nBank"). A key has only
 * single spaces, so a hit found as it is needs no test for a space and no copy.
 */
function spacedAlias(matcher: BrandMatcher, hit: string): AliasInfo | undefined {
  return matcher.spaced && HAS_SPACE.test(hit)
    ? matcher.aliases.get(hit.replace(SPACE_RUNS, ' '))
    : undefined;
}

/**
 * Brand mentions as brand indexes into `matcher.brands` with original offsets, in text order (a
 * hit of an alias shared by several brands once per brand): findBrandMentions without its
 * objects, for callers that work with indexes (the positioning judge).
 */
export function eachMention(
  matcher: BrandMatcher,
  f: FoldedText,
  visit: (brand: number, start: number, end: number) => void,
): void {
  if (matcher.aliasesByLength.length === 0) return;
  if (matcher.wordStart !== null) {
    eachWordStartMention(matcher, matcher.wordStart, f, visit);
    return;
  }
  const { folded } = f;
  const re = matcher.pattern;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded)) !== null) {
    const start = m.index;
    const end = takeHit(matcher, f, start, m[0], visit);
    re.lastIndex = end === -1 ? start + 1 : end;
  }
}

/**
 * eachMention when every alias starts a word: a hit is read one character after where the
 * pattern matched. A position after an ASCII letter or digit, which no alias may start at, is
 * never tried; one after any other character is tried and judged by its rules, as in the general scan.
 */
function eachWordStartMention(
  matcher: BrandMatcher,
  wordStart: NonNullable<BrandMatcher['wordStart']>,
  f: FoldedText,
  visit: (brand: number, start: number, end: number) => void,
): void {
  const { folded } = f;
  const first = wordStart.atStart;
  first.lastIndex = 0;
  const m0 = first.exec(folded);
  // The next hit starts at `from` or later, so the character before it is at from - 1 or later.
  let from = m0 === null ? 1 : takeHit(matcher, f, 0, m0[0], visit);
  if (from === -1) from = 1;
  const re = wordStart.pattern;
  re.lastIndex = from - 1;
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded)) !== null) {
    const start = m.index + 1;
    const end = takeHit(matcher, f, start, m[0].slice(1), visit);
    re.lastIndex = end === -1 ? start : end - 1;
  }
}

function fits(folded: string, start: number, end: number, a: AliasInfo): boolean {
  return leftOk(folded, start, a.left, a.leftScript) && rightOk(folded, end, a.right, a.rightScript);
}

/**
 * Visits the brands of the alias found at folded offset `start` (`hit`: the longest the pattern
 * matched there, or a shorter alias when that one fails a boundary) and returns the hit's end,
 * or -1 when no alias fits there.
 */
function takeHit(
  matcher: BrandMatcher,
  f: FoldedText,
  start: number,
  hit: string,
  visit: (brand: number, start: number, end: number) => void,
): number {
  const { folded } = f;
  let end = start + hit.length;
  let info = matcher.aliases.get(hit) ?? spacedAlias(matcher, hit);
  if (info === undefined || !fits(folded, start, end, info)) {
    // The longest alias here fails a boundary; a shorter one may still fit ("Apple" in "Apple Musical").
    info = undefined;
    for (const a of matcher.aliasesByLength) {
      if (a.folded.length >= hit.length || !folded.startsWith(a.folded, start)) continue;
      if (fits(folded, start, start + a.folded.length, a)) {
        info = a;
        end = start + a.folded.length;
        break;
      }
    }
    if (info === undefined) return -1;
  }
  const oStart = f.toOriginalStart(start);
  const oEnd = f.toOriginalEnd(end);
  for (const b of info.brandIndexes) visit(b, oStart, oEnd);
  return end;
}

/**
 * Indexes of the brands a host belongs to: the host itself or any parent domain listed in a
 * brand's domains ("support.apple.com" → the brand with "apple.com").
 */
export function brandsOfHost(matcher: BrandMatcher, host: string | null): readonly number[] {
  if (host === null || host === '' || matcher.domainIndex.size === 0) return [];
  let out: number[] | null = null;
  let h = host;
  for (;;) {
    const hit = matcher.domainIndex.get(h);
    if (hit !== undefined) out = out === null ? [...hit] : [...new Set([...out, ...hit])];
    const dot = h.indexOf('.');
    if (dot === -1) break;
    h = h.slice(dot + 1);
  }
  return out ?? [];
}
