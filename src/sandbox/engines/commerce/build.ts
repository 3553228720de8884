import type { Answer } from '../answer';
import { adsOf, type ShelfAd } from './ads';
import { shelfOf, type ShelfProduct } from './shelf';

// One answer's shelf and ads, computed once however many of its fields an engine shapes.

export interface Commerce {
  products: ShelfProduct[];
  ads: ShelfAd[];
}

const cache = new WeakMap<Answer, Commerce>();

export function commerceOf(answer: Answer): Commerce {
  let hit = cache.get(answer);
  if (!hit) {
    const products = shelfOf(answer);
    hit = { products, ads: adsOf(answer, products) };
    cache.set(answer, hit);
  }
  return hit;
}
