import type { DiscoveryOrigin } from '../../../../shared/analytics/discovery-extract';
import { byEngineOrder } from '../../../../shared/api/engines';
import { engineLabel } from '../../lib/engine-label';

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

/**
 * The engines that named a candidate, by their labels in the catalog's order: all of them when
 * two or fewer, else the first and how many more (the column is narrow; the row's title lists
 * them all), as `full` and `short`.
 */
export function enginesText(engines: readonly string[]): { full: string; short: string } {
  const labels = [...engines].sort(byEngineOrder).map(engineLabel);
  const full = labels.join(', ');
  return { full, short: labels.length <= 2 ? full : `${labels[0]} +${labels.length - 1}` };
}
