import type Database from 'better-sqlite3';
import {
  brandVisibility,
  compileBrandMatcher,
  withResultRanks,
  type BrandMatcher,
  type ResultLine,
  type BrandDefinition,
} from '../../../shared/analytics';
import type { NormalizedSource } from '../../../shared/domain/result';
import { multiRowSql, parseObject, pluck, stmt } from '../connection';
import type { RollupKey, RollupWriter } from './visibility-rollups';

// Brand matching over one stored answer, and what it adds to the brand and citation-gap
// roll-ups. Shared by ingest, the re-analysis after a brand change and the migration.

export interface BrandHit {
  /** Index in the matcher's brands. */
  idx: number;
  mentioned: boolean;
  cited: boolean;
  rank: number | null;
  count: number;
}

export interface BrandState {
  /** meta brands_version the state was compiled for. */
  version: string;
  /** The definitions the matcher was compiled from, as brandsKey() gives them. */
  key: string;
  matcher: BrandMatcher;
  /** vis_brands.id per matcher brand index. */
  keys: number[];
  /** Matcher indexes of the brands of kind 'brand' (the precomputed gap focuses). */
  focuses: number[];
  /** Matcher indexes of the brands of kind 'competitor'. */
  competitors: number[];
}

export function brandsVersion(db: Database.Database): string {
  return (
    (pluck(db, "SELECT value FROM meta WHERE key = 'brands_version'").get() as string | undefined) ?? '0'
  );
}

/** The file's brands as the matcher and the positioning judge take them, by name then id. */
export function readBrandDefinitions(db: Database.Database): BrandDefinition[] {
  const rows = stmt(db, 'SELECT id, name, kind, variants_json FROM brands ORDER BY name, id').all() as Array<{
    id: string;
    name: string;
    kind: 'brand' | 'competitor';
    variants_json: string;
  }>;
  const list = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
  return rows.map((r) => {
    const v = parseObject(r.variants_json);
    return { id: r.id, name: r.name, kind: r.kind, aliases: list(v.aliases), domains: list(v.domains) };
  });
}

/** Compiles the brands of the file (and gives each its small integer key). */
export function loadBrandState(db: Database.Database, version: string): BrandState {
  const defs = readBrandDefinitions(db);
  const keys = defs.map((d) => {
    stmt(db, 'INSERT OR IGNORE INTO vis_brands (brand_id) VALUES (?)').run(d.id);
    return pluck(db, 'SELECT id FROM vis_brands WHERE brand_id = ?').get(d.id) as number;
  });
  return {
    version,
    key: brandsKey(defs),
    matcher: compileBrandMatcher(defs),
    keys,
    focuses: defs.flatMap((d, i) => (d.kind === 'brand' ? [i] : [])),
    competitors: defs.flatMap((d, i) => (d.kind === 'competitor' ? [i] : [])),
  };
}

/**
 * The tracked brands an answer names or cites. `lines`: the text is a search result list
 * (mentionSource), so a brand's rank is that of the first result naming it, not its order
 * among the brands named.
 */
export function analyseBrands(
  state: BrandState,
  text: string,
  sources: NormalizedSource[],
  lines: readonly ResultLine[] | null = null,
): BrandHit[] {
  return state.keys.length === 0 ? [] : brandHits(state.matcher, text, sources, lines);
}

/** analyseBrands' matching, pure (it also runs on the threads a pull prepares answers on). */
export function brandHits(
  matcher: BrandMatcher,
  text: string,
  sources: NormalizedSource[],
  lines: readonly ResultLine[] | null,
): BrandHit[] {
  const vis = withResultRanks(
    brandVisibility(matcher, { text, sources, entities: [], products: [], ads: [] }),
    lines,
  );
  const hits: BrandHit[] = [];
  vis.brands.forEach((b, idx) => {
    const cited = b.citationCount > 0;
    if (b.mentioned || cited)
      hits.push({ idx, mentioned: b.mentioned, cited, rank: b.firstRank, count: b.mentionCount });
  });
  return hits;
}

/** The identity of a brand set for the matcher: its definitions in order, every field. */
export const brandsKey = (defs: readonly BrandDefinition[]): string => JSON.stringify(defs);

/** One answer's brand and gap roll-up changes, with sign +1 (added) or -1 (taken out). */
export function addBrandRollups(
  rollups: RollupWriter,
  state: BrandState,
  cell: RollupKey,
  hits: readonly BrandHit[],
  domains: readonly number[],
  sign: number,
): void {
  for (const h of hits) {
    const r = h.rank ?? 0;
    const values = (): number[] => [
      sign * (h.mentioned ? 1 : 0),
      sign * (h.cited ? 1 : 0),
      sign * (h.rank === null ? 0 : 1),
      sign * r,
      sign * r * r,
      sign * h.count,
      // A hit is named or cited (analyseBrands keeps no other): it counts once as present.
      sign,
    ];
    const brand = state.keys[h.idx] as number;
    rollups.add('brand', cell, values(), brand);
    if (cell.prompt != null) rollups.add('promptBrand', cell, values(), cell.prompt, brand);
  }
  if (state.focuses.length === 0) return;
  const named = new Set(hits.filter((h) => h.mentioned).map((h) => h.idx));
  for (const f of state.focuses) {
    const focus = state.keys[f] as number;
    if (named.has(f)) {
      for (const domain of domains) rollups.add('gapDomain', cell, [0, sign], focus, domain);
      continue;
    }
    const rivals = state.competitors.filter((x) => x !== f && named.has(x));
    if (rivals.length === 0) continue;
    rollups.add('gapCell', cell, [sign], focus);
    for (const domain of domains) {
      rollups.add('gapDomain', cell, [sign, 0], focus, domain);
      for (const x of rivals) rollups.add('gapComp', cell, [sign], focus, domain, state.keys[x] as number);
    }
  }
}

/** The per-result brand rows (vis_result_brand): one statement for a result's hits. */
export function writeBrandRows(
  db: Database.Database,
  seq: number,
  state: BrandState,
  hits: readonly BrandHit[],
): void {
  // Most results name a few tracked brands: one statement for them (in chunks of 50 rows,
  // well under SQLite's limit on bound parameters), not one per brand.
  for (let at = 0; at < hits.length; at += BRAND_ROWS) {
    const chunk = hits.slice(at, at + BRAND_ROWS);
    const params: Array<number | null> = [];
    for (const h of chunk)
      params.push(seq, state.keys[h.idx] as number, h.mentioned ? 1 : 0, h.cited ? 1 : 0, h.rank, h.count);
    stmt(db, multiRowSql(INSERT_BRAND_ROWS, '(?, ?, ?, ?, ?, ?)', chunk.length)).run(params);
  }
}

const BRAND_ROWS = 50;
const INSERT_BRAND_ROWS = 'INSERT INTO vis_result_brand (seq, brand, mentioned, cited, rank, count)';

/** A result's stored brand rows, as hits of the current state (rows of deleted brands left out). */
export function storedBrandHits(db: Database.Database, state: BrandState, seq: number): BrandHit[] {
  const byKey = new Map(state.keys.map((k, i) => [k, i]));
  const rows = stmt(
    db,
    'SELECT brand, mentioned, cited, rank, count FROM vis_result_brand WHERE seq = ?',
  ).all(seq) as Array<{
    brand: number;
    mentioned: number;
    cited: number;
    rank: number | null;
    count: number;
  }>;
  return rows
    .filter((h) => byKey.has(h.brand))
    .map((h) => ({
      idx: byKey.get(h.brand) as number,
      mentioned: h.mentioned === 1,
      cited: h.cited === 1,
      rank: h.rank,
      count: h.count,
    }));
}
