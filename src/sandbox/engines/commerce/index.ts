// The commerce layer of a synthetic answer: its shelf (products, prices, merchants), its ads,
// the events that move them by day, and their shapes per engine.
export type { AdBlock, ShelfAd } from './ads';
export type { ShelfOffer, ShelfProduct } from './shelf';
export { commerceOf, type Commerce } from './build';
export {
  commerceEventsBetween,
  commerceEventsOn,
  scheduledCommerceEvents,
  PRICE_CUT,
  type CommerceEvent,
  type CommerceEventKind,
} from './events';
export { MARKETPLACES, merchantsOf } from './merchants';
export { currencySymbol, formatMoney, moneyOf, printPrice, type Money, type PrintedPrice } from './prices';
export {
  assistantAAds,
  assistantAShopping,
  assistantBShopping,
  assistantDShopping,
  assistantEShopping,
} from './shapes-assistants';
export {
  compactCount,
  overviewAds,
  searchAds,
  searchAiAds,
  searchAiProductResults,
  searchAiShopping,
  searchProductResults,
  searchShopping,
} from './shapes-search';
