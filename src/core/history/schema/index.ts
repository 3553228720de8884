// The schema: numbered migrations, applying them, and the backfills that finish an upgrade (rows
// stored before versions 7 and 10 compressed and indexed).

export {
  type Migration,
  MIGRATIONS,
  REFRESH_WEEKLY_SQL,
  TRAFFIC_FROM,
  TRAFFIC_IS_DAY,
  TRAFFIC_TO,
} from './migrations';
export { applyMigrations, checkMigrationList } from './migrate';
export { readBaseline, type SchemaBaseline } from './baseline';
export { SCHEMA_BASELINE } from './baseline-snapshot';
export { completeHistoryUpgrade } from './upgrade-backfills';
export { type BackfillProgress, compactBackfillPending, runCompactBackfill } from './compact-backfill';
export { runDocBackfill } from './doc-backfill';
