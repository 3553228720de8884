import type Database from 'better-sqlite3';
import { sql as initial } from './001_initial';
import { fill as fillVisibility, sql as visibility } from './002_visibility';
import { sql as alerts } from './003_alerts';
import { fill as fillDiscovery, sql as discovery } from './004_discovery';
import { sql as runOwners } from './005_run_owners';
import { sql as pageArchive } from './006_page_archive';
import { sql as compactSearch } from './007_compact_search';
import { sql as runSessions } from './008_run_sessions';
import { sql as distinctTexts } from './009_distinct_texts';
import { sql as answerDocs } from './010_answer_docs';
import { sql as packedRows } from './011_packed_rows';
import { sql as searchHead } from './012_search_head';
import { sql as estimatedCredits } from './013_estimated_credits';
import { fill as fillPositioning, sql as positioning } from './014_positioning';
import { sql as alertDigests } from './015_alert_digests';
import { sql as teamSync } from './016_team_sync';
import { sql as judgeCache } from './017_judge_cache';
import { sql as positioningEngineAttrs } from './018_positioning_engine_attrs';
import { fill as fillBrandPresence, sql as brandPresence } from './019_brand_presence';
import { fill as fillSerpMentions, sql as serpMentions } from './020_serp_mentions';
import { sql as resultRowsUnchecked } from './021_result_rows_unchecked';
import { keepSourceTextsByUrlId, sql as sourceUrlIds } from './022_source_url_ids';
import { splitKeyLevels, sql as keyLevels } from './023_key_levels';
import { sql as promptRollups } from './024_prompt_rollups';
import { fill as fillBrandScripts, sql as brandScripts } from './025_brand_scripts';
import { sql as posNotJudged } from './026_pos_not_judged';
import { fill as fillCommerce, sql as commerce } from './027_commerce';
import { sql as siteKinds } from './028_site_kinds';
import { sql as syncQuarantine } from './029_sync_quarantine';
import { sql as crawlLogs } from './030_crawl_logs';
import { sql as outcomes } from './031_outcomes';
import { sql as brandFacts } from './032_brand_facts';
import { sql as commerceAllCells, sumPrices } from './033_commerce_all_cells';
import { sql as suggestionDismissals } from './034_suggestion_dismissals';
import { sql as factJudgeCache } from './035_fact_judge_cache';
import { sql as commerceEngineSums, sumPricesPerEngine } from './036_commerce_engine_sums';
import { sql as crawlHitsCovering } from './037_crawl_hits_covering';
import { sql as sharedFunnel } from './038_shared_funnel';
import { sql as crawlRollups } from './039_crawl_rollups';
import { sql as outcomeTrafficWeeks } from './040_outcome_traffic_weeks';
import { fillTrafficWeekly, sql as outcomeTrafficWeekly } from './043_outcome_traffic_weekly';
import { sql as crawlWeeksByWeek } from './044_crawl_weeks_by_week';
import { sql as factNotAddressedCells } from './045_fact_not_addressed_cells';
import { sql as factNaCellsUpdate } from './046_fact_na_cells_update';
import { addAdNames, sql as commerceAdNames } from './047_commerce_ad_names';
import { addCheckLanguage, sql as factCheckLanguage } from './048_fact_check_language';
import { sql as sharedFunnelSites } from './041_shared_funnel_sites';
import { addRunningSums, sql as crawlRunningTotals } from './042_crawl_running_totals';

/** One numbered schema change. Versions start at 1 and have no gaps; PRAGMA user_version holds the last applied. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Data the SQL cannot compute (e.g. brand matching over stored answers), run after it in the same transaction. */
  up?: (db: Database.Database) => void;
  /**
   * What `up` writes on a file without data that depends on the code rather than the schema (the
   * judge's version): run again on a new file created from the schema baseline, whose rows were
   * written when the baseline was made.
   */
  fresh?: (db: Database.Database) => void;
}

// Append only: a released migration is never edited, a change is a new numbered file.
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'visibility', sql: visibility, up: fillVisibility },
  { version: 3, name: 'alerts', sql: alerts },
  { version: 4, name: 'discovery', sql: discovery, up: fillDiscovery },
  { version: 5, name: 'run-owners', sql: runOwners },
  { version: 6, name: 'page-archive', sql: pageArchive },
  { version: 7, name: 'compact-search', sql: compactSearch },
  { version: 8, name: 'run-sessions', sql: runSessions },
  { version: 9, name: 'distinct-texts', sql: distinctTexts },
  { version: 10, name: 'answer-docs', sql: answerDocs },
  { version: 11, name: 'packed-rows', sql: packedRows },
  { version: 12, name: 'search-head', sql: searchHead },
  { version: 13, name: 'estimated-credits', sql: estimatedCredits },
  { version: 14, name: 'positioning', sql: positioning, up: fillPositioning, fresh: fillPositioning },
  { version: 15, name: 'alert-digests', sql: alertDigests },
  { version: 16, name: 'team-sync', sql: teamSync },
  { version: 17, name: 'judge-cache', sql: judgeCache },
  { version: 18, name: 'positioning-engine-attrs', sql: positioningEngineAttrs },
  { version: 19, name: 'brand-presence', sql: brandPresence, up: fillBrandPresence },
  { version: 20, name: 'serp-mentions', sql: serpMentions, up: fillSerpMentions },
  { version: 21, name: 'result-rows-unchecked', sql: resultRowsUnchecked },
  { version: 22, name: 'source-url-ids', sql: sourceUrlIds, up: keepSourceTextsByUrlId },
  { version: 23, name: 'key-levels', sql: keyLevels, up: splitKeyLevels },
  { version: 24, name: 'prompt-rollups', sql: promptRollups },
  { version: 25, name: 'brand-scripts', sql: brandScripts, up: fillBrandScripts },
  { version: 26, name: 'pos-not-judged', sql: posNotJudged },
  { version: 27, name: 'commerce', sql: commerce, up: fillCommerce },
  { version: 28, name: 'site-kinds', sql: siteKinds },
  { version: 29, name: 'sync-quarantine', sql: syncQuarantine },
  { version: 30, name: 'crawl-logs', sql: crawlLogs },
  { version: 31, name: 'outcomes', sql: outcomes },
  { version: 32, name: 'brand-facts', sql: brandFacts },
  { version: 33, name: 'commerce-all-cells', sql: commerceAllCells, up: sumPrices },
  { version: 34, name: 'suggestion-dismissals', sql: suggestionDismissals },
  { version: 35, name: 'fact-judge-cache', sql: factJudgeCache },
  { version: 36, name: 'commerce-engine-sums', sql: commerceEngineSums, up: sumPricesPerEngine },
  { version: 37, name: 'crawl-hits-covering', sql: crawlHitsCovering },
  { version: 38, name: 'shared-funnel', sql: sharedFunnel },
  { version: 39, name: 'crawl-rollups', sql: crawlRollups },
  { version: 40, name: 'outcome-traffic-weeks', sql: outcomeTrafficWeeks },
  { version: 41, name: 'shared-funnel-sites', sql: sharedFunnelSites },
  { version: 42, name: 'crawl-running-totals', sql: crawlRunningTotals, up: addRunningSums },
  { version: 43, name: 'outcome-traffic-weekly', sql: outcomeTrafficWeekly, up: fillTrafficWeekly },
  { version: 44, name: 'crawl-weeks-by-week', sql: crawlWeeksByWeek },
  { version: 45, name: 'fact-not-addressed-cells', sql: factNotAddressedCells },
  { version: 46, name: 'fact-na-cells-update', sql: factNaCellsUpdate },
  { version: 47, name: 'commerce-ad-names', sql: commerceAdNames, up: addAdNames },
  { version: 48, name: 'fact-check-language', sql: factCheckLanguage, up: addCheckLanguage },
];

/** The expressions migration 040's index keys traffic rows by: its reads group by the same. */
export { TRAFFIC_FROM, TRAFFIC_IS_DAY, TRAFFIC_TO } from './040_outcome_traffic_weeks';
export { REFRESH_WEEKLY_SQL } from './043_outcome_traffic_weekly';
