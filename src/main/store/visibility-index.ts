import type Database from 'better-sqlite3';
import { brandVisibility, compileBrandMatcher, type BrandMatcher } from '../../shared/analytics';
import type { BrandDefinition } from '../../shared/analytics';
import type { NormalizedResult, NormalizedSource, SourceKind } from '../../shared/domain/result';
import { parseObject, parseStringArray } from './json';
import { pluck, stmt } from './statements';

// Keeps the Visibility tables (migration 002) in step with the results: per-result rows and
// the daily roll-ups. Called inside the store's own transactions (ingest, brand save/delete,
// the migration), never on its own. Roll-up changes are summed in memory per call and written
// once per touched row, so a burst of results in one cell costs one upsert, not one per result.

export const DAY_MS = 86_400_000;

/** Bit i of vis_domains.kinds stands for SOURCE_KIND_BITS[i]. */
export const SOURCE_KIND_BITS: readonly SourceKind[] = [
  'cited',
  'citation-pill',
  'organic',
  'news',
  'aio-source',
  'aio-pill',
  'paa-source',
  'video',
  'place',
];

/** The part of a result the index reads. */
export type IndexedContent = Pick<NormalizedResult, 'text' | 'sources' | 'searchQueries'>;

export interface VisibilityIndexer {
  /** Adds the rows of freshly stored results (a replaced result is unindexed first). */
  indexResult(seq: number, jobId: string, fetchedAt: number, content: IndexedContent): void;
  /** Takes a stored result out of the roll-ups and drops its rows (before its sources are replaced). */
  unindexResult(seq: number): void;
  /** Writes the summed roll-up changes; the store calls it before its transaction commits. */
  flush(): void;
  /** Brands changed: recomputes every brand-derived row and roll-up from the stored answers. */
  reanalyseBrands(): void;
  /** Every table from scratch, for every stored result (the migration). */
  rebuildAll(): void;
  /** Forgets pending changes and cached keys after a rolled-back transaction. */
  reset(): void;
}

/** The registrable host as stored in sources.domain, lower case, without www. */
export function hostKey(source: Pick<NormalizedSource, 'domain'>): string {
  return source.domain.toLowerCase().replace(/^www\./u, '');
}

export function locationKey(country: string, state: string | null): string {
  return state ? `US-${state}` : country;
}

interface Cell {
  day: number;
  run: number;
  engine: string;
  loc: string;
}

interface BrandHit {
  /** Index in the matcher's brands. */
  idx: number;
  mentioned: boolean;
  cited: boolean;
  rank: number | null;
  count: number;
}

interface BrandState {
  version: string;
  matcher: BrandMatcher;
  /** vis_brands.id per matcher brand index. */
  keys: number[];
  /** Matcher indexes of the brands of kind 'brand' (the precomputed gap focuses). */
  focuses: number[];
  /** Matcher indexes of the brands of kind 'competitor'. */
  competitors: number[];
}

/** Sums of roll-up changes keyed by the row's key columns, written in one pass. */
class Deltas {
  readonly rows = new Map<string, { key: Array<number | string>; values: number[] }>();
  add(key: Array<number | string>, values: number[]): void {
    const k = key.join('\u0001');
    const row = this.rows.get(k);
    if (!row) this.rows.set(k, { key, values: [...values] });
    else
      for (let i = 0; i < values.length; i++)
        row.values[i] = (row.values[i] as number) + (values[i] as number);
  }
}

const CACHE_LIMIT = 200_000;

function boundedSet<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= CACHE_LIMIT) map.clear();
  map.set(key, value);
}

export function createVisibilityIndexer(db: Database.Database): VisibilityIndexer {
  const jobCell = stmt(
    db,
    `SELECT j.run_id, j.engine, j.country, j.us_state, p.id AS prompt FROM jobs j
     JOIN run_prompts p ON p.run_id = j.run_id AND p.idx = j.prompt_index WHERE j.id = ?`,
  );
  const insertResult = stmt(
    db,
    'INSERT INTO vis_result (seq, day, run, engine, loc, prompt) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertBrand = stmt(
    db,
    'INSERT INTO vis_result_brand (seq, brand, mentioned, cited, rank, count) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertDomain = stmt(db, 'INSERT INTO vis_result_domain (seq, domain, best) VALUES (?, ?, ?)');
  const insertQuery = stmt(db, 'INSERT INTO vis_result_query (seq, query) VALUES (?, ?)');

  const runIds = new Map<string, number>();
  const domainIds = new Map<string, { id: number; kinds: number }>();
  const urlIds = new Map<string, number>();
  const queryIds = new Map<string, number>();
  let brands: BrandState | null = null;

  let cells = new Deltas();
  let brandDays = new Deltas();
  let domainDays = new Deltas();
  let urlDays = new Deltas();
  let queryDays = new Deltas();
  let gapCells = new Deltas();
  let gapDomains = new Deltas();
  let gapComps = new Deltas();

  function runKey(runId: string): number {
    let id = runIds.get(runId);
    if (id === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO vis_runs (run_id) VALUES (?)').run(runId);
      id = pluck(db, 'SELECT id FROM vis_runs WHERE run_id = ?').get(runId) as number;
      boundedSet(runIds, runId, id);
    }
    return id;
  }

  function domainKey(domain: string, kinds: number): number {
    let entry = domainIds.get(domain);
    if (entry === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO vis_domains (domain, kinds) VALUES (?, 0)').run(domain);
      const row = stmt(db, 'SELECT id, kinds FROM vis_domains WHERE domain = ?').get(domain) as {
        id: number;
        kinds: number;
      };
      entry = { id: row.id, kinds: row.kinds };
      boundedSet(domainIds, domain, entry);
    }
    if ((entry.kinds | kinds) !== entry.kinds) {
      entry.kinds |= kinds;
      stmt(db, 'UPDATE vis_domains SET kinds = kinds | ? WHERE id = ?').run(kinds, entry.id);
    }
    return entry.id;
  }

  function urlKey(url: string, domain: number, title: string | null): number {
    let id = urlIds.get(url);
    if (id === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO vis_urls (domain, url, title) VALUES (?, ?, ?)').run(
        domain,
        url,
        title,
      );
      id = pluck(db, 'SELECT id FROM vis_urls WHERE url = ?').get(url) as number;
      boundedSet(urlIds, url, id);
    }
    return id;
  }

  function queryKey(query: string): number {
    let id = queryIds.get(query);
    if (id === undefined) {
      stmt(db, 'INSERT OR IGNORE INTO vis_queries (query) VALUES (?)').run(query);
      id = pluck(db, 'SELECT id FROM vis_queries WHERE query = ?').get(query) as number;
      boundedSet(queryIds, query, id);
    }
    return id;
  }

  /** The compiled matcher, rebuilt only when the brands changed (meta brands_version). */
  function brandState(): BrandState {
    const version = (pluck(db, "SELECT value FROM meta WHERE key = 'brands_version'").get() as string) ?? '0';
    if (brands && brands.version === version) return brands;
    const rows = stmt(
      db,
      'SELECT id, name, kind, variants_json FROM brands ORDER BY name, id',
    ).all() as Array<{
      id: string;
      name: string;
      kind: 'brand' | 'competitor';
      variants_json: string;
    }>;
    const defs: BrandDefinition[] = rows.map((r) => {
      const v = parseObject(r.variants_json);
      const list = (x: unknown) =>
        Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : [];
      return { id: r.id, name: r.name, kind: r.kind, aliases: list(v.aliases), domains: list(v.domains) };
    });
    const keys = defs.map((d) => {
      stmt(db, 'INSERT OR IGNORE INTO vis_brands (brand_id) VALUES (?)').run(d.id);
      return pluck(db, 'SELECT id FROM vis_brands WHERE brand_id = ?').get(d.id) as number;
    });
    brands = {
      version,
      matcher: compileBrandMatcher(defs),
      keys,
      focuses: defs.flatMap((d, i) => (d.kind === 'brand' ? [i] : [])),
      competitors: defs.flatMap((d, i) => (d.kind === 'competitor' ? [i] : [])),
    };
    return brands;
  }

  function analyseBrands(state: BrandState, text: string, sources: NormalizedSource[]): BrandHit[] {
    if (state.keys.length === 0) return [];
    const vis = brandVisibility(state.matcher, { text, sources, entities: [], products: [], ads: [] });
    const hits: BrandHit[] = [];
    vis.brands.forEach((b, idx) => {
      const cited = b.citationCount > 0;
      if (b.mentioned || cited)
        hits.push({ idx, mentioned: b.mentioned, cited, rank: b.firstRank, count: b.mentionCount });
    });
    return hits;
  }

  /** The roll-up changes of one result's brand rows, with sign +1 (added) or -1 (removed). */
  function addBrandDeltas(
    state: BrandState,
    cell: Cell,
    hits: readonly BrandHit[],
    domains: readonly number[],
    sign: number,
  ): void {
    const c = [cell.day, cell.run, cell.engine, cell.loc];
    for (const h of hits) {
      const r = h.rank ?? 0;
      brandDays.add(
        [...c, state.keys[h.idx] as number],
        [
          sign * (h.mentioned ? 1 : 0),
          sign * (h.cited ? 1 : 0),
          sign * (h.rank === null ? 0 : 1),
          sign * r,
          sign * r * r,
          sign * h.count,
        ],
      );
    }
    if (state.focuses.length === 0) return;
    const named = new Set(hits.filter((h) => h.mentioned).map((h) => h.idx));
    for (const f of state.focuses) {
      const focusKey = state.keys[f] as number;
      if (named.has(f)) {
        for (const d of domains) gapDomains.add([focusKey, ...c, d], [0, sign]);
        continue;
      }
      const rivals = state.competitors.filter((x) => x !== f && named.has(x));
      if (rivals.length === 0) continue;
      gapCells.add([focusKey, ...c], [sign]);
      for (const d of domains) {
        gapDomains.add([focusKey, ...c, d], [sign, 0]);
        for (const x of rivals) gapComps.add([focusKey, d, ...c, state.keys[x] as number], [sign]);
      }
    }
  }

  function writeBrandRows(seq: number, state: BrandState, hits: readonly BrandHit[]): void {
    for (const h of hits)
      insertBrand.run(seq, state.keys[h.idx], h.mentioned ? 1 : 0, h.cited ? 1 : 0, h.rank, h.count);
  }

  function cellOf(jobId: string, fetchedAt: number): { cell: Cell; prompt: number | null } {
    const job = jobCell.get(jobId) as
      | { run_id: string; engine: string; country: string; us_state: string | null; prompt: number }
      | undefined;
    if (!job) throw new Error(`No job with id ${jobId}`);
    return {
      cell: {
        day: Math.floor(fetchedAt / DAY_MS),
        run: runKey(job.run_id),
        engine: job.engine,
        loc: locationKey(job.country, job.us_state),
      },
      prompt: job.prompt,
    };
  }

  function indexResult(seq: number, jobId: string, fetchedAt: number, content: IndexedContent): void {
    const state = brandState();
    const { cell, prompt } = cellOf(jobId, fetchedAt);
    const c = [cell.day, cell.run, cell.engine, cell.loc];
    insertResult.run(seq, cell.day, cell.run, cell.engine, cell.loc, prompt);
    cells.add(c, [1]);

    // Distinct domains (best position, kinds) and URLs of the result's sources.
    const domains = new Map<string, { best: number; kinds: number }>();
    const urls = new Map<string, { best: number; domain: string; title: string | null }>();
    for (const s of content.sources) {
      const host = hostKey(s);
      if (host === '') continue;
      const bit = 1 << Math.max(0, SOURCE_KIND_BITS.indexOf(s.kind));
      const d = domains.get(host);
      if (!d) domains.set(host, { best: s.position, kinds: bit });
      else {
        d.best = Math.min(d.best, s.position);
        d.kinds |= bit;
      }
      const u = urls.get(s.url);
      if (!u) urls.set(s.url, { best: s.position, domain: host, title: s.title });
      else u.best = Math.min(u.best, s.position);
    }
    const domainKeys: number[] = [];
    const domainByHost = new Map<string, number>();
    for (const [host, d] of domains) {
      const id = domainKey(host, d.kinds);
      domainKeys.push(id);
      domainByHost.set(host, id);
      insertDomain.run(seq, id, d.best);
      domainDays.add([...c, id], [1]);
    }
    for (const [url, u] of urls) {
      const id = urlKey(url, domainByHost.get(u.domain) as number, u.title);
      urlDays.add([id, ...c], [1, u.best]);
    }
    const queries = new Set(content.searchQueries.map((q) => q.trim()).filter((q) => q !== ''));
    for (const q of queries) {
      const id = queryKey(q);
      insertQuery.run(seq, id);
      queryDays.add([...c, id], [1]);
    }

    const hits = analyseBrands(state, content.text, content.sources);
    writeBrandRows(seq, state, hits);
    addBrandDeltas(state, cell, hits, domainKeys, 1);
  }

  function unindexResult(seq: number): void {
    const row = stmt(db, 'SELECT day, run, engine, loc FROM vis_result WHERE seq = ?').get(seq) as
      Cell | undefined;
    if (!row) return;
    const state = brandState();
    const c = [row.day, row.run, row.engine, row.loc];
    cells.add(c, [-1]);
    const domains = pluck(db, 'SELECT domain FROM vis_result_domain WHERE seq = ?').all(seq) as number[];
    for (const d of domains) domainDays.add([...c, d], [-1]);
    const urls = pluck(
      db,
      'SELECT DISTINCT u.id FROM sources s JOIN vis_urls u ON u.url = s.url WHERE s.result_seq = ?',
    ).all(seq) as number[];
    // The best position of a URL's roll-up is a minimum and cannot be undone; it stays.
    for (const u of urls) urlDays.add([u, ...c], [-1, Number.MAX_SAFE_INTEGER]);
    const queries = pluck(db, 'SELECT query FROM vis_result_query WHERE seq = ?').all(seq) as number[];
    for (const q of queries) queryDays.add([...c, q], [-1]);
    const byKey = new Map(state.keys.map((k, i) => [k, i]));
    const hits = (
      stmt(db, 'SELECT brand, mentioned, cited, rank, count FROM vis_result_brand WHERE seq = ?').all(
        seq,
      ) as Array<{
        brand: number;
        mentioned: number;
        cited: number;
        rank: number | null;
        count: number;
      }>
    )
      .filter((h) => byKey.has(h.brand))
      .map((h) => ({
        idx: byKey.get(h.brand) as number,
        mentioned: h.mentioned === 1,
        cited: h.cited === 1,
        rank: h.rank,
        count: h.count,
      }));
    addBrandDeltas(state, row, hits, domains, -1);
    for (const table of ['vis_result', 'vis_result_brand', 'vis_result_domain', 'vis_result_query'])
      stmt(db, `DELETE FROM ${table} WHERE seq = ?`).run(seq);
  }

  function upsert(table: string, keyCols: string[], valueCols: string[], deltas: Deltas, best = false): void {
    if (deltas.rows.size === 0) return;
    const sets = valueCols.map((v) =>
      best && v === 'best' ? 'best = min(best, excluded.best)' : `${v} = ${v} + excluded.${v}`,
    );
    const s = stmt(
      db,
      `INSERT INTO ${table} (${[...keyCols, ...valueCols].join(', ')})
       VALUES (${[...keyCols, ...valueCols].map(() => '?').join(', ')})
       ON CONFLICT (${keyCols.join(', ')}) DO UPDATE SET ${sets.join(', ')}`,
    );
    for (const { key, values } of deltas.rows.values()) s.run(...key, ...values);
  }

  const CELL = ['day', 'run', 'engine', 'loc'];
  function flush(): void {
    upsert('vis_cell', CELL, ['answers'], cells);
    upsert(
      'vis_brand_day',
      [...CELL, 'brand'],
      ['mentioned', 'cited', 'ranked', 'rank_sum', 'rank_sq', 'mentions'],
      brandDays,
    );
    upsert('vis_domain_day', [...CELL, 'domain'], ['answers'], domainDays);
    upsert('vis_url_day', ['url', ...CELL], ['answers', 'best'], urlDays, true);
    upsert('vis_query_day', [...CELL, 'query'], ['answers'], queryDays);
    upsert('vis_gap_cell', ['focus', ...CELL], ['answers'], gapCells);
    upsert('vis_gap_domain', ['focus', ...CELL, 'domain'], ['gap', 'with_focus'], gapDomains);
    upsert('vis_gap_comp', ['focus', 'domain', ...CELL, 'brand'], ['answers'], gapComps);
    cells = new Deltas();
    brandDays = new Deltas();
    domainDays = new Deltas();
    urlDays = new Deltas();
    queryDays = new Deltas();
    gapCells = new Deltas();
    gapDomains = new Deltas();
    gapComps = new Deltas();
  }

  const PAGE = 2000;

  function reanalyseBrands(): void {
    for (const t of ['vis_result_brand', 'vis_brand_day', 'vis_gap_cell', 'vis_gap_domain', 'vis_gap_comp'])
      db.exec(`DELETE FROM ${t}`);
    const state = brandState();
    if (state.keys.length === 0) return;
    const page = stmt(
      db,
      `SELECT v.seq, v.day, v.run, v.engine, v.loc, r.answer_text AS text FROM vis_result v
       JOIN results r ON r.seq = v.seq WHERE v.seq > ? ORDER BY v.seq LIMIT ${PAGE}`,
    );
    const pageDomains = stmt(
      db,
      `SELECT rd.seq, rd.domain, d.domain AS host FROM vis_result_domain rd JOIN vis_domains d ON d.id = rd.domain
       WHERE rd.seq BETWEEN ? AND ?`,
    );
    let after = 0;
    for (;;) {
      const rows = page.all(after) as Array<Cell & { seq: number; text: string }>;
      if (rows.length === 0) break;
      const first = (rows[0] as { seq: number }).seq;
      after = (rows[rows.length - 1] as { seq: number }).seq;
      const domainsOf = new Map<number, Array<{ domain: number; host: string }>>();
      for (const d of pageDomains.all(first, after) as Array<{ seq: number; domain: number; host: string }>) {
        const list = domainsOf.get(d.seq) ?? [];
        list.push(d);
        domainsOf.set(d.seq, list);
      }
      for (const row of rows) {
        const domains = domainsOf.get(row.seq) ?? [];
        // One source per cited domain is all citation matching needs.
        const sources: NormalizedSource[] = domains.map((d, i) => ({
          position: i + 1,
          kind: 'cited',
          url: `https://${d.host}/`,
          domain: d.host,
          title: null,
          snippet: null,
          redirectLink: null,
          datePublished: null,
        }));
        const hits = analyseBrands(state, row.text, sources);
        writeBrandRows(row.seq, state, hits);
        addBrandDeltas(
          state,
          row,
          hits,
          domains.map((d) => d.domain),
          1,
        );
      }
      flush();
    }
  }

  function rebuildAll(): void {
    for (const t of [
      'vis_result',
      'vis_result_brand',
      'vis_result_domain',
      'vis_result_query',
      'vis_cell',
      'vis_brand_day',
      'vis_domain_day',
      'vis_url_day',
      'vis_query_day',
      'vis_gap_cell',
      'vis_gap_domain',
      'vis_gap_comp',
    ])
      db.exec(`DELETE FROM ${t}`);
    const page = stmt(
      db,
      `SELECT seq, job_id, fetched_at, answer_text, search_queries_json FROM results
       WHERE seq > ? ORDER BY seq LIMIT ${PAGE}`,
    );
    const pageSources = stmt(
      db,
      `SELECT result_seq, kind, position, url, domain, title FROM sources
       WHERE result_seq BETWEEN ? AND ? ORDER BY result_seq, id`,
    );
    let after = 0;
    for (;;) {
      const rows = page.all(after) as Array<{
        seq: number;
        job_id: string;
        fetched_at: number;
        answer_text: string;
        search_queries_json: string;
      }>;
      if (rows.length === 0) break;
      const first = (rows[0] as { seq: number }).seq;
      after = (rows[rows.length - 1] as { seq: number }).seq;
      const sourcesOf = new Map<number, NormalizedSource[]>();
      for (const s of pageSources.all(first, after) as Array<{
        result_seq: number;
        kind: SourceKind;
        position: number;
        url: string;
        domain: string;
        title: string | null;
      }>) {
        const list = sourcesOf.get(s.result_seq) ?? [];
        list.push({ ...s, snippet: null, redirectLink: null, datePublished: null });
        sourcesOf.set(s.result_seq, list);
      }
      for (const r of rows) {
        indexResult(r.seq, r.job_id, r.fetched_at, {
          text: r.answer_text,
          sources: sourcesOf.get(r.seq) ?? [],
          searchQueries: parseStringArray(r.search_queries_json),
        });
      }
      flush();
    }
  }

  function reset(): void {
    runIds.clear();
    domainIds.clear();
    urlIds.clear();
    queryIds.clear();
    brands = null;
    for (const d of [cells, brandDays, domainDays, urlDays, queryDays, gapCells, gapDomains, gapComps])
      d.rows.clear();
  }

  return { indexResult, unindexResult, flush, reanalyseBrands, rebuildAll, reset };
}
