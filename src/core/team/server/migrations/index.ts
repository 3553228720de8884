import { accessSql, functionGrantsSql } from './001-access';
import { configuredSql } from './001-configured';
import { recordedSql } from './001-recorded';
import { syncSql } from './002-sync';
import { runnerSql } from './003-runner';
import { seedsSql } from './004-seeds';
import { answeredOnceSql } from './005-answered-once';
import { monthRecheckSql } from './005-month-recheck';
import { monthBoundsSql } from './006-month-bounds';
import { sessionLimitsSql } from './007-session-limits';
import { resultShapeSql } from './008-result-shape';
import { valueSizesSql } from './009-value-sizes';
import { writersSql } from './010-writers';
import { monthsPastOldRowsSql } from './011-months-past-old-rows';
import { workspaceClocksSql } from './012-workspace-clocks';
import { nothingToWatchSql } from './013-nothing-to-watch';
import { funnelDaysSql } from './014-funnel-days';
import { funnelSitesSql } from './015-funnel-sites';

export { SESSION_LIMITS } from './007-session-limits';
export { BIG_VALUE_BYTES_MAX, VALUE_BYTES_MAX } from './009-value-sizes';

/** One numbered change of the team schema; parallax.schema_version holds the versions applied. */
export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}

// Append only, like the local history's list: a shipped migration is never edited (its parts
// included), a change is a new numbered entry.
export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  { version: 1, name: 'initial', sql: [accessSql, recordedSql, configuredSql, functionGrantsSql].join('\n') },
  { version: 2, name: 'sync', sql: syncSql },
  { version: 3, name: 'runner', sql: runnerSql },
  { version: 4, name: 'seeds', sql: seedsSql },
  { version: 5, name: 'pushes that meet', sql: [monthRecheckSql, answeredOnceSql].join('\n') },
  { version: 6, name: 'result months bounded', sql: monthBoundsSql },
  { version: 7, name: 'session limits', sql: sessionLimitsSql },
  { version: 8, name: 'result shape', sql: resultShapeSql },
  { version: 9, name: 'value sizes', sql: valueSizesSql },
  { version: 10, name: 'writers named by the server', sql: writersSql },
  { version: 11, name: 'months past old rows', sql: monthsPastOldRowsSql },
  { version: 12, name: 'a clock per workspace', sql: workspaceClocksSql },
  { version: 13, name: 'nothing to watch', sql: nothingToWatchSql },
  { version: 14, name: 'funnel days', sql: funnelDaysSql },
  { version: 15, name: 'funnel days per site', sql: funnelSitesSql },
];
