import type Database from 'better-sqlite3';
import type { BrandFactSheet, Fact } from '../../../shared/facts';
import { pluck, stmt } from '../connection';

// The brands' fact sheets (brand_facts, migration 032) and their version (meta facts_version),
// which every check row records: a sheet changed since an answer was checked is told by it.

interface FactRow {
  brand_id: string;
  key: string;
  kind: string;
  value_json: string;
  words_json: string;
}

export function readFactsVersion(db: Database.Database): number {
  return Number(pluck(db, "SELECT value FROM meta WHERE key = 'facts_version'").get() ?? 0);
}

function factOf(r: FactRow): Fact {
  return {
    key: r.key,
    kind: r.kind,
    value: JSON.parse(r.value_json) as unknown,
    words: JSON.parse(r.words_json) as string[],
  } as Fact;
}

/** Every brand's sheet (brands without facts left out), in brand and key order. */
export function readFactSheets(db: Database.Database): BrandFactSheet[] {
  const rows = stmt(
    db,
    'SELECT brand_id, key, kind, value_json, words_json FROM brand_facts ORDER BY brand_id, key',
  ).all() as FactRow[];
  const sheets = new Map<string, Fact[]>();
  for (const r of rows) sheets.set(r.brand_id, [...(sheets.get(r.brand_id) ?? []), factOf(r)]);
  return [...sheets].map(([brandId, facts]) => ({ brandId, facts }));
}

const sameFact = (a: Fact, b: Fact): boolean =>
  a.kind === b.kind &&
  JSON.stringify(a.value) === JSON.stringify(b.value) &&
  JSON.stringify(a.words) === JSON.stringify(b.words);

/** A model's verdicts on a fact that changed or left the sheet no longer hold. */
function dropChangedModelChecks(db: Database.Database, brandId: string, facts: readonly Fact[]): void {
  const next = new Map(facts.map((f) => [f.key, f]));
  const drop = stmt(db, "DELETE FROM fact_checks WHERE brand_id = ? AND key = ? AND checker <> 'builtin'");
  for (const old of readFactSheets(db).find((s) => s.brandId === brandId)?.facts ?? []) {
    const now = next.get(old.key);
    if (now === undefined || !sameFact(old, now)) drop.run(brandId, old.key);
  }
}

/**
 * Replaces a brand's sheet with `facts` (the caller's transaction), bumps the sheets' version and
 * records a re-check of the history from its first answer.
 */
export function writeFactSheet(
  db: Database.Database,
  brandId: string,
  facts: readonly Fact[],
  now: number,
): number {
  dropChangedModelChecks(db, brandId, facts);
  stmt(db, 'DELETE FROM brand_facts WHERE brand_id = ?').run(brandId);
  const insert = stmt(
    db,
    'INSERT INTO brand_facts (brand_id, key, kind, value_json, words_json, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const f of facts)
    insert.run(brandId, f.key, f.kind, JSON.stringify(f.value), JSON.stringify(f.words), now);
  stmt(
    db,
    "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'facts_version'",
  ).run();
  requestRecheck(db);
  return readFactsVersion(db);
}

/**
 * The history is to be checked again from its first answer (a sheet or the brands changed). A
 * history without answers has nothing to check again: every answer stored later is checked at
 * its ingest against the sheets as they are then. The demo sets its sheets before its first run
 * for that reason; a re-check left due there would check every demo answer a second time.
 */
export function requestRecheck(db: Database.Database): void {
  stmt(
    db,
    "UPDATE meta SET value = '0' WHERE key = 'facts_recheck_after' AND EXISTS (SELECT 1 FROM results)",
  ).run();
}
