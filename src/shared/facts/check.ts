import { eachMention } from '../analytics/brand-matcher';
import type { BrandDefinition } from '../analytics/brand-types';
import { foldWithOffsets, type FoldedText } from '../analytics/text-fold';
import { matcherFor } from '../positioning';
import type { Claim, RuleContext } from './claim';
import { compiledFact } from './compiled';
import { moneyIn, type Money } from './money';
import { listClaim } from './rule-list';
import { numberClaim } from './rule-number';
import { personClaim } from './rule-person';
import { placeClaim } from './rule-place';
import { priceClaim } from './rule-price';
import { yearClaim } from './rule-year';
import { yesNoClaim } from './rule-yes-no';
import { scopesOf, type FoldedMention, type Scope } from './scope';
import { Hits } from './words';
import type { BrandFactSheet, Fact, FactCheck, FactEvidence } from './types';

// The built-in checker: every fact of every brand the answer names, read in that brand's
// scopes only (scope.ts) by the rule of the fact's kind. A fact the answer says something wrong
// about anywhere is contradicted (with the first wrong claim as evidence); else supported when
// some claim agrees; else not addressed. Rules read only wording they are sure of.

export interface FactCheckInput {
  text: string;
  format: 'markdown' | 'text';
  /** BCP 47; the rules read the seven languages' words whatever it is. */
  language?: string | null;
  /** ISO 3166 alpha-2 the answer was asked from: tells "$" apart (USD, CAD, AUD…). */
  country?: string | null;
  brands: readonly BrandDefinition[];
  sheets: readonly BrandFactSheet[];
}

function claimFor(ctx: RuleContext, fact: Fact): Claim | null {
  const c = compiledFact(fact);
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
  eachMention(matcherFor(brands), fold, (brand, start, end) => {
    out.push({ brand, start: fold.toFolded(start), end: fold.toFolded(end) });
  });
  return out;
}

interface Reader {
  text: string;
  fold: FoldedText;
  mentions: readonly FoldedMention[];
  country: string | null;
  money: Map<Scope, Money[]>;
  hits: Hits;
}

function contextOf(r: Reader, scope: Scope): RuleContext {
  let money = r.money.get(scope);
  if (money === undefined) {
    money = moneyIn(r.hits, scope.from, scope.to, r.country);
    r.money.set(scope, money);
  }
  return {
    text: r.text,
    f: r.fold.folded,
    fold: r.fold,
    hits: r.hits,
    scope,
    money,
    brandAt: (at) => r.mentions.some((m) => at >= m.start && at < m.end),
  };
}

function checkFact(r: Reader, scopes: readonly Scope[], brandId: string, fact: Fact): FactCheck {
  let supported: FactEvidence | null = null;
  for (const scope of scopes) {
    const claim = claimFor(contextOf(r, scope), fact);
    if (claim === null) continue;
    const evidence = evidenceOf(r.text, r.fold, scope);
    if (claim.verdict === 'contradicted')
      return { brandId, key: fact.key, verdict: 'contradicted', evidence, checker: 'builtin' };
    supported ??= evidence;
  }
  return supported === null
    ? { brandId, key: fact.key, verdict: 'not-addressed', evidence: null, checker: 'builtin' }
    : { brandId, key: fact.key, verdict: 'supported', evidence: supported, checker: 'builtin' };
}

/** Every fact of every brand with a sheet that the answer names, each with its verdict. */
export function checkFacts(input: FactCheckInput): FactCheck[] {
  const { text, brands, sheets } = input;
  if (text === '' || sheets.length === 0) return [];
  const fold = foldWithOffsets(text);
  const mentions = mentionsOf(brands, fold);
  if (mentions.length === 0) return [];
  const reader: Reader = {
    text,
    fold,
    mentions,
    country: input.country ?? null,
    money: new Map(),
    hits: new Hits(fold.folded),
  };
  const scopes = scopesOf(fold.folded, mentions);
  const out: FactCheck[] = [];
  for (const sheet of sheets) {
    const index = brands.findIndex((b) => b.id === sheet.brandId);
    if (index < 0 || !mentions.some((m) => m.brand === index)) continue;
    const own = scopes.filter((s) => s.brands.includes(index));
    for (const fact of sheet.facts) out.push(checkFact(reader, own, sheet.brandId, fact));
  }
  return out;
}
