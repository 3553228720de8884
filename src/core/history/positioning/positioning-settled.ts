import type Database from 'better-sqlite3';
import { BUILTIN_JUDGE_REF } from '../../../shared/positioning';
import { loadBrandSet } from './positioning-keys';
import { settle } from './positioning-rescore-job';

/**
 * Migration 012's data step: a history without answers is settled at once at the built-in
 * judge's version and the current brands (answers stored from now on are judged at ingest); one
 * with answers has the re-score job the migration's SQL recorded.
 */
export function fillPositioningSettled(db: Database.Database): void {
  const answers = db.prepare('SELECT EXISTS (SELECT 1 FROM vis_result)').pluck().get() as number;
  if (answers === 0)
    settle(db, BUILTIN_JUDGE_REF.id, {
      version: BUILTIN_JUDGE_REF.version,
      brandSet: loadBrandSet(db).fingerprint,
    });
}
