import { claimOf, strongest, upperAt, type Claim, type RuleContext } from './claim';
import type { PersonFact } from './types';
import type { Found } from './words';

// A person claim: the fact's person named near its role ("CEO Ingrid Dahl", "Ingrid Dahl, PDG",
// "geleitet von Ingrid Dahl"), by full or last name, supports; another capitalised full name
// right after the role ("its CEO is Paulo Mendes") contradicts.

const NEAR = 30;
const LINK = /^[\s:,]*(?:(?:is|ist|est|es|e|é|è|was|war)\s+)?/u;
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

export function personClaim(
  ctx: RuleContext,
  _fact: PersonFact,
  roles: RegExp | null,
  name: RegExp | null,
): Claim | null {
  const { scope } = ctx;
  const names = ctx.hits.find(name, scope.from, scope.to);
  return strongest(
    ctx.hits.find(roles, scope.from, scope.to).map((t) => {
      const own = names.find((n) => (n.start >= t.end ? n.start - t.end : t.start - n.end) <= NEAR);
      if (own !== undefined) return claimOf(true, Math.min(t.start, own.start), Math.max(t.end, own.end));
      const other = otherNameAfter(ctx, t);
      return other === null ? null : claimOf(false, t.start, other.end);
    }),
  );
}
