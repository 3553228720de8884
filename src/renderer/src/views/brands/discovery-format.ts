import type { DiscoveryOrigin } from '../../../../shared/analytics/discovery-extract';

export function formatPct(value: number | null): string {
  return value === null ? '–' : `${(value * 100).toFixed(1)} %`;
}

const ORIGIN_LABELS: Record<DiscoveryOrigin, string> = {
  entity: 'brand entity',
  'product-brand': 'product brand',
  merchant: 'merchant',
  advertiser: 'advertiser',
  'list-item': 'answer list',
};

export function originLabel(origin: DiscoveryOrigin): string {
  return ORIGIN_LABELS[origin];
}
