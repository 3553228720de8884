import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import type { BrandDefinition } from '../../../shared/analytics/brand-types';
import { pluck, stmt } from '../connection';
import { readBrandDefinitions } from '../visibility';

// The small integer keys of migration 012 (judges, scorings, brands, attributes), each looked up
// once per connection and cached, and the brand set an answer is judged against with its
// fingerprint. Inserts are OR IGNORE then a lookup: another connection (the re-score worker, the
// CLI) may add the same key at the same time.

const CACHE_LIMIT = 100_000;

export interface BrandSet {
  /** meta brands_version it was read at. */
  version: string;
  brands: BrandDefinition[];
  /** What the judge reads of the brands, hashed: equal sets judge an answer the same way. */
  fingerprint: string;
}

export function readBrandsVersion(db: Database.Database): string {
  return (
    (pluck(db, "SELECT value FROM meta WHERE key = 'brands_version'").get() as string | undefined) ?? '0'
  );
}

/** The file's brands in the Visibility index's order (name, id), with their fingerprint. */
export function loadBrandSet(db: Database.Database): BrandSet {
  const version = readBrandsVersion(db);
  const brands = readBrandDefinitions(db);
  // The kind is left out: it does not change how an answer presents a brand.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(brands.map((b) => [b.id, b.name, b.aliases, b.domains])))
    .digest('base64url')
    .slice(0, 22);
  return { version, brands, fingerprint };
}

function bounded<K, V>(map: Map<K, V>, key: K, value: V): V {
  if (map.size >= CACHE_LIMIT) map.clear();
  map.set(key, value);
  return value;
}

export interface PositioningKeys {
  judge(name: string): number;
  /** The judge's key without adding it (reads inside read transactions). */
  findJudge(name: string): number | undefined;
  /** The scoring of a judge's version over a brand set. */
  scoring(judge: number, version: string, brandSet: string): number;
  brand(brandId: string): number;
  attr(text: string): number;
  /** Brand ids by key, for reads. */
  brandIdOf(key: number): string | null;
  clear(): void;
}

export function createPositioningKeys(db: Database.Database): PositioningKeys {
  const judges = new Map<string, number>();
  const scorings = new Map<string, number>();
  const brands = new Map<string, number>();
  const brandIds = new Map<number, string>();
  const attrs = new Map<string, number>();

  function keyOf(cache: Map<string, number>, insert: string, select: string, ...args: unknown[]): number {
    const id = args.join('\u0001');
    const hit = cache.get(id);
    if (hit !== undefined) return hit;
    stmt(db, insert).run(...args);
    return bounded(cache, id, pluck(db, select).get(...args) as number);
  }

  return {
    judge: (name) =>
      keyOf(
        judges,
        'INSERT OR IGNORE INTO pos_judges (name) VALUES (?)',
        'SELECT id FROM pos_judges WHERE name = ?',
        name,
      ),
    findJudge: (name) =>
      judges.get(name) ??
      (pluck(db, 'SELECT id FROM pos_judges WHERE name = ?').get(name) as number | undefined),
    scoring: (judge, version, brandSet) =>
      keyOf(
        scorings,
        'INSERT OR IGNORE INTO pos_scorings (judge, version, brand_set) VALUES (?, ?, ?)',
        'SELECT id FROM pos_scorings WHERE judge = ? AND version = ? AND brand_set = ?',
        judge,
        version,
        brandSet,
      ),
    brand: (brandId) =>
      keyOf(
        brands,
        'INSERT OR IGNORE INTO pos_brands (brand_id) VALUES (?)',
        'SELECT id FROM pos_brands WHERE brand_id = ?',
        brandId,
      ),
    attr: (text) =>
      keyOf(
        attrs,
        'INSERT OR IGNORE INTO pos_attrs (text) VALUES (?)',
        'SELECT id FROM pos_attrs WHERE text = ?',
        text,
      ),
    brandIdOf(key) {
      let id = brandIds.get(key);
      if (id === undefined) {
        id = pluck(db, 'SELECT brand_id FROM pos_brands WHERE id = ?').get(key) as string | undefined;
        if (id === undefined) return null;
        bounded(brandIds, key, id);
      }
      return id;
    },
    clear() {
      judges.clear();
      scorings.clear();
      brands.clear();
      brandIds.clear();
      attrs.clear();
    },
  };
}
