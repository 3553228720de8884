import type { EngineName } from '../../../shared/api/engines';
import type { JobState } from '../../../shared/domain/run-spec';
import { HistoryStateError, stmt, pluck, type StoreContext } from '../connection';

export interface AnswerFilter {
  runId?: string;
  engine?: EngineName;
  country?: string;
  /** fetched_at bounds, inclusive, ms. */
  from?: number;
  to?: number;
  /** Only results that have no cached mention row for this brand (what analytics still has to do). */
  notAnalyzedForBrand?: string;
  /** Rows fetched per round trip (the iterator holds no statement open between pages). */
  pageSize?: number;
}

export interface AnswerRow {
  resultId: string;
  runId: string;
  jobId: string;
  engine: EngineName;
  country: string;
  state: string | null;
  jobState: JobState;
  fetchedAt: number;
  text: string;
}

export interface BrandMentionInput {
  resultId: string;
  brandId: string;
  mentioned: boolean;
  /** Character offset of the first mention in the answer text, or null. */
  firstOffset: number | null;
  count: number;
  /** Order of first mention among the brands mentioned in that answer (1 = first), or null. */
  rank?: number | null;
  /** Which matcher and variants produced this row, so analytics can tell a stale cache. */
  signature?: string | null;
}

export interface BrandMentionRow extends Required<BrandMentionInput> {
  analyzedAt: number;
}

export type MentionGroup = 'run' | 'engine' | 'country' | 'state';

export interface BrandMentionFilter {
  runId?: string;
  engine?: EngineName;
  country?: string;
  brandIds?: readonly string[];
  from?: number;
  to?: number;
}

export interface BrandMentionCount {
  brandId: string;
  runId?: string;
  engine?: EngineName;
  country?: string;
  state?: string | null;
  /** Results analyzed for this brand in the group. */
  results: number;
  /** Of those, results that mention it. */
  mentioned: number;
  /** Mentions in total. */
  mentions: number;
  avgFirstOffset: number | null;
  avgRank: number | null;
}

export interface MentionsApi {
  /** Answers to analyze, oldest first, paged internally so the caller may write between items. */
  iterateAnswers(filter?: AnswerFilter): Generator<AnswerRow, void, undefined>;
  /** Stores (or replaces) analysis rows in one transaction. */
  upsertBrandMentions(rows: readonly BrandMentionInput[]): number;
  getBrandMentions(filter: {
    resultIds?: readonly string[];
    runId?: string;
    brandId?: string;
  }): BrandMentionRow[];
  /** Aggregates per brand and the chosen groups (e.g. ['country', 'state'] for a run's brand matrix). */
  brandMentionCounts(filter: BrandMentionFilter, groupBy: readonly MentionGroup[]): BrandMentionCount[];
  /** Forgets cached rows (of one brand, or all), e.g. when the matcher changes. */
  clearBrandMentions(brandId?: string): number;
}

const GROUP_COLUMNS: Record<MentionGroup, { sql: string; key: keyof BrandMentionCount }> = {
  run: { sql: 'j.run_id', key: 'runId' },
  engine: { sql: 'j.engine', key: 'engine' },
  country: { sql: 'j.country', key: 'country' },
  state: { sql: 'j.us_state', key: 'state' },
};

export function createMentionsApi(ctx: StoreContext): MentionsApi {
  const { db } = ctx;
  const resultSeq = pluck(db, 'SELECT seq FROM results WHERE id = ?');
  const upsert = stmt(
    db,
    `INSERT INTO brand_mentions (result_seq, brand_id, mentioned, first_offset, count, rank,
      signature, analyzed_at) VALUES (@seq, @brandId, @mentioned, @firstOffset, @count, @rank, @signature, @now)
    ON CONFLICT (result_seq, brand_id) DO UPDATE SET mentioned = excluded.mentioned,
      first_offset = excluded.first_offset, count = excluded.count, rank = excluded.rank,
      signature = excluded.signature, analyzed_at = excluded.analyzed_at`,
  );

  const upsertAll = db.transaction((rows: readonly BrandMentionInput[]) => {
    const now = ctx.now();
    for (const row of rows) {
      const seq = resultSeq.get(row.resultId) as number | undefined;
      if (seq === undefined) throw new HistoryStateError('not-found', `No result with id ${row.resultId}`);
      upsert.run({
        seq,
        brandId: row.brandId,
        mentioned: row.mentioned ? 1 : 0,
        firstOffset: row.firstOffset,
        count: row.count,
        rank: row.rank ?? null,
        signature: row.signature ?? null,
        now,
      });
    }
    return rows.length;
  });

  function resultFilters(filter: Omit<AnswerFilter, 'pageSize' | 'notAnalyzedForBrand'>): {
    where: string[];
    params: Record<string, unknown>;
  } {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    if (filter.runId) {
      where.push('j.run_id = @runId');
      params.runId = filter.runId;
    }
    if (filter.engine) {
      where.push('j.engine = @engine');
      params.engine = filter.engine;
    }
    if (filter.country) {
      where.push('j.country = @country');
      params.country = filter.country;
    }
    if (filter.from !== undefined) {
      where.push('r.fetched_at >= @from');
      params.from = filter.from;
    }
    if (filter.to !== undefined) {
      where.push('r.fetched_at <= @to');
      params.to = filter.to;
    }
    return { where, params };
  }

  return {
    *iterateAnswers(filter = {}) {
      const { where, params } = resultFilters(filter);
      if (filter.notAnalyzedForBrand) {
        where.push(
          'NOT EXISTS (SELECT 1 FROM brand_mentions m WHERE m.result_seq = r.seq AND m.brand_id = @brandId)',
        );
        params.brandId = filter.notAnalyzedForBrand;
      }
      // Keyset paging on seq (insertion order): each page is a complete statement, so the
      // connection is free between pages and the consumer can store its findings as it goes.
      const page = stmt(
        db,
        `SELECT r.seq, r.id AS resultId, j.run_id AS runId, j.id AS jobId, j.engine, j.country,
          j.us_state AS state, j.job_state AS jobState, r.fetched_at AS fetchedAt, r.answer_text AS text
        FROM results r JOIN jobs j ON j.id = r.job_id
        WHERE r.seq > @after ${where.length ? `AND ${where.join(' AND ')}` : ''}
        ORDER BY r.seq LIMIT @pageSize`,
      );
      const pageSize = Math.max(1, filter.pageSize ?? 500);
      let after = 0;
      for (;;) {
        const rows = ctx.guard(
          () => page.all({ ...params, after, pageSize }) as Array<AnswerRow & { seq: number }>,
        );
        for (const { seq, ...row } of rows) {
          after = seq;
          yield row;
        }
        if (rows.length < pageSize) return;
      }
    },
    upsertBrandMentions(rows) {
      return rows.length === 0 ? 0 : upsertAll.immediate(rows);
    },
    getBrandMentions(filter) {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      if (filter.resultIds) {
        where.push('r.id IN (SELECT value FROM json_each(@ids))');
        params.ids = JSON.stringify(filter.resultIds);
      }
      if (filter.runId) {
        where.push('r.job_id IN (SELECT id FROM jobs WHERE run_id = @runId)');
        params.runId = filter.runId;
      }
      if (filter.brandId) {
        where.push('m.brand_id = @brandId');
        params.brandId = filter.brandId;
      }
      const rows = stmt(
        db,
        `SELECT r.id AS resultId, m.brand_id AS brandId, m.mentioned, m.first_offset AS firstOffset, m.count,
             m.rank, m.signature, m.analyzed_at AS analyzedAt
           FROM brand_mentions m JOIN results r ON r.seq = m.result_seq
           ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY r.seq, m.brand_id`,
      ).all(params) as Array<Omit<BrandMentionRow, 'mentioned'> & { mentioned: number }>;
      return rows.map((r) => ({ ...r, mentioned: r.mentioned === 1 }));
    },
    brandMentionCounts(filter, groupBy) {
      const { where, params } = resultFilters(filter);
      if (filter.brandIds) {
        where.push('m.brand_id IN (SELECT value FROM json_each(@brandIds))');
        params.brandIds = JSON.stringify(filter.brandIds);
      }
      const groups = [...new Set(groupBy)].map((g) => GROUP_COLUMNS[g]);
      const select = groups.map((g) => `${g.sql} AS ${g.key}`).join(', ');
      const rows = stmt(
        db,
        `SELECT m.brand_id AS brandId${select ? `, ${select}` : ''}, count(*) AS results, total(m.mentioned) AS mentioned,
             total(m.count) AS mentions, avg(m.first_offset) AS avgFirstOffset, avg(m.rank) AS avgRank
           FROM brand_mentions m JOIN results r ON r.seq = m.result_seq JOIN jobs j ON j.id = r.job_id
           ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           GROUP BY m.brand_id${groups.map((g) => `, ${g.sql}`).join('')}
           ORDER BY m.brand_id${groups.map((g) => `, ${g.sql}`).join('')}`,
      ).all(params) as BrandMentionCount[];
      return rows;
    },
    clearBrandMentions(brandId) {
      return brandId === undefined
        ? stmt(db, 'DELETE FROM brand_mentions').run().changes
        : stmt(db, 'DELETE FROM brand_mentions WHERE brand_id = ?').run(brandId).changes;
    },
  };
}
