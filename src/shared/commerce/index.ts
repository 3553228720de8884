// The commerce layer of an answer: products, prices, merchants and ads, read from every engine's shapes.
export { currencyOfToken } from './currency';
export { parseAmount, parsePrice, priceOfField, type ParsedPrice } from './price';
export { parseCount } from './counts';
