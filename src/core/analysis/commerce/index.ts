// Commerce over stored answers: shelf, prices, merchants, ads, conquesting and paid vs organic,
// from the roll-ups the store keeps at ingest.
export { createCommerceService } from './service';
export { priceIndexOf } from './brand-rows';
export { createCommerceFillDriver, type CommerceFillDriver } from './fill-driver';
