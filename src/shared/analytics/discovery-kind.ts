import type { DiscoveryOrigin } from './discovery-extract';

// Which discovered names are shops rather than competitors. A retailer or marketplace ("Shopwise",
// "Amazon", "Zalando") shows up in answers because it sells the products the engines recommend:
// it is where to be listed, not a brand to track against. The rule, from where a name came from
// over the period (DiscoveryCandidate.origins):
// - a merchant of a shopping product or of one of its offers, and never a product's brand: a
//   retailer (it may also advertise, be a brand entity, or lead a list item: shops do all three);
// - a product's brand, even one that also sells its own products (a maker's web shop): a
//   candidate competitor;
// - any name that never appeared as a merchant: a candidate competitor.
// The rule reads only the service's structured shopping data, never the answer's words, so it
// holds in every language.

export type DiscoveryKind = 'retailer' | 'candidate';

export function discoveryKind(origins: readonly DiscoveryOrigin[]): DiscoveryKind {
  return origins.includes('merchant') && !origins.includes('product-brand') ? 'retailer' : 'candidate';
}
