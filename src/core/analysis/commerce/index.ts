// Commerce over stored answers: shelf, prices, merchants, ads, conquesting and paid vs organic,
// from the roll-ups the store keeps at ingest.
export { createCommerceService } from './service';
export { createCommerceFillDriver, type CommerceFillDriver } from './fill-driver';
export { priceIndexOf } from './brand-rows';
export { commerceSummary } from './summary';
export { adList, productList } from './lists';
