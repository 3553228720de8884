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

/** Verified hits of an engine's agents on one page in one week (Monday). */
export interface EngineWeekPage {
  week: string;
  engine: EngineName;
  url: string;
  hits: number;
}

/** Per engine and week: verified hits and distinct pages. */
export interface EngineWeek {
  week: string;
  engine: EngineName;
  hits: number;
  pages: number;
}

export interface CrawledWeeks {
  engines: EngineWeek[];
  pages: EngineWeekPage[];
}

export interface CrawlersService {
  bots(period?: CrawlPeriod): BotsReport;
  /** The report's `blocked` alone, without its per-agent totals. */
  blocked(period?: CrawlPeriod): BlockedPage[];
  /** What the funnel counts as crawled: verified hits per engine, page and week. */
  crawledWeeks(period?: CrawlPeriod): CrawledWeeks;
}
