import { engineMark, labelled } from '../../shared/alerts/kinds/commerce';
import type { AlertKind, NewAlert } from '../../shared/alerts/types';
import { caveatWords, findCommerceChanges } from '../../shared/analytics/findings';
import type { Finding, FindingKind } from '../../shared/analytics/findings/types';
import { commerceSums } from '../analysis';
import type { AlertRuleModule, RuleContext } from './rule-module';
import { daySpan } from './positioning-rule';

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

function toAlert(f: Finding, kind: AlertKind, ctx: RuleContext): NewAlert {
  const brand = ctx.brands.find((b) => b.id === f.brandId);
  const caveat = caveatWords(f);
  const words = f.text.slice(0, f.text.length - caveat.length - 1);
  const side = (e: Finding['before']) => ({ value: e.value, n: e.n, low: e.lower, high: e.upper });
  return {
    kind,
    scope: f.scope.engine !== undefined && f.scope.loc !== undefined ? 'slice' : 'monitor',
    prompt: null,
    engine: f.scope.engine ?? null,
    loc: f.scope.loc ?? null,
    brandName: brand?.name ?? null,
    brandKind: brand?.kind ?? null,
    before: side(f.before),
    after: side(f.after),
    beforeSeq: null,
    afterSeq: null,
    data: {
      sentence: words,
      p: f.pValue,
      q: f.qValue,
      product: f.product?.title ?? null,
      currency: f.product?.currency ?? null,
      advertiser: f.advertiser ?? null,
    },
    summary: labelled(f.text),
  };
}

function detect(ctx: RuleContext): NewAlert[] {
  const runIds = [ctx.prevRunId, ctx.runId];
  const span = daySpan(ctx.store, runIds);
  if (!span) return [];
  const focus = ctx.brands.find((b) => b.kind === 'brand') ?? null;
  const side = (runId: string) => ({
    cells: [],
    brands: [],
    positioning: [],
    attributes: [],
    domains: [],
    commerce: commerceSums(ctx.store, { ...span, runIds: [runId] }),
  });
  const findings = findCommerceChanges({
    period: { from: '', to: '', previous: { from: '', to: '' } },
    focusBrandId: focus?.id ?? null,
    brands: ctx.brands.map((b) => ({ ...b, domains: [] })),
    previous: side(ctx.prevRunId),
    current: side(ctx.runId),
    priceMove: ctx.rules.priceMove,
    // Marked, not labelled: the sentence is stored, and shown in the labels in use then.
    engineLabel: engineMark,
  });
  return findings.flatMap((f) => {
    const kind = KIND_OF[f.kind];
    if (kind === undefined) return [];
    if (f.kind === 'shelf-presence' && Math.abs(f.effect) < ctx.rules.shelfMinChange - 1e-12) return [];
    return [toAlert(f, kind, ctx)];
  });
}

export const commerceRule: AlertRuleModule = {
  name: 'commerce',
  kinds: ['shelf-moved', 'product-shelf', 'price-moved', 'new-advertiser', 'conquest-began'],
  detect,
};
