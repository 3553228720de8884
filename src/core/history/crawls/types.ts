// What the crawler-log import stores and what its readers ask for (migrations 030 and 039).

/** Verified hits of one agent on one page in one day (YYYY-MM-DD). */
export interface CrawlDayRow {
  day: string;
  site: string;
  agent: string;
  url: string;
  hits: number;
}

/** One imported log file, as its summary said. */
export interface CrawlFileRecord {
  fingerprint: string;
  /** The file's name (its base name: folders stay on the analyst's machine). */
  name: string;
  bytes: number;
  format: string;
  lines: number;
  kept: number;
  malformed: number;
  importedAt: number;
}

/** Hits of one catalogue agent on one page, one day, one status. */
export interface CrawlHitRow {
  site: string;
  /** YYYY-MM-DD */
  day: string;
  agent: string;
  url: string;
  status: number;
  verified: boolean;
  hits: number;
}

/** Browsers' hits on one page, one day, one status. */
export interface BrowserHitRow {
  site: string;
  day: string;
  url: string;
  status: number;
  hits: number;
}

export interface CrawlFilter {
  /** First day counted (YYYY-MM-DD), inclusive. */
  sinceDay?: string;
  agents?: readonly string[];
  site?: string;
}

/** Per agent and verification: hits and distinct pages. */
export interface CrawlAgentTotal {
  agent: string;
  verified: boolean;
  hits: number;
  pages: number;
}

export interface CrawlStatusTotal {
  agent: string;
  status: number;
  hits: number;
}

/** A page an agent was refused (403, never 2xx) while browsers were served it (2xx). */
export interface CrawlBlockedPage {
  site: string;
  url: string;
  agent: string;
  agentStatus: number;
  browserStatus: number;
}

/** A period's filter with the catalogue's map of agents to the engines they feed. */
export interface CrawlEngineFilter extends CrawlFilter {
  /** [agent, engine] pairs: an agent feeding several engines has one pair each. */
  agentEngines: ReadonlyArray<readonly [string, string]>;
  /** A second, recent period: the pages fetched from this day on. */
  recentSinceDay?: string;
}

/** A page an engine's agents fetched (verified) in a period. */
export interface CrawlEngineFetched {
  engine: string;
  url: string;
}

/** A period's crawled figures per engine: per page, per week, and the pages fetched lately. */
export interface CrawlEnginePeriod {
  pages: CrawlEnginePage[];
  weeks: CrawlEngineWeek[];
  /** The pages fetched since the recent period's first day (the period's own when absent). */
  recent: CrawlEngineFetched[];
}

/** Verified hits of an engine's agents on one page (the log's path) over a period. */
export interface CrawlEnginePage {
  engine: string;
  url: string;
  hits: number;
}

/** Verified hits of an engine's agents in one week (its Monday) of a period. */
export interface CrawlEngineWeek {
  week: string;
  engine: string;
  hits: number;
}

/** One file's rows on their way into the history (one transaction, the connection's only one). */
export interface CrawlFileWrite {
  addHits(rows: readonly CrawlHitRow[]): void;
  addBrowsers(rows: readonly BrowserHitRow[]): void;
  commit(): void;
  rollback(): void;
}

export interface CrawlLogsApi {
  /** The file imported with this fingerprint, or null. */
  crawlFileImported(fingerprint: string): CrawlFileRecord | null;
  /**
   * Opens one file's write transaction with its record, or null (nothing written) when a file
   * with the same fingerprint is already in. Its rows are then added batch by batch, as DuckDB
   * hands them over, and the file lands whole at commit or not at all.
   */
  beginCrawlFile(file: CrawlFileRecord): CrawlFileWrite | null;
  /** Every imported file, latest first. */
  listCrawlFiles(): CrawlFileRecord[];
  crawlAgentTotals(filter: CrawlFilter): CrawlAgentTotal[];
  crawlStatusTotals(filter: CrawlFilter): CrawlStatusTotal[];
  crawlBlockedPages(filter: CrawlFilter): CrawlBlockedPage[];
  /**
   * Verified hits per engine and page and per week and engine over the period (what the funnel
   * counts as crawled), and the pages each engine fetched in the recent period.
   */
  crawlEnginePeriod(filter: CrawlEngineFilter): CrawlEnginePeriod;
  /** The agents with verified hits in any period. */
  crawlVerifiedAgents(): string[];
  /** Verified hits per day, site, agent and page: the funnel's daily aggregates. */
  crawlDays(filter: CrawlFilter): CrawlDayRow[];
}
