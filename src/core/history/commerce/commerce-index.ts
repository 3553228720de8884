import type Database from 'better-sqlite3';
import {
  adBrand,
  brandsIn,
  extractCommerce,
  productBrand,
  type ExtractedCommerce,
} from '../../../shared/commerce';
import { parseJson, pluck, stmt } from '../connection';
import type { VisibilityIndexer } from '../visibility';
import { keyOf, loadCommerceBrands, type CommerceBrands } from './commerce-brands';
import { contribute, type AdFacts, type AnswerFacts } from './commerce-contrib';
import { AnswerDelta } from './commerce-delta';
import { recordCommerceFill } from './commerce-fill-job';
import { everyRunCells } from './commerce-levels';
import {
  CommerceRollups,
  parseHist,
  rollupColumns,
  ROLLUP_TABLES,
  type RollupCell,
} from './commerce-rollups';
import {
  deleteCommerceRows,
  factsOfStored,
  readCommerceFacts,
  readStoredAnswer,
  writeAttribution,
  writeCommerceRows,
} from './commerce-rows';

// Keeps the commerce rows and roll-ups in step with the answers, inside the store's own
// transactions (ingest, run deletion, brand changes), as the Visibility index does. The
// organic tables are only read (which brands the answer's text names), never written.

/** Engines that can show a shopping surface or ads; assistant-a only when asked to. */
const COMMERCE_ENGINES = new Set([
  'assistant-a',
  'assistant-b',
  'assistant-d',
  'assistant-e',
  'search',
  'search-ai',
]);
const OPT_IN = 'assistant-a';

/** The job an answer belongs to, as the commerce index reads it. */
export interface CommerceJob {
  jobId: string;
  country: string;
  /** run_prompts.id of the job's prompt. */
  prompt: number | null;
}

export interface CommerceIndexer {
  /**
   * Adds a freshly stored answer's rows (a replaced answer is unindexed first), after the
   * Visibility's. raw: the service's response, parsed or as its JSON text; shown: whether the
   * normalised answer has products or ads (when not, raw text is not parsed again).
   */
  indexResult(seq: number, raw: unknown, shown: boolean, cell: RollupCell, job: CommerceJob): void;
  /** Takes a stored answer out of the roll-ups and drops its rows. */
  unindexResult(seq: number): void;
  /** Takes every answer of these runs out: before the runs are deleted. */
  unindexRuns(runIds: readonly string[]): void;
  flush(): void;
  reset(): void;
  /**
   * Re-derives a stored answer's brand-dependent facts (its products' and ads' brands, the
   * brands its prompt and text name) from its rows and the brands now, and moves its roll-up
   * share when they changed. Only for an answer whose rows carry what the brands are matched on:
   * no ads, or com_answer.ad_names = 1 (migration 047).
   */
  rederiveResult(seq: number, prompt: number | null): void;
  /** Brands changed: every answer's attribution is re-derived by the fill (commerce-fill.ts). */
  brandsChanged(): void;
}

/** The com_monitors id of a run's monitor (vis_runs id), made when new; null for a run no monitor made. */
function monitorKeyOf(db: Database.Database, run: number): number | null {
  const monitorId = pluck(
    db,
    'SELECT r.monitor_id FROM vis_runs v JOIN runs r ON r.id = v.run_id WHERE v.id = ?',
  ).get(run) as string | null | undefined;
  if (monitorId === null || monitorId === undefined) return null;
  stmt(db, 'INSERT OR IGNORE INTO com_monitors (monitor_id) VALUES (?)').run(monitorId);
  return pluck(db, 'SELECT id FROM com_monitors WHERE monitor_id = ?').get(monitorId) as number;
}

/** Takes the runs' rows out of the every-run rows, then drops them and the runs' answers' rows. */
function takeOutRuns(db: Database.Database, rollups: CommerceRollups, runIds: readonly string[]): void {
  const runs = `(SELECT id FROM vis_runs WHERE run_id IN (SELECT value FROM json_each(?)))`;
  const ids = JSON.stringify(runIds);
  type Row = Record<string, string | number>;
  const monitors = new Map<number, number | null>();
  const monitorOf = (run: number): number | null => {
    if (!monitors.has(run)) monitors.set(run, monitorKeyOf(db, run));
    return monitors.get(run) ?? null;
  };
  const cellOf = (row: Row): RollupCell => ({
    day: row.day as number,
    run: row.run as number,
    engine: row.engine as string,
    loc: row.loc as string,
    monitor: monitorOf(row.run as number),
  });
  for (const table of ROLLUP_TABLES) {
    const { keys, values } = rollupColumns(table);
    for (const row of stmt(db, `SELECT * FROM ${table} WHERE run IN ${runs}`).all(ids) as Row[])
      for (const cell of everyRunCells(cellOf(row)))
        rollups.addRow(
          table,
          cell,
          keys.map((k) => row[k] as string | number),
          values.map((v) => row[v] as number),
          -1,
        );
    stmt(db, `DELETE FROM ${table} WHERE run IN ${runs}`).run(ids);
  }
  for (const row of stmt(db, `SELECT * FROM com_prices WHERE run IN ${runs}`).all(ids) as Row[])
    for (const cell of everyRunCells(cellOf(row)))
      for (const [bucket, n] of parseHist(row.hist as string))
        rollups.addPriceRow(
          cell,
          row.brand as number,
          row.currency as string,
          row.own as number,
          Number(bucket),
          -n,
        );
  stmt(db, `DELETE FROM com_prices WHERE run IN ${runs}`).run(ids);
  rollups.flush();
  stmt(db, `DELETE FROM com_answer WHERE run IN ${runs}`).run(ids);
}

const NONE: ExtractedCommerce = { products: [], ads: [] };

/** The response as an object: the sync client keeps its body as the text received. */
const parsed = (raw: unknown): unknown => (typeof raw === 'string' ? parseJson(raw) : raw);

/** The brand-dependent part of an answer's facts: its products' and ads' brands, and the brands it names. */
interface Attribution {
  productBrands: ReadonlyArray<number | null>;
  ads: readonly AdFacts[];
  promptBrands: readonly number[];
  mentioned: readonly number[];
}

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function sameAttribution(a: Attribution, b: Attribution): boolean {
  return (
    sameList(a.productBrands, b.productBrands) &&
    a.ads.every((ad, i) => ad.brand === b.ads[i]?.brand && ad.advertiser === b.ads[i]?.advertiser) &&
    sameList(a.promptBrands, b.promptBrands) &&
    sameList(a.mentioned, b.mentioned)
  );
}

export function createCommerceIndexer(db: Database.Database): CommerceIndexer {
  const rollups = new CommerceRollups(db);
  let brands: CommerceBrands | null = null;
  const promptBrands = new Map<number, number[]>();
  const monitors = new Map<number, number | null>();
  /** The cell with its run's monitor, whose levels it counts in too. */
  const withMonitor = (cell: RollupCell): RollupCell => {
    if (!monitors.has(cell.run)) monitors.set(cell.run, monitorKeyOf(db, cell.run));
    return {
      day: cell.day,
      run: cell.run,
      engine: cell.engine,
      loc: cell.loc,
      monitor: monitors.get(cell.run) ?? null,
    };
  };
  const brandsNow = (): CommerceBrands => (brands ??= loadCommerceBrands(db));

  function promptBrandsOf(prompt: number | null): number[] {
    if (prompt === null) return [];
    let found = promptBrands.get(prompt);
    if (found === undefined) {
      const text = pluck(db, 'SELECT text FROM run_prompts WHERE id = ?').get(prompt) as string | undefined;
      const b = brandsNow();
      found = brandsIn(b.matcher, text ?? null).map((i) => b.keys[i] as number);
      promptBrands.set(prompt, found);
    }
    return found;
  }

  function askedFor(engine: string, jobId: string, commerce: ExtractedCommerce): boolean {
    if (!COMMERCE_ENGINES.has(engine)) return false;
    if (engine !== OPT_IN || commerce.products.length > 0 || commerce.ads.length > 0) return true;
    const include = stmt(
      db,
      `SELECT request_json ->> '$.include.shopping' AS shopping, request_json ->> '$.include.ads' AS ads
       FROM jobs WHERE id = ?`,
    ).get(jobId) as { shopping: number | null; ads: number | null } | undefined;
    return include?.shopping === 1 || include?.ads === 1;
  }

  /** A product's brand: its explicit brand field's, else the matcher's on its title. */
  const productKey = (b: CommerceBrands, p: { brandText: string | null; title: string }): number | null =>
    keyOf(b, productBrand(b.matcher, p.brandText, p.title));

  function adFactsOf(
    b: CommerceBrands,
    a: { name: string | null; domain: string | null; title: string },
  ): AdFacts {
    const brand = keyOf(b, adBrand(b.matcher, a.name, a.domain));
    const name = brand === null ? null : (b.matcher.brands[b.keys.indexOf(brand)]?.name ?? null);
    return { brand, advertiser: name ?? a.domain ?? a.name ?? a.title };
  }

  /** The brands the answer's text names (the Visibility's reading), when they count: asked answers. */
  function mentionedIn(seq: number, asked: boolean): number[] {
    if (!asked || brandsNow().keys.length === 0) return [];
    return pluck(db, 'SELECT brand FROM vis_result_brand WHERE seq = ? AND mentioned = 1').all(
      seq,
    ) as number[];
  }

  function factsOf(
    seq: number,
    commerce: ExtractedCommerce,
    cell: RollupCell,
    job: CommerceJob,
  ): AnswerFacts {
    const b = brandsNow();
    const asked = askedFor(cell.engine, job.jobId, commerce);
    return {
      cell,
      asked,
      products: commerce.products.map((p) => ({
        brand: productKey(b, p),
        position: p.position,
        title: p.title,
        merchant: p.merchant,
        offerMerchants: p.offerMerchants,
        amount: p.price?.amount ?? null,
        currency: p.price?.currency ?? null,
      })),
      ads: commerce.ads.map((a) => adFactsOf(b, a)),
      promptBrands: promptBrandsOf(job.prompt),
      mentioned: mentionedIn(seq, asked),
    };
  }

  return {
    indexResult(seq, raw, shown, cell, job) {
      const commerce = shown ? extractCommerce(cell.engine, parsed(raw), job.country) : NONE;
      const facts = factsOf(seq, commerce, withMonitor(cell), job);
      writeCommerceRows(db, seq, facts, commerce);
      contribute(rollups, facts, 1);
    },
    unindexResult(seq) {
      const facts = readCommerceFacts(db, seq);
      if (!facts) return;
      contribute(rollups, { ...facts, cell: withMonitor(facts.cell) }, -1);
      deleteCommerceRows(db, seq);
    },
    rederiveResult(seq, prompt) {
      const stored = readStoredAnswer(db, seq);
      if (!stored) return;
      const b = brandsNow();
      const next: Attribution = {
        productBrands: stored.products.map((p) => productKey(b, p)),
        ads: stored.ads.map((a) => adFactsOf(b, a)),
        promptBrands: promptBrandsOf(prompt),
        mentioned: mentionedIn(seq, stored.asked),
      };
      const was: Attribution = { ...stored, productBrands: stored.products.map((p) => p.brand) };
      if (sameAttribution(was, next)) return;
      const old = factsOfStored(db, seq, stored);
      const now: AnswerFacts = {
        ...old,
        products: old.products.map((p, slot) => ({ ...p, brand: next.productBrands[slot] ?? null })),
        ads: next.ads,
        promptBrands: next.promptBrands,
        mentioned: next.mentioned,
      };
      const delta = new AnswerDelta();
      contribute(delta, old, -1);
      contribute(delta, now, 1);
      delta.applyTo(rollups, withMonitor(old.cell));
      writeAttribution(db, seq, now);
    },
    unindexRuns(runIds) {
      takeOutRuns(db, rollups, runIds);
    },
    flush() {
      rollups.flush();
      brands = null;
      promptBrands.clear();
      monitors.clear();
    },
    reset() {
      rollups.reset();
      brands = null;
      promptBrands.clear();
      monitors.clear();
    },
    brandsChanged() {
      rollups.flush();
      recordCommerceFill(db);
      brands = null;
      promptBrands.clear();
      monitors.clear();
    },
  };
}

/** The Visibility indexer with the commerce index riding along (same calls, same transactions). */
export function withCommerceIndex(
  visibility: VisibilityIndexer,
  commerce: CommerceIndexer,
): VisibilityIndexer {
  return {
    ...visibility,
    unindexResult(seq) {
      commerce.unindexResult(seq);
      visibility.unindexResult(seq);
    },
    unindexRuns(runIds) {
      commerce.unindexRuns(runIds);
      visibility.unindexRuns(runIds);
    },
    flush() {
      visibility.flush();
      commerce.flush();
    },
    reanalyseBrands() {
      visibility.reanalyseBrands();
      commerce.brandsChanged();
    },
    reset() {
      visibility.reset();
      commerce.reset();
    },
  };
}
