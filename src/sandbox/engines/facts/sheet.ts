import { hashParts } from '../../core/prng';
import { productLineOf, type Category } from '../catalog';

// What is true about each of the sandbox's global brands: its fact sheet, in the same shape
// an analyst imports (`parallax facts set BRAND --file F`), so tests and the demo can load the
// sandbox's truth as the brand's approved facts and hold the checker to what answers claim.
// Derived from a hash of the brand's name; the price moves on a cycle (see priceOn), so the
// truth depends on the day.

export type SandboxFactKind = 'price' | 'yes-no' | 'year' | 'place';

export interface SandboxPrice {
  amount: number;
  currency: 'USD';
  period?: 'month';
}

export interface SandboxFact {
  key: string;
  kind: SandboxFactKind;
  value: SandboxPrice | boolean | number | string;
  /** The words answers use for the fact, in every language the sandbox writes. */
  words?: string[];
}

const PLACES = [
  'Oslo',
  'Austin',
  'Lyon',
  'Munich',
  'Osaka',
  'Toronto',
  'Barcelona',
  'Turin',
  'Porto',
  'Dublin',
  'Melbourne',
  'Seattle',
];

/** How many days a price holds before the brand's next price change. */
export const PRICE_CYCLE_DAYS = 45;
/** A sale takes this share off the list price in every other cycle. */
const SALE = 0.1;

export const TRIAL_WORDS = [
  'free trial',
  'kostenlose Testversion',
  'essai gratuit',
  'prueba gratuita',
  'prova gratuita',
  'teste grátis',
  '無料トライアル',
  'бесплатный пробный период',
  'فترة تجريبية مجانية',
];

export const RETURNS_WORDS = [
  'free returns',
  'kostenlose Rücksendungen',
  'retours gratuits',
  'devoluciones gratuitas',
  'resi gratuiti',
  'devolução grátis',
  '返品無料',
  'бесплатный возврат',
  'إرجاعًا مجانيًا',
];

/** The yes/no feature answers state: a free trial for software, free returns for goods. */
export function featureOf(category: Category): { key: 'free-trial' | 'free-returns'; words: string[] } {
  return isSubscription(category)
    ? { key: 'free-trial', words: TRIAL_WORDS }
    : { key: 'free-returns', words: RETURNS_WORDS };
}

export function foundedOf(brand: string): number {
  return 1990 + (hashParts(brand, 'founded') % 30);
}

export function headquartersOf(brand: string): string {
  return PLACES[hashParts(brand, 'headquarters') % PLACES.length] as string;
}

/** Whether the brand offers its category's feature (featureOf). */
export function hasFeature(brand: string): boolean {
  return hashParts(brand, 'feature') % 3 !== 0;
}

/** Software is priced per month; everything else once. */
function isSubscription(category: Category): boolean {
  return !category.shopping;
}

function listPrice(brand: string, category: Category): number {
  const [low, high] = category.usd;
  return Math.round(low + ((hashParts(brand, 'list-price') % 1000) / 1000) * (high - low));
}

/** The price cycle a day falls in: each brand's cycles start on a day of its own. */
export function priceCycle(brand: string, day: number): number {
  return Math.floor((day + (hashParts(brand, 'price-offset') % PRICE_CYCLE_DAYS)) / PRICE_CYCLE_DAYS);
}

/** Days since the brand's price last changed. */
export function daysSincePriceChange(brand: string, day: number): number {
  return (day + (hashParts(brand, 'price-offset') % PRICE_CYCLE_DAYS)) % PRICE_CYCLE_DAYS;
}

/** The brand's price in a cycle: the list price, cut by a sale in odd cycles. */
export function priceInCycle(brand: string, category: Category, cycle: number): SandboxPrice {
  const list = listPrice(brand, category);
  const amount = cycle % 2 === 1 ? Math.round(list * (1 - SALE)) : list;
  return isSubscription(category)
    ? { amount, currency: 'USD', period: 'month' }
    : { amount, currency: 'USD' };
}

export function priceOn(brand: string, category: Category, day: number): SandboxPrice {
  return priceInCycle(brand, category, priceCycle(brand, day));
}

export function priceKey(brand: string, category: Category): string {
  return `price-${productLineOf(category, brand)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** The brand's fact sheet as true on a day. */
export function sandboxFactSheet(brand: string, category: Category, day: number): SandboxFact[] {
  return [
    {
      key: priceKey(brand, category),
      kind: 'price',
      value: priceOn(brand, category, day),
      words: [productLineOf(category, brand)],
    },
    {
      key: featureOf(category).key,
      kind: 'yes-no',
      value: hasFeature(brand),
      words: featureOf(category).words,
    },
    { key: 'founded', kind: 'year', value: foundedOf(brand) },
    { key: 'headquarters', kind: 'place', value: headquartersOf(brand) },
  ];
}
