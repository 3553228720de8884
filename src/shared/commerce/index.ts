// The commerce layer of an answer: products, prices, merchants and ads, read from every engine's shapes.
export { currencyOfToken } from './currency';
export { parseAmount, parsePrice, priceOfField, type ParsedPrice } from './price';
export { parseCount } from './counts';
export { extractCommerce, type ExtractedAd, type ExtractedCommerce, type ExtractedProduct } from './extract';
export { adBrand, brandsIn, firstBrandIn, productBrand } from './brands';
export {
  evidenceWords,
  medianOfBuckets,
  priceBucket,
  PRICE_BUCKETS_PER_E,
  rateOf,
  shareOf,
  type ClusterSums,
} from './stats';
export { adBlockOf, adMarked, productMarked, type SlotMark } from './ad-block';
export * from './types';
