import type { EngineName } from '../../../shared/api/engines';
import type { AgentRole } from '../catalogue';

// What `parallax bots` and the funnel read of the crawler day totals.

export interface CrawlPeriod {
  /** The last `days` days up to today (UTC); default 30. */
  days?: number;
  /** Agents by name or token (case-insensitive). */
  agents?: readonly string[];
  site?: string;
}

export interface HitsAndPages {
  hits: number;
  pages: number;
}

export interface AgentSummary {
  agent: string;
  operator: string;
  role: AgentRole;
  verified: HitsAndPages;
  unverified: HitsAndPages;
  /** Hits by HTTP status, verified and unverified together. */
  statuses: Record<string, number>;
}

export interface BlockedPage {
  url: string;
  agent: string;
  agentStatus: number;
  browserStatus: number;
}

/** `parallax bots --json`. */
export interface BotsReport {
  agents: AgentSummary[];
  blocked: BlockedPage[];
}

/** Verified hits of an engine's agents on one page (the log's path) over a period. */
export interface EnginePage {
  engine: EngineName;
  url: string;
  hits: number;
}

/** Verified hits of an engine's agents in one week (its Monday). */
export interface EngineWeek {
  week: string;
  engine: EngineName;
  hits: number;
}

/** What the funnel counts as crawled over a period, ordered by engine and page, week and engine. */
export interface CrawledPeriod {
  pages: EnginePage[];
  weeks: EngineWeek[];
  /** The pages each engine's agents fetched (verified) in the recent days, whatever the period. */
  recent: Array<{ engine: EngineName; url: string }>;
}

export interface CrawlersService {
  bots(period?: CrawlPeriod): BotsReport;
  /** The report's `blocked` alone, without its per-agent totals. */
  blocked(period?: CrawlPeriod): BlockedPage[];
  /**
   * What the funnel counts as crawled: verified hits per engine and page, and per week; with the
   * pages fetched in the last `recentDays` (default 30) days, read in the same pass.
   */
  crawledPeriod(period?: CrawlPeriod & { recentDays?: number }): CrawledPeriod;
}
