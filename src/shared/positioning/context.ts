import { foldText } from '../analytics/text-fold';
import { CON_LABELS, PRO_LABELS } from './lexicon/function-words';
import { NO_SPACE_LANGS, type Lang } from './lexicon/lang';
import { CAUTION_CUES, RANKING_HEADINGS } from './lexicon/status-cues';
import { readsIndirect, VERDICT_LABELS } from './lexicon/verdict-words';
import { boldLead, opensOrCloses } from './bold-verdict';
import type { Block } from './structure';
import { unitTest } from './unit-test';
import { SPACE, STAR, COMMA, COLON } from './char-codes';

// What the structure around a block says: which brand a block is about when it names none
// (the items of "Pros:" under a "**Keyvault**" line), whether an item is one of a list of
// brands (a recommendation list) and whether that list is a ranking ("Best …", "Top 5"),
// and the pros/cons polarity of items and table cells.

export type Label = 'pro' | 'con' | null;

export interface MentionRef {
  brand: number;
  start: number;
  end: number;
}

export interface BlockContext {
  /** Brand the block is about when it names none itself, or -1. */
  subject: number;
  /** Pros/cons polarity of the block (item under "Pros:", "Pros: …" paragraph). */
  label: Label;
  /** List items: the brand the item leads with ("**Runova Drift** – …"), or -1. */
  leadBrand: number;
  /** The item belongs to a list of at least two brand-led items. */
  recList: boolean;
  /** … and that list is ordered under a ranking heading or lead-in. */
  ranked: boolean;
  /**
   * The block gives the answer's verdict: under a verdict heading or label line ("### Verdict",
   * "**Fazit**"), or a paragraph led by one ("Bottom line: …", "Overall, …"); a table row whose
   * first cell is one ("| **Verdict** | Best value | … |").
   */
  verdict: boolean;
  /** Table rows: the brand each column's header names (-1 for none), or null. */
  columns: readonly number[] | null;
}

const MARKUP = /^[\s*_[`>"“]+/u;
const LEAD_SEPARATOR = /^[^\n.!?。]{0,40}?(?:\s[–—-]\s|[–—:|,(：、]|\*\*\s*[–—-])/u;
const SUBJECT_SLACK = 30;
/** Characters after an item's first brand in which its lead separator is looked for. */
const LEAD_WINDOW = 60;

function foldedLabel(s: string): string {
  return foldText(s)
    .replace(/[*_:：#]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

const labelSets = new Map<Lang, { pro: Set<string>; con: Set<string> }>();
function labelsOf(lang: Lang): { pro: Set<string>; con: Set<string> } {
  let sets = labelSets.get(lang);
  if (sets === undefined) {
    sets = {
      pro: new Set([...PRO_LABELS[lang], ...PRO_LABELS.en].map(foldedLabel)),
      con: new Set([...CON_LABELS[lang], ...CON_LABELS.en].map(foldedLabel)),
    };
    labelSets.set(lang, sets);
  }
  return sets;
}

/** Longer than any pros/cons label: a paragraph of this length is never one. */
const MAX_LABEL_CHARS = 40;
const headerCache = new Map<Lang, Map<string, Label>>();
const HEADER_CACHE_SIZE = 512;

/** "Pros", "Nachteile", "メリット" (a whole lead line or a table header) → its polarity. */
export function labelOf(text: string, lang: Lang): Label {
  if (text.length > MAX_LABEL_CHARS || text === '') return null;
  let cache = headerCache.get(lang);
  if (cache === undefined) {
    cache = new Map();
    headerCache.set(lang, cache);
  }
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const key = foldedLabel(text);
  const sets = labelsOf(lang);
  const label = sets.pro.has(key) ? 'pro' : sets.con.has(key) ? 'con' : null;
  if (cache.size >= HEADER_CACHE_SIZE) cache.clear();
  cache.set(text, label);
  return label;
}

const verdictSets = new Map<Lang, ReadonlySet<string>>();
const verdictCache = new Map<Lang, Map<string, boolean>>();

/** "Verdict", "Bottom line", "Fazit", "Notre avis" (a heading, lead, column header or first cell). */
export function isVerdictLabel(text: string, lang: Lang): boolean {
  if (text.length > MAX_LABEL_CHARS || text === '') return false;
  let cache = verdictCache.get(lang);
  if (cache === undefined) {
    cache = new Map();
    verdictCache.set(lang, cache);
  }
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let set = verdictSets.get(lang);
  if (set === undefined) {
    set = new Set((VERDICT_LABELS[lang] ?? []).map(foldedLabel));
    verdictSets.set(lang, set);
  }
  const is = set.has(foldedLabel(text));
  if (cache.size >= HEADER_CACHE_SIZE) cache.clear();
  cache.set(text, is);
  return is;
}

/** More words than any verdict label has ("which should you choose"). */
const VERDICT_WORDS = 4;
const verdictInitials = new Map<Lang, ReadonlySet<number>>();

/** The first letters of the language's verdict labels, lower case (a lead starting otherwise is none). */
function initialsOf(lang: Lang): ReadonlySet<number> {
  let set = verdictInitials.get(lang);
  if (set === undefined) {
    set = new Set((VERDICT_LABELS[lang] ?? []).map((l) => l.charCodeAt(0)));
    verdictInitials.set(lang, set);
  }
  return set;
}

/** Whether text[start, end) opens with a verdict label before a colon or comma ("Overall, …", "**Fazit:** …"). */
function leadsWithVerdict(text: string, start: number, end: number, lang: Lang): boolean {
  let from = start;
  while (from < end && text.charCodeAt(from) === STAR) from++;
  const first = text.charCodeAt(from);
  // An ASCII lead is looked up by its first letter, lower case; any other goes to the label test.
  if (first < 128 && !initialsOf(lang).has(first >= 65 && first <= 90 ? first + 32 : first)) return false;
  const last = Math.min(end, start + INLINE_LABEL_COLON + 1);
  let spaces = 0;
  for (let i = from; i < last; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE && ++spaces >= VERDICT_WORDS) return false;
    if (c === COLON || c === FULLWIDTH_COLON || c === COMMA)
      return i > start && isVerdictLabel(text.slice(start, i), lang);
  }
  return false;
}

/** Where a lead-in label's colon may stand ("Pros: …"): at most this many characters in. */
const INLINE_LABEL_COLON = 30;
const FULLWIDTH_COLON = 0xff1a;

/**
 * The label before the first colon of text[start, end) ("Pros: light, cheap" → 'pro' for the
 * paragraph itself), when that colon is 1 to 30 characters in; read by code, no copy of the lead
 * or regular expression per paragraph.
 */
function inlineLabel(text: string, start: number, end: number, lang: Lang): Label {
  // A first colon further in gives no label: the search stops there.
  const last = Math.min(end, start + INLINE_LABEL_COLON + 1);
  let colon = start;
  while (colon < last) {
    const c = text.charCodeAt(colon);
    if (c === COLON || c === FULLWIDTH_COLON) break;
    colon++;
  }
  return colon > start && colon < last ? labelOf(text.slice(start, colon), lang) : null;
}

/** The one brand all of `ms` name, or -1 (none, or two brands): no Set made for a block naming none. */
function onlyBrand(ms: readonly MentionRef[]): number {
  const first = ms[0];
  if (first === undefined) return -1;
  for (const m of ms) if (m.brand !== first.brand) return -1;
  return first.brand;
}

/** A heading or short paragraph that is little more than one brand's name ("**Keyvault**"). */
function subjectOf(text: string, b: Block, ms: readonly MentionRef[]): number {
  const brand = onlyBrand(ms);
  if (brand < 0) return -1;
  if (b.kind === 'heading') return brand;
  const named = ms.reduce((n, m) => n + (m.end - m.start), 0);
  if (b.end - b.start > 2 * (named + SUBJECT_SLACK)) return -1;
  const body = text.slice(b.start, b.end).replace(/[*_:#\s]/gu, '');
  return body.length <= named + SUBJECT_SLACK && ms.length === 1 ? brand : -1;
}

/**
 * A bold label that names the case an item's brand is for ("**Vegetarians:** Greenplate …",
 * "**If you need SSO**, Vaultline.", "**Für Familien:** …"): the label, then the brand.
 */
const CASE_LABEL = /^\*\*[^*\n]{1,80}\*\*\s*[:：,]?\s*$/u;

/**
 * Whether a paragraph's sentence opens with a bold case label ending in a colon right before
 * the brand it names first ("**Trail runners:** Summitra, …"): a case's advice, as in a list.
 */
export function opensWithCaseLabel(text: string, start: number, first: MentionRef, lang: Lang): boolean {
  if (first.start - start > CASE_LABEL_CHARS) return false;
  const before = text.slice(start, first.start).trim();
  return (
    CASE_LABEL.test(before) &&
    /[:：]/u.test(before) &&
    labelOf(before, lang) === null &&
    !isVerdictLabel(before, lang)
  );
}

/** A bold case label before an item's brand, then at most two short words ("dann das", "il", "the"). */
const CASE_LEAD = /^\*\*([^*\n]{1,80})\*\*\s*[:：,]?\s*(?:\p{L}{1,5}\s+){0,2}\**\s*$/u;

/** Longest bold case label before a brand (CASE_LABEL's 80 characters and its marks). */
const CASE_LABEL_CHARS = 90;

/** The brand an item opens with, followed by a separator or inside the item's bold lead ("**Kestro Air 14** si …"). */
function leadBrandOf(text: string, b: Block, ms: readonly MentionRef[], lang: Lang): number {
  const first = ms[0];
  if (first === undefined) return -1;
  const before = text.slice(b.start, first.start);
  if (before.replace(MARKUP, '') !== '') {
    // A case label leads into its brand, at most two short words between ("**Für die Kita:** dann
    // das **Kargolo**"); "**Pros:** …" is a pros/cons item, not a case.
    const label = CASE_LEAD.exec(before);
    return label !== null && labelOf(label[1] as string, lang) === null ? first.brand : -1;
  }
  const boldLead =
    before.startsWith('**') &&
    text.indexOf('**', first.end) !== -1 &&
    text.indexOf('**', first.end) - first.end <= 40;
  return boldLead || LEAD_SEPARATOR.test(text.slice(first.end, Math.min(b.end, first.end + LEAD_WINDOW)))
    ? first.brand
    : -1;
}

const rankingWords = new Map<Lang, { list: readonly string[]; set: ReadonlySet<string> }>();

/** The language's ranking words, folded once. */
function rankingWordsOf(lang: Lang): { list: readonly string[]; set: ReadonlySet<string> } {
  let words = rankingWords.get(lang);
  if (words === undefined) {
    const list = RANKING_HEADINGS[lang].map(foldText);
    words = { list, set: new Set(list) };
    rankingWords.set(lang, words);
  }
  return words;
}

const LETTER_OR_NUMBER_RUN = /[\p{L}\p{N}]+/gu;
/** Whether a UTF-16 unit outside the surrogates is a letter or number. */
const isLetterOrNumberUnit = unitTest(/[\p{L}\p{N}]/u);

/**
 * Whether a run of letters and numbers of `folded` is in `set`, the runs read by character (no
 * Unicode regular expression, no array of words); null when a surrogate pair makes the unit
 * test differ from the code point test (then the caller's regex decides).
 */
function hasWordOf(folded: string, set: ReadonlySet<string>): boolean | null {
  const n = folded.length;
  let i = 0;
  while (i < n) {
    const c = folded.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return null;
    if (!isLetterOrNumberUnit(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    for (; j < n; j++) {
      const d = folded.charCodeAt(j);
      if (d >= 0xd800 && d <= 0xdfff) return null;
      if (!isLetterOrNumberUnit(d)) break;
    }
    if (set.has(folded.slice(i, j))) return true;
    i = j;
  }
  return false;
}

/**
 * Languages whose ranking words are looked for as substrings: no spaces (Japanese, Chinese), or
 * a particle glued to the word (Korean "순위는").
 */
const SUBSTRING_RANKING: ReadonlySet<Lang> = new Set<Lang>([...NO_SPACE_LANGS, 'ko']);

function hasRankingWord(text: string, lang: Lang): boolean {
  const folded = foldText(text);
  const ranking = rankingWordsOf(lang);
  if (SUBSTRING_RANKING.has(lang)) return ranking.list.some((w) => folded.includes(w));
  const found = hasWordOf(folded, ranking.set);
  if (found !== null) return found;
  for (const word of folded.match(LETTER_OR_NUMBER_RUN) ?? []) if (ranking.set.has(word)) return true;
  return false;
}

/** Context of every block, given the mentions in each block (in text order). */
export function blockContexts(
  text: string,
  blocks: readonly Block[],
  mentionsByBlock: readonly (readonly MentionRef[])[],
  lang: Lang,
): BlockContext[] {
  const out: BlockContext[] = [];
  let subject = -1;
  let label: Label = null;
  let verdict = false;
  let columns: number[] | null = null;
  // A lead-in naming one brand and ending in a colon ("Customers moving off Ticketly cite the
  // same reasons:") makes the list right after it about that brand.
  let leadIn = { brand: -1, group: -1 };
  blocks.forEach((b, i) => {
    const ms = mentionsByBlock[i] ?? [];
    const ctx: BlockContext = {
      subject: -1,
      label: null,
      leadBrand: -1,
      recList: false,
      ranked: false,
      verdict,
      columns: null,
    };
    if (b.kind !== 'row') columns = null;
    if (b.kind === 'heading') {
      subject = subjectOf(text, b, ms);
      label = null;
      verdict = isVerdictLabel(text.slice(b.start, b.end), lang);
    } else if (b.kind === 'para') {
      const own = subjectOf(text, b, ms);
      const short = b.end - b.start <= MAX_LABEL_CHARS;
      const lead = short ? labelOf(text.slice(b.start, b.end), lang) : null;
      if (own >= 0) [subject, label] = [own, null];
      else if (lead !== null) label = lead;
      else {
        label = null;
        ctx.label = inlineLabel(text, b.start, b.end, lang);
      }
      // A bare "Pros:" line says nothing itself.
      ctx.subject = lead !== null && own < 0 ? -1 : subject;
      if (own < 0 && lead === null && endsWithColon(text, b)) leadIn = { brand: onlyBrand(ms), group: i + 1 };
      if (short && isVerdictLabel(text.slice(b.start, b.end), lang)) verdict = true;
      else if (lead !== null || own >= 0) verdict = false;
      ctx.verdict =
        verdict || leadsWithVerdict(text, b.start, b.end, lang) || boldVerdict(text, blocks, i, lang);
    } else if (b.kind === 'item') {
      ctx.subject = subject < 0 && b.group === leadIn.group ? leadIn.brand : subject;
      ctx.label = label;
      ctx.leadBrand = label === null ? leadBrandOf(text, b, ms, lang) : -1;
    } else {
      ctx.subject = rowSubject(b, ms);
      if (b.header) columns = columnBrands(b, ms);
      ctx.columns = b.header ? null : columns;
      const first = b.cells?.[0];
      ctx.verdict = first !== undefined && isVerdictLabel(text.slice(first.start, first.end), lang);
    }
    out.push(ctx);
  });
  markLists(text, blocks, out, lang);
  if (readsIndirect(lang)) verdictsOfOneBrand(blocks, mentionsByBlock, out);
  return out;
}

/**
 * In an answer that names one brand, a verdict paragraph or item naming none is about it
 * ("**Alles in allem:** ein rundes Gerät für den Preis").
 */
function verdictsOfOneBrand(
  blocks: readonly Block[],
  mentionsByBlock: readonly (readonly MentionRef[])[],
  ctxs: BlockContext[],
): void {
  let sole = -1;
  for (const ms of mentionsByBlock) {
    const brand = onlyBrand(ms);
    if (brand < 0 && ms.length > 0) return;
    if (brand >= 0 && sole >= 0 && brand !== sole) return;
    if (brand >= 0) sole = brand;
  }
  if (sole < 0) return;
  blocks.forEach((b, i) => {
    const ctx = ctxs[i] as BlockContext;
    const unnamed = (mentionsByBlock[i]?.length ?? 0) === 0;
    if (ctx.verdict && ctx.subject < 0 && unnamed && (b.kind === 'para' || b.kind === 'item'))
      ctx.subject = sole;
  });
}

/**
 * An opening or closing paragraph led by a bold label that is neither a pros/cons label nor a
 * warning ("**Not recommended:** Oblivia"): the answer's verdict (bold-verdict.ts).
 */
function boldVerdict(text: string, blocks: readonly Block[], i: number, lang: Lang): boolean {
  if (!readsIndirect(lang) || !opensOrCloses(text, blocks, i)) return false;
  const lead = boldLead(text, blocks[i] as Block);
  return lead !== null && labelOf(lead, lang) === null && !warningsOf(lang).has(foldedLabel(lead));
}

const warningSets = new Map<Lang, ReadonlySet<string>>();
/** The language's warning cues, folded as labels are (a label that is one is no verdict's pick). */
function warningsOf(lang: Lang): ReadonlySet<string> {
  let set = warningSets.get(lang);
  if (set === undefined) {
    set = new Set(CAUTION_CUES[lang].map(foldedLabel));
    warningSets.set(lang, set);
  }
  return set;
}

function endsWithColon(text: string, b: Block): boolean {
  let i = b.end - 1;
  while (i > b.start && (text[i] === '*' || text[i] === ' ')) i--;
  return text[i] === ':' || text[i] === '：';
}

/** The brand each header cell names alone (-1 for none or two): a table with a column per brand. */
function columnBrands(b: Block, ms: readonly MentionRef[]): number[] | null {
  if (ms.length === 0) return null;
  return (b.cells ?? []).map((c) => onlyBrand(ms.filter((m) => m.start >= c.start && m.end <= c.end)));
}

function rowSubject(b: Block, ms: readonly MentionRef[]): number {
  const firstCell = b.cells?.[0];
  const inFirst = ms.find(
    (m) => firstCell !== undefined && m.start >= firstCell.start && m.end <= firstCell.end,
  );
  return inFirst?.brand ?? -1;
}

/** Recommendation lists: two or more items leading with a brand; ranked when ordered under a "best …" heading or lead-in. */
function markLists(text: string, blocks: readonly Block[], ctxs: BlockContext[], lang: Lang): void {
  const byGroup = new Map<number, number[]>();
  blocks.forEach((b, i) => {
    if (b.kind !== 'item' || b.depth !== 0) return;
    const items = byGroup.get(b.group);
    if (items === undefined) byGroup.set(b.group, [i]);
    else items.push(i);
  });
  for (const [group, items] of byGroup) {
    if (!ledByTwoBrands(items, ctxs)) continue;
    const first = blocks[group] as Block;
    // Only an ordered list can be a ranking: its heading and lead-in are read for it alone.
    const ranked = first.ordered && hasRankingWord(leadInOf(text, blocks, group), lang);
    for (const i of items) {
      const ctx = ctxs[i] as BlockContext;
      ctx.recList = true;
      ctx.ranked = ranked;
    }
  }
}

/** At least two different brands lead the items (no Set of them). */
function ledByTwoBrands(items: readonly number[], ctxs: readonly BlockContext[]): boolean {
  let first = -1;
  for (const i of items) {
    const lead = (ctxs[i] as BlockContext).leadBrand;
    if (lead < 0) continue;
    if (first < 0) first = lead;
    else if (lead !== first) return true;
  }
  return false;
}

/** The heading above a list and the paragraph just before it, joined by a space. */
function leadInOf(text: string, blocks: readonly Block[], group: number): string {
  const first = blocks[group] as Block;
  const before = blocks[group - 1];
  const heading = first.heading >= 0 ? (blocks[first.heading] as Block) : undefined;
  return [heading, before?.kind === 'para' ? before : undefined]
    .filter((b): b is Block => b !== undefined)
    .map((b) => text.slice(b.start, b.end))
    .join(' ');
}

// prettier-ignore
const ANAPHORA: Readonly<Record<Lang, readonly string[]>> = {
  en: ['it', 'its', "it's", 'they', 'their', 'this', 'the brand', 'the company', 'the bank', 'the service'],
  de: ['er', 'es', 'sie', 'sein', 'seine', 'ihr', 'ihre', 'das', 'der', 'die', 'dieser', 'dieses'],
  fr: ['il', 'elle', 'ils', 'son', 'sa', 'ses', 'leur', 'cette', 'ce'],
  es: ['su', 'sus', 'el', 'ella', 'este', 'esta'],
  it: ['il', 'la', 'suo', 'sua', 'suoi', 'questo', 'questa'],
  pt: ['o', 'a', 'seu', 'sua', 'ele', 'ela', 'este', 'esta'],
  ja: [],
  nl: ['hij', 'zij', 'het', 'de', 'zijn', 'haar', 'deze', 'dit', 'die'],
  pl: ['jego', 'jej', 'ten', 'ta', 'to', 'on', 'ona'],
  sv: ['den', 'det', 'dess', 'denna', 'detta', 'han', 'hon'],
  tr: ['bu', 'o', 'onun', 'bunun', 'sirket', 'marka'],
  ru: ['он', 'она', 'оно', 'они', 'его', 'её', 'ее', 'их', 'этот', 'эта', 'это', 'у него', 'у нее'],
  ar: ['هو', 'هي', 'إنه', 'إنها', 'انه', 'انها', 'فهو', 'فهي'],
  ko: [],
  zh: [],
};
const FIRST_WORDS = 2;
/** Enough characters to hold the first two words. */
const FIRST_WORDS_CHARS = 32;

/** A sentence that opens by referring back to what came before ("It is light", "Son autonomie …"). */
export function refersBack(sentence: string, lang: Lang): boolean {
  if (ANAPHORA[lang].length === 0) return false;
  const ascii = asciiFirstWords(sentence);
  if (ascii !== null) return ascii.some((x) => ANAPHORA[lang].includes(x));
  const head = sentence
    .slice(0, FIRST_WORDS_CHARS)
    .replace(/^[\s*_>#-]+/u, '')
    .toLowerCase();
  const words = head.split(/[^\p{L}']+/u, FIRST_WORDS);
  return words.some((x) => ANAPHORA[lang].includes(x));
}

const LEAD_MARKUP = new Set([' ', '\t', '\n', '\r', '\v', '\f', '*', '_', '>', '#', '-']);

function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 39;
}

/** refersBack's first two words read by character when they and what precedes them are ASCII; null otherwise. */
function asciiFirstWords(sentence: string): string[] | null {
  const end = Math.min(sentence.length, FIRST_WORDS_CHARS);
  let i = 0;
  while (i < end && LEAD_MARKUP.has(sentence[i] as string)) i++;
  const words: string[] = [];
  while (words.length < FIRST_WORDS) {
    const from = i;
    while (i < end && isAsciiWordChar(sentence.charCodeAt(i))) i++;
    if (i < end && sentence.charCodeAt(i) >= 128) return null;
    words.push(sentence.slice(from, i).toLowerCase());
    if (i >= end) break;
    while (i < end && !isAsciiWordChar(sentence.charCodeAt(i))) {
      if (sentence.charCodeAt(i) >= 128) return null;
      i++;
    }
    if (i >= end) {
      // A trailing separator run: split() yields an empty last word.
      if (words.length < FIRST_WORDS) words.push('');
      break;
    }
  }
  return words;
}

/** Whether a heading or the lead-in of a list ranks things: part of the answer's advice signal. */
export function answerHasRanking(text: string, blocks: readonly Block[], lang: Lang): boolean {
  return blocks.some((b) => b.kind === 'heading' && hasRankingWord(text.slice(b.start, b.end), lang));
}
