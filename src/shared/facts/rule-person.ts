import { scriptOf } from '../analytics/brand-matcher';
import { claimOf, strongest, upperAt, type Claim, type RuleContext } from './claim';
import type { PersonFact } from './types';
import { foldPhrase, type Found } from './words';

// A person claim: the fact's person named near its role ("CEO Ingrid Dahl", "Ingrid Dahl, PDG",
// "geleitet von Ingrid Dahl"), by full or last name, supports; another capitalised full name
// right after the role ("its CEO is Paulo Mendes") contradicts, when it is written in the
// script of the fact's name: "Ингрид Даль" may be the same person, so it says nothing.

const NEAR = 30;
/** What joins a role to the name after it: an ending, a colon or dash, Markdown emphasis ("**CEO:** Lars Berg"), a copula. */
const LINK = /^(?:['’]\p{L}{1,3})?[\s:,—–*_-]*(?:(?:is|ist|est|es|e|é|è|was|war|jest|ar|является)\s+)?/u;
/** Two names written in one script ("Lars Berg" and "Ingrid Dahl", not "Ингрид Даль"). */
function sameScript(a: string, b: string): boolean {
  const script = scriptOf(a.charAt(0));
  return script !== -1 && script === scriptOf(b.charAt(0));
}
const FULL_NAME = /^\p{L}+(?:\s\p{L}+){1,2}/u;

function otherNameAfter(ctx: RuleContext, t: Found): Found | null {
  const { f, scope } = ctx;
  const link = LINK.exec(f.slice(t.end, scope.to));
  const at = t.end + (link?.[0].length ?? 0);
  const m = FULL_NAME.exec(f.slice(at, scope.to));
  if (m === null || !upperAt(ctx, at) || ctx.brandAt(at)) return null;
  const second = at + m[0].indexOf(' ') + 1;
  return upperAt(ctx, second) ? { start: at, end: at + m[0].length } : null;
}

/** The last name found alone, after a capitalised first name that is not the fact's ("Lars Dahl" for Ingrid Dahl). */
function anotherFirstName(ctx: RuleContext, found: Found, role: Found, fact: PersonFact): boolean {
  const first = fact.value.trim().split(/\s+/u);
  if (first.length < 2) return false;
  const before = /(\p{L}+)\s+$/u.exec(ctx.f.slice(Math.max(ctx.scope.from, found.start - 24), found.start));
  const at = found.start - (before?.[0].length ?? 0);
  if (before === null || !upperAt(ctx, at) || (at >= role.start && at < role.end)) return false;
  const word = before[1] as string;
  return (
    ctx.f.slice(found.start, found.end) !== foldPhrase(fact.value) && word !== foldPhrase(first[0] as string)
  );
}

/** A capitalised full name right before the role ("Keyfort는 Lars Berg 대표가", "Lars Berg, CEO"). */
function otherNameBefore(ctx: RuleContext, t: Found): Found | null {
  const { f, scope } = ctx;
  const m = /(\p{L}+)\s(\p{L}+)[\s,]*$/u.exec(f.slice(Math.max(scope.from, t.start - 30), t.start));
  if (m === null) return null;
  const at = t.start - m[0].length;
  const second = at + (m[1] as string).length + 1;
  if (!upperAt(ctx, at) || !upperAt(ctx, second) || ctx.brandAt(at)) return null;
  return { start: at, end: second + (m[2] as string).length };
}

export function personClaim(
  ctx: RuleContext,
  fact: PersonFact,
  roles: RegExp | null,
  name: RegExp | null,
): Claim | null {
  const { scope } = ctx;
  const names = ctx.hits.find(name, scope.from, scope.to);
  return strongest(
    ctx.hits.find(roles, scope.from, scope.to).map((t) => {
      const own = names.find((n) => (n.start >= t.end ? n.start - t.end : t.start - n.end) <= NEAR);
      if (own !== undefined && !anotherFirstName(ctx, own, t, fact))
        return claimOf(true, Math.min(t.start, own.start), Math.max(t.end, own.end));
      const other = otherNameAfter(ctx, t) ?? otherNameBefore(ctx, t);
      if (other === null || !sameScript(ctx.f.slice(other.start, other.end), fact.value)) return null;
      return claimOf(false, t.start, other.end);
    }),
  );
}
