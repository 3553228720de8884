import { claimOf, strongest, type Claim, type RuleContext } from './claim';
import type { Money } from './money';
import type { PriceFact } from './types';
import { findAll } from './words';

// A price claim: an amount in the fact's currency in a scope that names the fact's plan (in the
// cell, its row or its column's header for a table). Another currency, a past price or a
// different billing period that does not convert is no claim; "about" widens the match to 10 %.

const EXACT = 0.02;
const ROUGH = 0.1;

function planNamed(ctx: RuleContext, plan: RegExp | null): boolean {
  if (plan === null) return true;
  const { scope } = ctx;
  if (ctx.hits.find(plan, scope.from, scope.to).length > 0) return true;
  if (ctx.topic !== null && ctx.hits.find(plan, ctx.topic.from, ctx.topic.to).length > 0) return true;
  if (scope.row !== null && ctx.hits.find(plan, scope.row.from, scope.row.to).length > 0) return true;
  return scope.header !== null && findAll(plan, scope.header, 0, scope.header.length).length > 0;
}

function monthly(amount: number, period: Money['period']): number | null {
  if (period === 'month') return amount;
  if (period === 'year') return amount / 12;
  return null;
}

/** The money's amount in the fact's period, null when the two cannot be compared. */
function comparable(m: Money, fact: PriceFact): number | null {
  const want = fact.value.period;
  if (m.period === null || want === undefined || m.period === want) return m.amount;
  const perMonth = monthly(m.amount, m.period);
  if (perMonth === null || monthly(1, want) === null) return null;
  return want === 'month' ? perMonth : perMonth * 12;
}

function claimOfMoney(m: Money, fact: PriceFact): Claim | null {
  if (m.past || m.currency !== fact.value.currency) return null;
  const amount = comparable(m, fact);
  if (amount === null) return null;
  const close = Math.abs(amount - fact.value.amount) <= fact.value.amount * (m.approx ? ROUGH : EXACT);
  // A period that had to be converted only supports: annual billing is often discounted.
  if (!close && m.period !== null && fact.value.period !== undefined && m.period !== fact.value.period)
    return null;
  return claimOf(close, m.start, m.end);
}

export function priceClaim(ctx: RuleContext, fact: PriceFact, plan: RegExp | null): Claim | null {
  if (ctx.money.length === 0 || !planNamed(ctx, plan)) return null;
  return strongest(ctx.money.map((m) => claimOfMoney(m, fact)));
}
