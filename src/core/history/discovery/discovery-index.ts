import type Database from 'better-sqlite3';
import {
  extractCandidates,
  originBit,
  type DiscoverySource,
  type ExtractedCandidate,
} from '../../../shared/analytics/discovery-extract';
import type { NormalizedResult } from '../../../shared/domain/result';
import { multiRowSql, pluck, stmt } from '../connection';
import {
  forEachChunk,
  leadsAhead,
  writeRollupRows,
  type VisibilityIndexer,
  type RollupRow,
  type UpsertTable,
} from '../visibility';
import { markdownSqlFor } from '../codec';

// Keeps the discovery tables (migration 004) in step with the results, inside the store's own
// transactions, like the Visibility index: a result's candidate names are extracted once at
// ingest (per-result rows + the day × name × engine × location roll-up), a replaced result is
// unindexed first, and a deleted run's results leave the roll-up before the run goes. The
// result's cell (day, engine, location) is the one the Visibility index just wrote to
// vis_result in the same transaction: handed over at ingest, read back otherwise. Statements
// are prepared at first use, so a store opened at an older schema (tests) works as long as it
// ingests nothing.

const STRUCTURED =
  originBit('entity') | originBit('product-brand') | originBit('merchant') | originBit('advertiser');
const PAGE = 2000;
const CACHE_LIMIT = 200_000;
const MAX_ROWS = 50;

export interface DiscoveryIndexer {
  /**
   * Extracts and indexes a freshly stored result's candidate names (after the Visibility index;
   * `cell` is the one it stored for the result, read from vis_result when not given).
   */
  indexResult(seq: number, content: DiscoverySource, cell?: Cell): void;
  /** Indexes given candidates for a stored result (indexResult's second half; benchmarks). */
  indexCandidates(seq: number, candidates: readonly ExtractedCandidate[], cell?: Cell): void;
  /** Takes a stored result out of the roll-up and drops its rows (before vis_result loses it). */
  unindexResult(seq: number): void;
  /** Takes every result of these runs out of the roll-up: before they are deleted. */
  unindexRuns(runIds: readonly string[]): void;
  /** Writes the summed roll-up and form changes (before the transaction commits). */
  flush(): void;
  /** Every table (decisions aside) from scratch for every stored result (the migration). */
  rebuildAll(): void;
  /** Forgets pending changes and cached keys after a rolled-back transaction. */
  reset(): void;
}

/** Where a result counts: its day, engine and location (as in vis_result). */
export interface Cell {
  day: number;
  engine: string;
  loc: string;
}

interface PendingDay {
  cell: Cell;
  name: number;
  answers: number;
  origins: number;
}

/**
 * The roll-ups of one change, each keyed for the read it serves: the queue of a period reads
 * only the rows of the engines and locations asked for (see migration 004). A row's origins
 * are a bit OR (not undone by an answer leaving); a row whose answers fall to 0 goes.
 */
interface RollupLevel extends UpsertTable {
  key: ReadonlyArray<'day' | 'name' | 'engine' | 'loc'>;
}
const level = (table: string, key: RollupLevel['key']): RollupLevel => ({
  table,
  key,
  values: ['answers', 'origins'],
  or: 'origins',
  empty: 'answers <= 0',
});
const ROLLUP_LEVELS: readonly RollupLevel[] = [
  level('disc_day', ['engine', 'loc', 'day', 'name']),
  level('disc_engine_day', ['engine', 'day', 'name']),
  level('disc_loc_day', ['loc', 'day', 'name']),
  level('disc_name_day', ['day', 'name']),
];

/** Adds answer deltas to disc_forms, several (id, delta) pairs a statement. */
const addFormAnswers = (rows: number): string =>
  multiRowSql(
    'UPDATE OR FAIL disc_forms SET answers = answers + v.column2 FROM (',
    '(?, ?)',
    rows,
    ') AS v WHERE disc_forms.id = v.column1',
  );

interface NameEntry {
  id: number;
  structured: boolean;
}

export function createDiscoveryIndexer(db: Database.Database): DiscoveryIndexer {
  const names = new Map<string, NameEntry>();
  const forms = new Map<string, number>();
  let structuredKeys: Set<string> | null = null;
  /** Pending roll-up changes by "day|name|engine|loc". */
  const pendingDays = new Map<string, PendingDay>();
  const pendingForms = new Map<number, number>();

  function knownStructured(): Set<string> {
    if (structuredKeys === null)
      structuredKeys = new Set(
        pluck(db, 'SELECT key FROM disc_names WHERE structured = 1').all() as string[],
      );
    return structuredKeys;
  }

  function nameId(key: string, structured: boolean): number {
    let entry = names.get(key);
    if (entry === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO disc_names (key) VALUES (?)').run(key);
      const row = stmt(db, 'SELECT id, structured FROM disc_names WHERE key = ?').get(key) as {
        id: number;
        structured: number;
      };
      entry = { id: row.id, structured: row.structured === 1 };
      if (names.size >= CACHE_LIMIT) names.clear();
      names.set(key, entry);
    }
    if (structured && !entry.structured) {
      stmt(db, 'UPDATE disc_names SET structured = 1 WHERE id = ?').run(entry.id);
      entry.structured = true;
      knownStructured().add(key);
    }
    return entry.id;
  }

  function formId(name: number, form: string): number {
    const cacheKey = `${name}\u0000${form}`;
    let id = forms.get(cacheKey);
    if (id === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO disc_forms (name, form, answers) VALUES (?, ?, 0)').run(name, form);
      id = pluck(db, 'SELECT id FROM disc_forms WHERE name = ? AND form = ?').get(name, form) as number;
      if (forms.size >= CACHE_LIMIT) forms.clear();
      forms.set(cacheKey, id);
    }
    return id;
  }

  function cellOf(seq: number): Cell | null {
    return (
      (stmt(db, 'SELECT day, engine, loc FROM vis_result WHERE seq = ?').get(seq) as Cell | undefined) ?? null
    );
  }

  function addDay(cell: Cell, name: number, answers: number, origins: number): void {
    const k = `${cell.day}|${name}|${cell.engine}|${cell.loc}`;
    const p = pendingDays.get(k);
    if (p) {
      p.answers += answers;
      p.origins |= origins;
    } else pendingDays.set(k, { cell, name, answers, origins });
  }

  function addForm(form: number, delta: number): void {
    pendingForms.set(form, (pendingForms.get(form) ?? 0) + delta);
  }

  /** One multi-row INSERT per result (a statement run has a fixed cost; answers name ~10 names). */
  const insertRows = (rows: number) =>
    stmt(db, multiRowSql('INSERT OR FAIL INTO disc_result (seq, name, form, origins)', '(?, ?, ?, ?)', rows));

  function indexCandidates(seq: number, candidates: readonly ExtractedCandidate[], given?: Cell): void {
    if (candidates.length === 0) return;
    const cell = given ?? cellOf(seq);
    if (cell === null) return;
    for (let at = 0; at < candidates.length; at += MAX_ROWS) {
      const chunk = candidates.slice(at, at + MAX_ROWS);
      const values: number[] = [];
      for (const c of chunk) {
        const name = nameId(c.key, (c.origins & STRUCTURED) !== 0);
        const form = formId(name, c.form);
        values.push(seq, name, form, c.origins);
        addDay(cell, name, 1, c.origins);
        addForm(form, 1);
      }
      insertRows(chunk.length).run(values);
    }
  }

  function indexResult(seq: number, content: DiscoverySource, cell?: Cell): void {
    const known = knownStructured();
    // The list leads, when a pull found them ahead on another thread (visibility-ahead.ts).
    const leads = leadsAhead(content);
    indexCandidates(seq, extractCandidates(content, { isKnownName: (key) => known.has(key), leads }), cell);
  }

  function unindexResult(seq: number): void {
    const rows = stmt(db, 'SELECT name, form FROM disc_result WHERE seq = ?').all(seq) as Array<{
      name: number;
      form: number;
    }>;
    if (rows.length === 0) return;
    const cell = cellOf(seq);
    for (const r of rows) {
      if (cell) addDay(cell, r.name, -1, 0);
      addForm(r.form, -1);
    }
    stmt(db, 'DELETE FROM disc_result WHERE seq = ?').run(seq);
  }

  function unindexRuns(runIds: readonly string[]): void {
    const seqs = pluck(
      db,
      `SELECT DISTINCT d.seq FROM vis_runs r JOIN vis_result f ON f.run = r.id JOIN disc_result d ON d.seq = f.seq
       WHERE r.run_id IN (SELECT value FROM json_each(?)) ORDER BY d.seq`,
    ).all(JSON.stringify(runIds)) as number[];
    for (let at = 0; at < seqs.length; at += PAGE) {
      for (const seq of seqs.slice(at, at + PAGE)) unindexResult(seq);
      flush();
    }
  }

  /** The pending changes summed by one roll-up's key, written in multi-row upserts. */
  function writeLevel(level: RollupLevel): void {
    const summed = new Map<string, RollupRow>();
    for (const p of pendingDays.values()) {
      if (p.answers === 0 && p.origins === 0) continue;
      const key = level.key.map((k) => (k === 'name' ? p.name : p.cell[k]));
      const id = key.join('|');
      const n = summed.get(id);
      if (n) {
        (n.values[0] as number) += p.answers;
        (n.values[1] as number) |= p.origins;
      } else summed.set(id, { key, values: [p.answers, p.origins], shrunk: false });
    }
    // A row that lost answers may be empty now: the writer deletes it if so.
    for (const n of summed.values()) n.shrunk = (n.values[0] as number) < 0;
    writeRollupRows(db, level, [...summed.values()]);
  }

  function flush(): void {
    if (pendingDays.size > 0) {
      for (const level of ROLLUP_LEVELS) writeLevel(level);
      pendingDays.clear();
    }
    if (pendingForms.size > 0) {
      const changed = [...pendingForms].filter(([, delta]) => delta !== 0);
      forEachChunk(changed.length, (at, size) =>
        stmt(db, addFormAnswers(size)).run(changed.slice(at, at + size).flat()),
      );
      pendingForms.clear();
    }
  }

  function rebuildAll(): void {
    for (const table of ['disc_result', ...ROLLUP_LEVELS.map((l) => l.table), 'disc_forms', 'disc_names'])
      db.exec(`DELETE FROM ${table}`);
    reset();
    const page = stmt(
      db,
      `SELECT seq, answer_text, ${markdownSqlFor(db, 'results')} AS answer_markdown FROM results
       WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`,
    );
    const entities = stmt(
      db,
      'SELECT result_seq, type, name FROM entities WHERE result_seq BETWEEN ? AND ? ORDER BY result_seq, position, id',
    );
    const products = stmt(
      db,
      `SELECT id, result_seq, brand, merchant FROM products WHERE result_seq BETWEEN ? AND ?
       ORDER BY result_seq, position, id`,
    );
    // Since migration 11 a product id is an expression no index finds: the offers are read by
    // their own result_seq. Migration 4 runs this on its schema, where offers have none.
    const offersHaveResult = (
      db.prepare("SELECT name FROM pragma_table_info('product_offers')").pluck().all() as string[]
    ).includes('result_seq');
    const offers = stmt(
      db,
      offersHaveResult
        ? `SELECT product_id, merchant FROM product_offers WHERE result_seq BETWEEN ? AND ?
           ORDER BY product_id, position`
        : `SELECT o.product_id, o.merchant FROM products p JOIN product_offers o ON o.product_id = p.id
           WHERE p.result_seq BETWEEN ? AND ? ORDER BY o.product_id, o.position`,
    );
    const ads = stmt(
      db,
      'SELECT result_seq, advertiser FROM ads WHERE result_seq BETWEEN ? AND ? ORDER BY result_seq, position, id',
    );
    let after = 0;
    for (;;) {
      const rows = page.all(after) as Array<{
        seq: number;
        answer_text: string;
        answer_markdown: string | null;
      }>;
      if (rows.length === 0) break;
      const first = (rows[0] as { seq: number }).seq;
      after = (rows[rows.length - 1] as { seq: number }).seq;
      const parts = new Map<number, DiscoverySource>();
      for (const r of rows)
        parts.set(r.seq, {
          text: r.answer_text,
          markdown: r.answer_markdown,
          entities: [],
          products: [],
          ads: [],
        });
      for (const e of entities.all(first, after) as Array<{ result_seq: number; type: string; name: string }>)
        parts.get(e.result_seq)?.entities.push({ type: e.type, name: e.name });
      const offersOf = new Map<number, Array<{ merchant: string | null }>>();
      for (const o of offers.all(first, after) as Array<{ product_id: number; merchant: string | null }>) {
        const list = offersOf.get(o.product_id) ?? [];
        list.push({ merchant: o.merchant });
        offersOf.set(o.product_id, list);
      }
      for (const p of products.all(first, after) as Array<{
        id: number;
        result_seq: number;
        brand: string | null;
        merchant: string | null;
      }>)
        parts.get(p.result_seq)?.products.push(productStub(p.brand, p.merchant, offersOf.get(p.id) ?? []));
      for (const a of ads.all(first, after) as Array<{ result_seq: number; advertiser: string | null }>)
        parts.get(a.result_seq)?.ads.push({
          position: 0,
          title: '',
          body: null,
          url: null,
          domain: null,
          advertiser: a.advertiser,
          placement: null,
        });
      for (const [seq, content] of parts) indexResult(seq, content);
      flush();
    }
  }

  function reset(): void {
    names.clear();
    forms.clear();
    structuredKeys = null;
    pendingDays.clear();
    pendingForms.clear();
  }

  return { indexResult, indexCandidates, unindexResult, unindexRuns, flush, rebuildAll, reset };
}

/** The parts of a product extraction reads, as a NormalizedProduct. */
function productStub(
  brand: string | null,
  merchant: string | null,
  offers: Array<{ merchant: string | null }>,
): NormalizedResult['products'][number] {
  return {
    position: 0,
    origin: 'shopping-card',
    title: '',
    url: null,
    brand,
    merchant,
    price: null,
    priceValue: null,
    currency: null,
    rating: null,
    reviews: null,
    offers: offers.map((o) => ({
      merchant: o.merchant,
      title: null,
      url: null,
      price: null,
      priceValue: null,
      currency: null,
      available: null,
    })),
  };
}

/** Whether the content the store hands the index is a whole normalized result (ingest), not the
 * partial rows the Visibility rebuild reads (which carry no entities, products or ads). */
function isWholeResult(content: object): content is DiscoverySource {
  const c = content as Partial<DiscoverySource>;
  return Array.isArray(c.entities) && Array.isArray(c.products) && Array.isArray(c.ads) && 'markdown' in c;
}

/**
 * The Visibility indexer with the discovery index riding along: the store calls one indexer
 * at every point where a result is stored, replaced or its run deleted, so both stay in step
 * without a second set of calls. Discovery unindexes first (it reads vis_result, which the
 * Visibility index deletes).
 */
export function withDiscoveryIndex(
  visibility: VisibilityIndexer,
  discovery: DiscoveryIndexer,
): VisibilityIndexer {
  return {
    ...visibility,
    indexResult(seq, jobId, fetchedAt, content, job) {
      const cell = visibility.indexResult(seq, jobId, fetchedAt, content, job);
      if (isWholeResult(content)) discovery.indexResult(seq, content, cell);
      return cell;
    },
    unindexResult(seq) {
      discovery.unindexResult(seq);
      visibility.unindexResult(seq);
    },
    unindexRuns(runIds) {
      discovery.unindexRuns(runIds);
      visibility.unindexRuns(runIds);
    },
    flush() {
      visibility.flush();
      discovery.flush();
    },
    reset() {
      visibility.reset();
      discovery.reset();
    },
  };
}
