import { claimOf, strongest, upperAt, type Claim, type RuleContext } from './claim';
import { LIST_JOINERS, NEGATORS, ONLY } from './lexicon';
import type { ListFact } from './types';
import { foldPhrase, phraseSet, type Found } from './words';

// A list claim: the items written after the fact's words ("available on Windows, macOS and
// Linux"), or right before them where the language puts the verb last ("Windows, macOS ve
// Android uygulamaları var", "Windows、macOS、iOS에서 사용 가능"). An item the sheet does not
// list (a capitalised name in the enumeration) contradicts; so does an item of the sheet denied
// ("not available on Linux") or a list limited by "only" that leaves some of the sheet's out.
// Two or more of the sheet's items and none other support.

/** Joiners written against the items: Chinese "和", Korean "와"/"과" after a word, Arabic "و" before a Latin name. */
const GLUED_JOINERS = [
  '和',
  '与',
  '及',
  '·',
  `(?:${foldPhrase('와')}|${foldPhrase('과')})(?=\\s)`,
  'و(?=[a-z])',
];
const SPLIT = new RegExp(
  `\\s*(?:,|/|、|\\s(?:${LIST_JOINERS.map(foldPhrase).join('|')})\\s|${GLUED_JOINERS.join('|')})\\s*`,
  'gu',
);
const NEGATOR_WORDS = phraseSet(NEGATORS);
const ONLY_WORDS = phraseSet(ONLY);
const END = /[.;:!?()\n]/u;
const END_CHARS = '.;:!?()\n';
/** How far from its words an enumeration is read, after or before them (a long list of names fits). */
const LIST_SPAN = 160;

interface Item {
  known: boolean;
  at: number;
}

function partsOf(body: string, at: number): { text: string; at: number }[] {
  const parts: { text: string; at: number }[] = [];
  let pos = 0;
  for (const m of body.matchAll(SPLIT)) {
    parts.push({ text: body.slice(pos, m.index), at: at + pos });
    pos = m.index + m[0].length;
  }
  parts.push({ text: body.slice(pos), at: at + pos });
  return parts;
}

/** One part of an enumeration, trimmed, with where it starts. */
function trimmed(p: { text: string; at: number }): { part: string; at: number } {
  const lead = p.text.length - p.text.replace(/^[\s*]+/u, '').length;
  return { part: p.text.replace(/^[\s*]+|[\s*]+$/gu, ''), at: p.at + lead };
}

/** A part that is an item: one of the sheet's, or a capitalised name of one or two words; else null. */
function itemOf(ctx: RuleContext, part: string, at: number, known: ReadonlySet<string>): Item | null {
  if (known.has(bare(part))) return { known: true, at };
  if (part.split(/\s+/u).length <= 2 && upperAt(ctx, at) && !ctx.brandAt(at)) return { known: false, at };
  return null;
}

/** The enumeration's first item running on into the sentence ("Windows فقط ولا …", "Windows only if …"). */
function knownLead(part: string, at: number, known: ReadonlySet<string>): Item | null {
  return known.has(bare(part.split(/\s+/u)[0] ?? '')) ? { known: true, at } : null;
}

function itemsAfter(ctx: RuleContext, at: number, known: ReadonlySet<string>): Item[] {
  const { f, scope } = ctx;
  const rest = f.slice(at, Math.min(scope.to, at + LIST_SPAN));
  const stop = rest.search(END);
  const items: Item[] = [];
  for (const p of partsOf(stop < 0 ? rest : rest.slice(0, stop), at)) {
    const { part, at: start } = trimmed(p);
    if (part === '') continue;
    const item = itemOf(ctx, part, start, known);
    if (item !== null) {
      items.push(item);
      continue;
    }
    const lead = knownLead(part, start, known);
    if (lead !== null) items.push(lead);
    break;
  }
  return items;
}

/** An item without the Korean particle written against it ("Android를"). */
function bare(part: string): string {
  return part.replace(/\p{sc=Hangul}+$/u, '');
}

/** The enumeration ending right before the words ("Windows, macOS ve Android" before "uygulamaları"). */
function itemsBefore(ctx: RuleContext, t: Found, known: ReadonlySet<string>): Item[] {
  const { f, scope } = ctx;
  const from = Math.max(scope.from, t.start - LIST_SPAN);
  const head = f.slice(from, t.start);
  const start = Math.max(...[...END_CHARS].map((c) => head.lastIndexOf(c))) + 1;
  const items: Item[] = [];
  for (const p of partsOf(head.slice(start), from + start).reverse()) {
    const { part, at } = trimmed(p);
    if (part === '') break;
    // The part nearest the words may run on into them ("Android için"): a known first word.
    const lead = items.length === 0 && !known.has(bare(part)) ? knownLead(part, at, known) : null;
    const item = lead ?? itemOf(ctx, part, at, known);
    if (item === null) break;
    items.push(item);
  }
  return items.length >= 2 ? items.reverse() : [];
}

function claimAt(ctx: RuleContext, t: Found, fact: ListFact, known: ReadonlySet<string>): Claim | null {
  const { scope } = ctx;
  const after = itemsAfter(ctx, t.end, known);
  const items = after.length > 0 ? after : itemsBefore(ctx, t, known);
  if (items.length === 0) return null;
  const end = Math.min(scope.to, Math.max(t.end, (items[items.length - 1] as Item).at + 12));
  const from = Math.max(scope.from, Math.min(t.start, (items[0] as Item).at) - 30);
  if (ctx.hits.find(NEGATOR_WORDS, from, t.start).length > 0) {
    return items.some((i) => i.known) ? claimOf(false, t.start, end) : null;
  }
  if (items.some((i) => !i.known)) return claimOf(false, t.start, end);
  const only = ctx.hits.find(ONLY_WORDS, from, end).length > 0;
  const named = new Set(items.map((i) => i.at)).size;
  if (only && named < fact.value.length) return claimOf(false, t.start, end);
  return named >= 2 ? claimOf(true, t.start, end) : null;
}

export function listClaim(
  ctx: RuleContext,
  fact: ListFact,
  words: RegExp | null,
  items: readonly string[],
): Claim | null {
  const known = new Set(items);
  const { scope, topic } = ctx;
  const triggers = ctx.hits.find(words, scope.from, scope.to);
  // "On which platforms does it run? — Windows, macOS, Linux, iOS and Android."
  if (triggers.length === 0 && topic !== null && ctx.hits.find(words, topic.from, topic.to).length > 0)
    return claimAt(ctx, { start: scope.from, end: scope.from }, fact, known);
  return strongest(triggers.map((t) => claimAt(ctx, t, fact, known)));
}
