import { pluck, stmt, type StoreContext } from '../connection';

// Reads for the discovery queue (migration 004). The queue of a period reads the roll-up keyed
// for its filter (rollupOf) and the Visibility answer totals; the engines, locations, previous
// period, examples and co-cited domains are read by name for the page of names shown only.

export interface DiscoveryDayFilter {
  fromDay: number;
  toDay: number;
  /** null: every engine / location. */
  engines: readonly string[] | null;
  locations: readonly string[] | null;
}

/** One name over a period: answers naming it, origins seen (bit mask), first and last day. */
export interface DiscoveryNameTotal {
  name: number;
  answers: number;
  origins: number;
  first: number;
  last: number;
}

export interface DiscoveryNameRow {
  id: number;
  key: string;
  /** Written forms with answers, most used first. */
  forms: Array<{ form: string; answers: number }>;
}

export interface DiscoveryExampleRow {
  seq: number;
  resultId: string;
  engine: string;
  loc: string;
  day: number;
  text: string;
  form: string;
}

export interface DiscoveryReadApi {
  /** Every name named in the period (or only these names), with its totals (one row per name). */
  discoveryTotals(filter: DiscoveryDayFilter, names?: readonly number[]): DiscoveryNameTotal[];
  /** The engines and locations that named each of these names in the period. */
  discoveryPlaces(
    names: readonly number[],
    filter: DiscoveryDayFilter,
  ): Map<number, { engines: string[]; locations: string[] }>;
  /** Answers naming each of these names in the period (0 when none). */
  discoveryAnswersOf(names: readonly number[], filter: DiscoveryDayFilter): Map<number, number>;
  discoveryTotalAnswers(filter: DiscoveryDayFilter): number;
  discoveryNames(ids: readonly number[]): DiscoveryNameRow[];
  discoveryNameOfKey(key: string): DiscoveryNameRow | null;
  discoveryExamples(name: number, filter: DiscoveryDayFilter, limit: number): DiscoveryExampleRow[];
  /** Domains cited by the newest `sample` answers naming it in the period; `sampled` = answers read. */
  discoveryCoDomains(
    name: number,
    filter: DiscoveryDayFilter,
    sample: number,
  ): { sampled: number; domains: Array<{ domain: string; answers: number }> };
  /** Answers citing each domain in the period (same filters). */
  discoveryDomainAnswers(domains: readonly string[], filter: DiscoveryDayFilter): Map<string, number>;
  /** Dismissed keys, newest first. */
  listDismissedNames(): Array<{ key: string; decidedAt: number }>;
  /** Dismisses (true) or restores (false) a name; returns whether anything changed. */
  setNameDismissed(key: string, dismissed: boolean): boolean;
}

/**
 * The engine / location conditions a filter needs, and nothing for an absent one: an
 * "@x IS NULL OR …" condition would be evaluated row by row over millions of roll-up rows.
 */
function engineLoc(f: DiscoveryDayFilter, table = ''): string {
  const col = (c: string) => (table === '' ? c : `${table}.${c}`);
  const parts = ['1'];
  if (f.engines !== null && f.engines.length > 0)
    parts.push(`${col('engine')} IN (SELECT value FROM json_each(@engines))`);
  if (f.locations !== null && f.locations.length > 0)
    parts.push(`${col('loc')} IN (SELECT value FROM json_each(@locs))`);
  return parts.join(' AND ');
}

interface FilterArgs {
  engines: string | null;
  locs: string | null;
  from: number;
  to: number;
}

function args(f: DiscoveryDayFilter): FilterArgs {
  const list = (v: readonly string[] | null) => (v === null || v.length === 0 ? null : JSON.stringify(v));
  return { engines: list(f.engines), locs: list(f.locations), from: f.fromDay, to: f.toDay };
}

/**
 * The roll-up whose key starts with the filter's columns, so that a period × filter is a
 * range of rows to read (see migration 004): the engine × location one for both filters, the
 * engine-level or location-level one for one, the day × name one for none.
 */
function rollupOf(f: DiscoveryDayFilter): string {
  const engines = (f.engines?.length ?? 0) > 0;
  const locations = (f.locations?.length ?? 0) > 0;
  if (engines && locations) return 'disc_day';
  if (engines) return 'disc_engine_day';
  if (locations) return 'disc_loc_day';
  return 'disc_name_day';
}

function filtered(f: DiscoveryDayFilter): boolean {
  return (f.engines?.length ?? 0) > 0 || (f.locations?.length ?? 0) > 0;
}

export function createDiscoveryReadApi(ctx: StoreContext): DiscoveryReadApi {
  const { db } = ctx;

  function formsOf(id: number): Array<{ form: string; answers: number }> {
    return stmt(
      db,
      'SELECT form, answers FROM disc_forms WHERE name = ? AND answers > 0 ORDER BY answers DESC, form',
    ).all(id) as Array<{ form: string; answers: number }>;
  }

  return {
    discoveryTotals(f, names) {
      // SQLite has no bitwise-OR aggregate: one MAX per origin bit, OR-ed.
      const origins = [1, 2, 4, 8, 16].map((b) => `MAX(origins & ${b})`).join(' | ');
      // Given names are sought on the name-first index instead of reading the whole period.
      const only = names === undefined ? '' : 'name IN (SELECT value FROM json_each(@names)) AND';
      const sql = `SELECT name, SUM(answers) AS answers, ${origins} AS origins, MIN(day) AS first, MAX(day) AS last
        FROM ${rollupOf(f)} ${names === undefined ? '' : `INDEXED BY ${rollupOf(f)}_by_name`}
        WHERE ${only} ${engineLoc(f)} AND day BETWEEN @from AND @to GROUP BY name`;
      return stmt(db, sql).all({ ...args(f), names: JSON.stringify(names ?? []) }) as DiscoveryNameTotal[];
    },
    discoveryPlaces(names, f) {
      // The engines and locations answering in the period (a few dozen cells), then for each
      // name and each of them one seek on a name-first index: does a row exist?
      const cells = stmt(
        db,
        `SELECT DISTINCT engine, loc FROM vis_cell_el WHERE day BETWEEN @from AND @to AND ${engineLoc(f)}`,
      ).all(args(f)) as Array<{ engine: string; loc: string }>;
      const engines = JSON.stringify([...new Set(cells.map((c) => c.engine))].sort());
      const locations = JSON.stringify([...new Set(cells.map((c) => c.loc))].sort());
      const engineOf = (f.locations?.length ?? 0) > 0 ? 'disc_day' : 'disc_engine_day';
      const locOf = (f.engines?.length ?? 0) > 0 ? 'disc_day' : 'disc_loc_day';
      const readEngines = pluck(
        db,
        `SELECT c.value FROM json_each(@cands) c WHERE EXISTS (SELECT 1 FROM ${engineOf}
           WHERE name = @x AND engine = c.value AND ${engineLoc(f)} AND day BETWEEN @from AND @to)`,
      );
      const readLocations = pluck(
        db,
        `SELECT c.value FROM json_each(@cands) c WHERE EXISTS (SELECT 1 FROM ${locOf}
           WHERE name = @x AND ${engineLoc(f)} AND loc = c.value AND day BETWEEN @from AND @to)`,
      );
      const out = new Map<number, { engines: string[]; locations: string[] }>();
      for (const name of names)
        out.set(name, {
          engines: readEngines.all({ ...args(f), x: name, cands: engines }) as string[],
          locations: readLocations.all({ ...args(f), x: name, cands: locations }) as string[],
        });
      return out;
    },
    discoveryAnswersOf(names, f) {
      const out = new Map<number, number>();
      const read = pluck(
        db,
        `SELECT ifnull(SUM(answers), 0) FROM ${rollupOf(f)}
         WHERE name = @x AND ${engineLoc(f)} AND day BETWEEN @from AND @to`,
      );
      for (const name of names) out.set(name, read.get({ ...args(f), x: name }) as number);
      return out;
    },
    discoveryTotalAnswers(f) {
      if (!filtered(f))
        return pluck(db, 'SELECT ifnull(SUM(answers), 0) FROM vis_cell_d WHERE day BETWEEN ? AND ?').get(
          f.fromDay,
          f.toDay,
        ) as number;
      return pluck(
        db,
        `SELECT ifnull(SUM(answers), 0) FROM vis_cell_el WHERE day BETWEEN @from AND @to AND ${engineLoc(f)}`,
      ).get(args(f)) as number;
    },
    discoveryNames(ids) {
      const rows = stmt(
        db,
        'SELECT id, key FROM disc_names WHERE id IN (SELECT value FROM json_each(?))',
      ).all(JSON.stringify(ids)) as Array<{ id: number; key: string }>;
      const forms = new Map<number, Array<{ form: string; answers: number }>>();
      for (const f of stmt(
        db,
        `SELECT name, form, answers FROM disc_forms WHERE name IN (SELECT value FROM json_each(?)) AND answers > 0
         ORDER BY name, answers DESC, form`,
      ).all(JSON.stringify(ids)) as Array<{ name: number; form: string; answers: number }>) {
        const list = forms.get(f.name) ?? [];
        list.push({ form: f.form, answers: f.answers });
        forms.set(f.name, list);
      }
      return rows.map((r) => ({ ...r, forms: forms.get(r.id) ?? [] }));
    },
    discoveryNameOfKey(key) {
      const row = stmt(db, 'SELECT id, key FROM disc_names WHERE key = ?').get(key) as
        { id: number; key: string } | undefined;
      return row ? { ...row, forms: formsOf(row.id) } : null;
    },
    discoveryExamples(name, f, limit) {
      return stmt(
        db,
        `SELECT d.seq, r.id AS resultId, v.engine, v.loc, v.day, r.answer_text AS text, fo.form
         FROM disc_result d JOIN vis_result v ON v.seq = d.seq JOIN results r ON r.seq = d.seq
         JOIN disc_forms fo ON fo.id = d.form
         WHERE d.name = @x AND v.day BETWEEN @from AND @to
           AND ${engineLoc(f, 'v')}
         ORDER BY d.seq DESC LIMIT @limit`,
      ).all({ ...args(f), x: name, limit }) as DiscoveryExampleRow[];
    },
    discoveryCoDomains(name, f, sample) {
      const seqs = pluck(
        db,
        `SELECT d.seq FROM disc_result d JOIN vis_result v ON v.seq = d.seq
         WHERE d.name = @x AND v.day BETWEEN @from AND @to
           AND ${engineLoc(f, 'v')}
         ORDER BY d.seq DESC LIMIT @limit`,
      ).all({ ...args(f), x: name, limit: sample }) as number[];
      if (seqs.length === 0) return { sampled: 0, domains: [] };
      const domains = stmt(
        db,
        `SELECT vd.domain, COUNT(*) AS answers FROM vis_result_domain rd JOIN vis_domains vd ON vd.id = rd.domain
         WHERE rd.seq IN (SELECT value FROM json_each(?)) GROUP BY rd.domain ORDER BY answers DESC LIMIT 40`,
      ).all(JSON.stringify(seqs)) as Array<{ domain: string; answers: number }>;
      return { sampled: seqs.length, domains };
    },
    discoveryDomainAnswers(domains, f) {
      // The Visibility domain roll-ups are keyed day first: the period's days listed (not a
      // range) let each day's rows be sought by domain (vis_domain_d) or by engine (vis_domain_el)
      // instead of reading every domain of every day.
      const days = JSON.stringify(Array.from({ length: f.toDay - f.fromDay + 1 }, (_, i) => f.fromDay + i));
      const sql = filtered(f)
        ? `SELECT vd.domain, SUM(x.answers) AS answers FROM vis_domains vd JOIN vis_domain_el x ON x.domain = vd.id
           WHERE vd.domain IN (SELECT value FROM json_each(@x)) AND x.day IN (SELECT value FROM json_each(@days))
             AND ${engineLoc(f, 'x')}
           GROUP BY vd.domain`
        : `SELECT vd.domain, SUM(x.answers) AS answers FROM vis_domains vd JOIN vis_domain_d x ON x.domain = vd.id
           WHERE vd.domain IN (SELECT value FROM json_each(@x)) AND x.day IN (SELECT value FROM json_each(@days))
           GROUP BY vd.domain`;
      const rows = stmt(db, sql).all({ ...args(f), x: JSON.stringify(domains), days }) as Array<{
        domain: string;
        answers: number;
      }>;
      return new Map(rows.map((r) => [r.domain, r.answers]));
    },
    listDismissedNames() {
      return (
        stmt(
          db,
          "SELECT key, decided_at FROM disc_decisions WHERE decision = 'dismissed' ORDER BY decided_at DESC",
        ).all() as Array<{
          key: string;
          decided_at: number;
        }>
      ).map((r) => ({ key: r.key, decidedAt: r.decided_at }));
    },
    setNameDismissed(key, dismissed) {
      if (dismissed)
        return (
          stmt(
            db,
            "INSERT INTO disc_decisions (key, decision, decided_at) VALUES (?, 'dismissed', ?) ON CONFLICT (key) DO NOTHING",
          ).run(key, ctx.now()).changes > 0
        );
      return stmt(db, 'DELETE FROM disc_decisions WHERE key = ?').run(key).changes > 0;
    },
  };
}
