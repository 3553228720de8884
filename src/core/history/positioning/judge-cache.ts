import type Database from 'better-sqlite3';
import type { BrandPositioning } from '../../../shared/positioning/types';
import { pluck, stmt } from '../connection';

// The model judge's cache (migration judge-cache): one row per (answer text hash, brand set,
// judge, version). Each put is its own short write, made the moment a model's answer comes back,
// so a crash or a kill mid-batch keeps everything paid for.

export interface JudgeCacheKey {
  contentHash: string;
  brandSet: string;
  judge: string;
  version: string;
}

export interface JudgeCacheApi {
  judgeCacheGet(key: JudgeCacheKey): BrandPositioning[] | null;
  judgeCachePut(
    key: JudgeCacheKey,
    positionings: readonly BrandPositioning[],
    tokens: { input: number; output: number },
  ): void;
  /** Cached answers and their tokens for a judge (what `parallax judge status` shows). */
  judgeCacheStats(judge: string): { answers: number; inputTokens: number; outputTokens: number };
}

export function createJudgeCacheApi(db: Database.Database, now: () => number): JudgeCacheApi {
  return {
    judgeCacheGet(key) {
      const text = pluck(
        db,
        `SELECT verdict_json FROM pos_judge_cache
         WHERE content_hash = ? AND brand_set = ? AND judge = ? AND version = ?`,
      ).get(key.contentHash, key.brandSet, key.judge, key.version) as string | undefined;
      return text === undefined ? null : (JSON.parse(text) as BrandPositioning[]);
    },
    judgeCachePut(key, positionings, tokens) {
      stmt(
        db,
        `INSERT INTO pos_judge_cache (content_hash, brand_set, judge, version, verdict_json,
           input_tokens, output_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET verdict_json = excluded.verdict_json,
           input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
           created_at = excluded.created_at`,
      ).run(
        key.contentHash,
        key.brandSet,
        key.judge,
        key.version,
        JSON.stringify(positionings),
        tokens.input,
        tokens.output,
        now(),
      );
    },
    judgeCacheStats(judge) {
      return stmt(
        db,
        `SELECT count(*) AS answers, coalesce(sum(input_tokens), 0) AS inputTokens,
           coalesce(sum(output_tokens), 0) AS outputTokens FROM pos_judge_cache WHERE judge = ?`,
      ).get(judge) as { answers: number; inputTokens: number; outputTokens: number };
    },
  };
}
