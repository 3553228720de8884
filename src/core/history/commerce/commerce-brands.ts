import type Database from 'better-sqlite3';
import { compileBrandMatcher, type BrandMatcher } from '../../../shared/analytics/brand-matcher';
import { pluck, stmt } from '../connection';
import { readBrandDefinitions } from '../visibility';

// The tracked brands as commerce rows key them: the brand matcher of the Visibility and each
// brand's vis_brands id (small, never reused), loaded once per batch of the store's writes.

export interface CommerceBrands {
  matcher: BrandMatcher;
  /** vis_brands id per matcher brand index. */
  keys: readonly number[];
}

export function loadCommerceBrands(db: Database.Database): CommerceBrands {
  const defs = readBrandDefinitions(db);
  const keys = defs.map((d) => {
    stmt(db, 'INSERT OR IGNORE INTO vis_brands (brand_id) VALUES (?)').run(d.id);
    return pluck(db, 'SELECT id FROM vis_brands WHERE brand_id = ?').get(d.id) as number;
  });
  return { matcher: compileBrandMatcher(defs), keys };
}

/** The vis_brands id of a matcher brand index, or null. */
export const keyOf = (brands: CommerceBrands, index: number | null): number | null =>
  index === null ? null : (brands.keys[index] ?? null);
