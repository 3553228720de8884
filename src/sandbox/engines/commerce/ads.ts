import { hashParts } from '../../core/prng';
import type { Answer } from '../answer';
import { productLineOf } from '../catalog';
import { XSS_PAYLOADS } from '../xss';
import { commerceEventsOn } from './events';
import { merchantsOf } from './merchants';
import { hostOf, type ShelfProduct } from './shelf';

// The ads beside an answer: brands the answer names, brands it does not (the ones nobody
// tracks yet among them), shops, newcomers that advertise, and, while a conquest event is on,
// a brand's ads on the answers that name its rival (first, at the top). At most four, in the
// engine's blocks; shopping ads carry a product and its price, text ads a line of copy.

export type AdBlock = 'top' | 'middle' | 'bottom' | 'side';

export interface ShelfAd {
  advertiser: string;
  kind: 'brand' | 'retailer';
  /** The advertiser's site, where the ad lands. */
  host: string;
  title: string;
  body: string;
  url: string;
  type: 'text' | 'shopping';
  block: AdBlock;
  /** Shopping ads: what is advertised, at its price. */
  product?: ShelfProduct;
  /** The ad of a brand on an answer that names its rival (a conquest event). */
  conquest: boolean;
}

const MAX_ADS = 4;
const BLOCKS: readonly AdBlock[] = ['top', 'bottom', 'middle', 'side'];
const unit = (h: number): number => (h % 100_000) / 100_000;

interface Candidate {
  advertiser: string;
  kind: 'brand' | 'retailer';
  conquest: boolean;
  product?: ShelfProduct;
}

function candidates(answer: Answer, shelf: readonly ShelfProduct[]): Candidate[] {
  const { seed, engine, prompt, country, day } = answer.input;
  const roll = (...parts: Array<string | number>): number =>
    unit(hashParts(seed, 'ad', engine, prompt, country, day, ...parts));
  const named = new Set(answer.brands.map((b) => b.name));
  const lowerPrompt = prompt.toLowerCase();
  const conquests = commerceEventsOn(
    seed,
    answer.category.id,
    answer.category.global,
    day,
    answer.input.commerceEvents,
  )
    .filter((e) => e.kind === 'conquest' && e.target !== undefined)
    .filter((e) => named.has(e.target as string) || lowerPrompt.includes((e.target as string).toLowerCase()))
    .map((e) => ({ advertiser: e.brand, kind: 'brand' as const, conquest: true }));
  // About a third of answers carry no ad at all (a conquest's ads still show).
  const open = roll('any') < 0.65;
  const brands = [...named, ...answer.category.global.filter((b) => !named.has(b))]
    .filter((b) => open && roll('brand', b) < (named.has(b) ? 0.2 : 0.08))
    .map((advertiser) => ({ advertiser, kind: 'brand' as const, conquest: false }));
  const shops =
    open && shelf.length > 0 && roll('shop') < 0.35 ? [shopAd(answer, shelf, roll('which-shop'))] : [];
  const newcomers = answer.entrants
    .filter((e) => open && e.advertises)
    .map((e) => ({ advertiser: e.entityName, kind: 'brand' as const, conquest: false }));
  const seen = new Set<string>();
  return [...conquests, ...brands, ...shops, ...newcomers].filter((c) => {
    if (seen.has(c.advertiser)) return false;
    seen.add(c.advertiser);
    return true;
  });
}

/** A shop advertising one of the shelf's products it sells. */
function shopAd(answer: Answer, shelf: readonly ShelfProduct[], r: number): Candidate {
  const product = shelf[Math.floor(r * shelf.length)] as ShelfProduct;
  const shops = merchantsOf(answer.locale.region);
  const merchant = product.offers[0]?.merchant ?? (shops[0] as string);
  return { advertiser: merchant, kind: 'retailer', conquest: false, product };
}

/** The ads of one answer, top first. */
export function adsOf(answer: Answer, shelf: readonly ShelfProduct[]): ShelfAd[] {
  const { seed, engine, prompt, country, day } = answer.input;
  const { locale, phrases, category } = answer;
  return candidates(answer, shelf)
    .slice(0, MAX_ADS)
    .map((c, i) => {
      const h = hashParts(seed, 'ad-shape', engine, prompt, country, day, c.advertiser);
      const own = shelf.find((p) => p.brand === c.advertiser);
      const product = c.product ?? (own && h % 5 < 2 ? own : undefined);
      const host = hostOf(c.advertiser, locale);
      const hostile = answer.xss ? ` ${XSS_PAYLOADS[(i + 1) % XSS_PAYLOADS.length]}` : '';
      const title = product
        ? product.title
        : `${c.advertiser} ${category.global.includes(c.advertiser) ? productLineOf(category, c.advertiser) : answer.categoryName}`;
      return {
        advertiser: c.advertiser,
        kind: c.kind,
        host,
        title: `${title}${hostile}`,
        body: phrases.adBody,
        url: `https://${host}/promo`,
        type: product ? 'shopping' : 'text',
        block: i === 0 ? 'top' : (BLOCKS[h % BLOCKS.length] as AdBlock),
        ...(product ? { product } : {}),
        conquest: c.conquest,
      };
    });
}
