import { mentionTriples } from '../analytics/brand-matcher';
import type { BrandDefinition } from '../analytics/brand-types';
import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import { judgeLanguage, langOf, matcherFor } from '../positioning';
import type { Claim, RuleContext } from './claim';
import { compiledFact } from './compiled';
import { moneyIn, type Money } from './money';
import { listClaim } from './rule-list';
import { numberClaim } from './rule-number';
import { personClaim } from './rule-person';
import { placeClaim } from './rule-place';
import { priceClaim } from './rule-price';
import { yearClaim } from './rule-year';
import { HEDGE_WORDS, yesNoClaim } from './rule-yes-no';
import { namedAt, scopesOf, type FoldedMention, type Scope } from './scope';
import { Hits, type Found } from './words';
import type { BrandFactSheet, Fact, FactCheck, FactEvidence } from './types';

// The built-in checker: every fact of every brand the answer names, read in that brand's
// scopes only (scope.ts) by the rule of the fact's kind. A fact the answer says something wrong
// about anywhere is contradicted (with the first wrong claim as evidence); else supported when
// some claim agrees; else not addressed. Rules read only wording they are sure of.

export interface FactCheckInput {
  text: string;
  format: 'markdown' | 'text';
  /**
   * BCP 47: with the text, tells the answer's language the way the positioning judge does. An
   * answer in a language outside the fifteen it reads is not checked (readsLanguage).
   */
  language?: string | null;
  /** ISO 3166 alpha-2 the answer was asked from: tells "$" apart (USD, CAD, AUD…). */
  country?: string | null;
  brands: readonly BrandDefinition[];
  sheets: readonly BrandFactSheet[];
}

/**
 * A question claims nothing ("Is it based in Madrid?"), nor a hedged clause of a kind the reader
 * takes as a guess ("I believe it is in Oslo"; yes-no reads its own hedges).
 */
function claimsNothing(ctx: RuleContext, kind: Fact['kind']): boolean {
  const { scope } = ctx;
  if (scope.header !== null) return false;
  if (ctx.question) return true;
  return (
    (kind === 'place' || kind === 'number') && ctx.hits.find(HEDGE_WORDS, scope.from, scope.to).length > 0
  );
}

function claimFor(ctx: RuleContext, fact: Fact): Claim | null {
  const c = compiledFact(fact);
  if (claimsNothing(ctx, fact.kind)) return null;
  switch (fact.kind) {
    case 'price':
      return priceClaim(ctx, fact, c.trigger);
    case 'year':
      return yearClaim(ctx, fact, c.trigger);
    case 'place':
      return placeClaim(ctx, c.value, c.names);
    case 'number':
      return numberClaim(ctx, fact, c.trigger);
    case 'yes-no':
      return yesNoClaim(ctx, fact, c.trigger);
    case 'list':
      return listClaim(ctx, fact, c.trigger, c.names);
    case 'person':
      return personClaim(ctx, fact, c.trigger, c.value);
    case 'text':
      // Free-form claims are the model judge's: rules would only guess.
      return null;
  }
}

function evidenceOf(text: string, fold: FoldedText, scope: Scope): FactEvidence {
  const range = scope.row ?? scope;
  const start = fold.toOriginalStart(range.from);
  const end = fold.toOriginalEnd(range.to);
  return { text: text.slice(start, end), start, end };
}

function mentionsOf(brands: readonly BrandDefinition[], fold: FoldedText): FoldedMention[] {
  const out: FoldedMention[] = [];
  const found = mentionTriples(matcherFor(brands), fold);
  for (let k = 0; k < found.length; k += 3) {
    out.push({
      brand: found[k] as number,
      start: fold.toFolded(found[k + 1] as number),
      end: fold.toFolded(found[k + 2] as number),
    });
  }
  return out;
}

interface Reader {
  text: string;
  fold: FoldedText;
  mentions: readonly FoldedMention[];
  country: string | null;
  /** The answer's amounts of money, read at the first scope that needs them. */
  money: Money[] | null;
  hits: Hits;
  /** One rule context per scope, made at its first fact: every fact of the scope's brands reads the same. */
  contexts: Map<Scope, RuleContext>;
  brandAt: (at: number) => boolean;
  /** The answer's language, as the positioning judge tells it. */
  language: string;
}

/** How far back the question a scope answers may start. */
const QUESTION_SPAN = 160;

/**
 * The question right before `from` ("**Сколько стоит Premium?**" above "4,99 доллара в месяц"),
 * its folded range; null when the text before does not end with one.
 */
function questionBefore(f: string, from: number): { from: number; to: number } | null {
  const before = f.slice(Math.max(0, from - QUESTION_SPAN), from);
  const trimmed = before.replace(/[\s*_:—–-]+$/u, '');
  if (!trimmed.endsWith('?')) return null;
  const head = trimmed.slice(0, -1);
  const start =
    Math.max(head.lastIndexOf('\n'), head.lastIndexOf('.'), head.lastIndexOf('?'), head.lastIndexOf('!')) + 1;
  const base = from - before.length;
  return { from: base + start, to: base + trimmed.length };
}

function contextOf(r: Reader, scope: Scope): RuleContext {
  const had = r.contexts.get(scope);
  if (had !== undefined) return had;
  r.money ??= moneyIn(r.hits, r.country);
  const money = r.money.filter((m) => m.start >= scope.from && m.end <= scope.to);
  const question = r.fold.folded.slice(scope.from, scope.to).includes('?');
  const ctx: RuleContext = {
    text: r.text,
    f: r.fold.folded,
    fold: r.fold,
    hits: r.hits,
    scope,
    money,
    question,
    topic: question || scope.header !== null ? null : questionBefore(r.fold.folded, scope.from),
    brandAt: r.brandAt,
  };
  r.contexts.set(scope, ctx);
  return ctx;
}

function checkFact(r: Reader, scopes: readonly Scope[], brandId: string, fact: Fact): FactCheck {
  const { language } = r;
  let supported: FactEvidence | null = null;
  for (const scope of scopes) {
    const claim = claimFor(contextOf(r, scope), fact);
    if (claim === null) continue;
    const evidence = evidenceOf(r.text, r.fold, scope);
    if (claim.verdict === 'contradicted')
      return { brandId, key: fact.key, verdict: 'contradicted', evidence, checker: 'builtin', language };
    supported ??= evidence;
  }
  return supported === null
    ? { brandId, key: fact.key, verdict: 'not-addressed', evidence: null, checker: 'builtin', language }
    : { brandId, key: fact.key, verdict: 'supported', evidence: supported, checker: 'builtin', language };
}

/** The text the rules read: the scopes (and table rows) of the brands with a sheet, merged, in order. */
function regionsOf(scopes: readonly Scope[]): Found[] {
  const ranges = scopes
    .map((s) => (s.row === null ? { start: s.from, end: s.to } : { start: s.row.from, end: s.row.to }))
    .sort((a, b) => a.start - b.start);
  const out: Found[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last !== undefined && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

const EASTERN_DIGIT = /[\u0660-\u066C\u06F0-\u06F9]/u;

/** Arabic-Indic and Persian digits as ASCII ones, unit for unit ("٢٠١٧" is 2017): offsets kept. */
function westernDigits(text: string): string {
  if (!EASTERN_DIGIT.test(text)) return text;
  return text.replace(/[\u0660-\u066C\u06F0-\u06F9]/gu, (d) => {
    const c = d.charCodeAt(0);
    if (c === 0x066a) return '%';
    if (c === 0x066b) return '.';
    if (c === 0x066c) return ',';
    return String(c >= 0x06f0 ? c - 0x06f0 : c - 0x0660);
  });
}

/** The checks of an answer in a language the checker does not read: none addressed, each saying why. */
function notRead(named: ReadonlyArray<{ sheet: BrandFactSheet }>, unread: string): FactCheck[] {
  return named.flatMap(({ sheet }) =>
    sheet.facts.map((fact) => ({
      brandId: sheet.brandId,
      key: fact.key,
      verdict: 'not-addressed' as const,
      evidence: null,
      checker: 'builtin' as const,
      language: unread,
    })),
  );
}

/** Whether the checker reads answers in this language (the fifteen the positioning judge reads). */
export function readsLanguage(language: string): boolean {
  return langOf(language) !== null;
}

/** Every fact of every brand with a sheet that the answer names, each with its verdict. */
export function checkFacts(input: FactCheckInput): FactCheck[] {
  const { text, brands, sheets } = input;
  if (text === '' || sheets.length === 0) return [];
  const fold = foldWithOffsets(westernDigits(text));
  const mentions = mentionsOf(brands, fold);
  if (mentions.length === 0) return [];
  const named = sheets
    .map((sheet) => ({ sheet, index: brands.findIndex((b) => b.id === sheet.brandId) }))
    .filter(({ index }) => index >= 0 && mentions.some((m) => m.brand === index));
  if (named.length === 0) return [];
  const language = judgeLanguage(input.language, text);
  if ('unread' in language) return notRead(named, language.unread);
  const scopes = scopesOf(fold.folded, mentions, new Set(named.map((n) => n.index)));
  const read = scopes.filter((s) => named.some(({ index }) => s.brands.includes(index)));
  const reader: Reader = {
    text,
    fold,
    mentions,
    country: input.country ?? null,
    money: null,
    hits: new Hits(fold.folded, regionsOf(read)),
    contexts: new Map(),
    brandAt: (at) => namedAt(mentions, at),
    language: language.read,
  };
  const out: FactCheck[] = [];
  for (const { sheet, index } of named) {
    const own = read.filter((s) => s.brands.includes(index));
    for (const fact of sheet.facts) out.push(checkFact(reader, own, sheet.brandId, fact));
  }
  return out;
}
