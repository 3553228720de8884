import type { FoldedText } from '../analytics/text-fold';
import type { Money } from './money';
import type { Scope } from './scope';
import type { Hits } from './words';
import type { FactVerdict } from './types';

// What a rule reads (one scope of one answer, for one brand) and what it finds.

export interface RuleContext {
  /** The answer as written. */
  text: string;
  /** The answer folded (lower case, accents removed); every offset below is of it. */
  f: string;
  fold: FoldedText;
  /** The answer's matches of each expression (found once per answer). */
  hits: Hits;
  scope: Scope;
  /** The amounts of money of the scope (read once per scope). */
  money: readonly Money[];
  /** The scope asks a question ("Is it based in Madrid?"): it claims nothing. */
  question: boolean;
  /**
   * The question the scope answers, right before it ("How much is Premium? — $4.99 a month"):
   * its words name the plan, the feature or the measure the answer gives; null for none.
   */
  topic: { from: number; to: number } | null;
  /** A brand is named at folded offset `at`. */
  brandAt(at: number): boolean;
}

/** A claim about one fact: its verdict and where it is made (folded offsets). */
export interface Claim {
  verdict: Exclude<FactVerdict, 'not-addressed'>;
  from: number;
  to: number;
}

export function claimOf(agrees: boolean, from: number, to: number): Claim {
  return { verdict: agrees ? 'supported' : 'contradicted', from, to };
}

/** The first supporting claim, else the first contradicting one, else null. */
export function strongest(claims: readonly (Claim | null)[]): Claim | null {
  let contradicted: Claim | null = null;
  for (const c of claims) {
    if (c === null) continue;
    if (c.verdict === 'supported') return c;
    contradicted ??= c;
  }
  return contradicted;
}

/** The original text's character at folded offset `at` is an upper-case letter. */
export function upperAt(ctx: RuleContext, at: number): boolean {
  const ch = ctx.text[ctx.fold.toOriginalStart(at)] ?? '';
  return /\p{Lu}/u.test(ch);
}

/** The scope's range, or the header's words when the scope is a table cell. */
export function scopeText(ctx: RuleContext): string {
  return ctx.f.slice(ctx.scope.from, ctx.scope.to);
}
