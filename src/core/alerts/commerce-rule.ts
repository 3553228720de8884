import type { AlertKind, NewAlert } from '../../shared/alerts/types';
import { findCommerceChanges } from '../../shared/analytics/findings';
import type { FindingKind } from '../../shared/analytics/findings/types';
import { commerceSums } from '../analysis';
import { alertOfFinding, runPairInput } from './finding-alert';
import type { AlertRuleModule, RuleContext } from './rule-module';

// The commerce alerts: the What changed engine's commerce findings (src/shared/analytics/findings,
// the same statistics and thin-data rule) over a monitor's run against its previous one, from the
// commerce roll-ups of each run's answers. Severity is the registry's: whom it is about, never
// above low on fewer than 30 answers (priced slots for a price) a side.

const KIND_OF: Partial<Record<FindingKind, AlertKind>> = {
  'shelf-presence': 'shelf-moved',
  'product-shelf': 'product-shelf',
  price: 'price-moved',
  advertiser: 'new-advertiser',
  conquest: 'conquest-began',
};

function detect(ctx: RuleContext): NewAlert[] {
  const input = runPairInput(ctx, (filter) => ({ commerce: commerceSums(ctx.store, filter) }));
  if (input === null) return [];
  const findings = findCommerceChanges({ ...input, priceMove: ctx.rules.priceMove });
  return findings.flatMap((f) => {
    const kind = KIND_OF[f.kind];
    if (kind === undefined) return [];
    if (f.kind === 'shelf-presence' && Math.abs(f.effect) < ctx.rules.shelfMinChange - 1e-12) return [];
    return [
      alertOfFinding(f, kind, ctx, {
        product: f.product?.title ?? null,
        currency: f.product?.currency ?? null,
        advertiser: f.advertiser ?? null,
      }),
    ];
  });
}

export const commerceRule: AlertRuleModule = {
  name: 'commerce',
  kinds: ['shelf-moved', 'product-shelf', 'price-moved', 'new-advertiser', 'conquest-began'],
  detect,
};
