import type { EngineName } from '../api/engines';

// `parallax funnel --json` and the Funnel view: per engine, per page and per week, crawled →
// cited → referred → converted.

export interface FunnelRate {
  value: number | null;
  lower: number | null;
  upper: number | null;
  n: number;
}

export interface FunnelEngine {
  engine: EngineName;
  /** Verified hits of the agents feeding the engine, and the distinct pages they fetched. */
  crawledHits: number;
  crawledPages: number;
  /** Answers of the engine citing one of the focus brand's pages, of the answers asked. */
  citedAnswers: number;
  citationRate: FunnelRate;
  /** Sessions the engine's assistant referred (GA4), and their key events. */
  referredSessions: number;
  keyEvents: number;
}

export const FUNNEL_FLAGS = [
  'crawled-never-cited',
  'cited-not-fetched',
  'cited-but-blocked',
  'referred-never-cited',
] as const;
export type FunnelFlag = (typeof FUNNEL_FLAGS)[number];

export interface FunnelPage {
  /** The page's path on the site ("/pricing"): logs, analytics and citations joined on it. */
  url: string;
  crawledHits: number;
  citedAnswers: number;
  referredSessions: number;
  keyEvents: number;
  flags: FunnelFlag[];
  /** The flags in plain words, naming the engines. */
  notes: string[];
}

export interface FunnelWeek {
  /** The week's Monday (YYYY-MM-DD). */
  week: string;
  crawledHits: number;
  citedAnswers: number;
  citationRate: FunnelRate;
  referredSessions: number;
  keyEvents: number;
}

export const FUNNEL_SOURCES = ['mine', 'team', 'all'] as const;
/**
 * Whose crawler and traffic figures: this computer's imports, the totals teammates share with
 * the workspace, or both (one source per site, this computer’s first).
 */
export type FunnelSource = (typeof FUNNEL_SOURCES)[number];
/**
 * Where one kind of figure came from: this computer's imports, or the teammates' shared totals.
 * With `all`, 'team' when any site's figures are the team's (`sites` says which).
 */
export type FunnelOrigin = 'mine' | 'team';

/** A teammate whose shared totals the funnel read. */
export interface FunnelSharer {
  /** Their name on the team. */
  name: string;
  /** When their desktop last sent its totals (ms). */
  sharedAt: number;
  /** When this computer last pulled them (ms). */
  pulledAt: number;
}

/**
 * One site's crawler and traffic figures, and whose they are: per site one source, never two
 * added together (two teammates importing the same site share the same visits).
 */
export interface FunnelSiteSource {
  /** The site (lower-case host; '' for logs that named none). */
  site: string;
  from: FunnelOrigin;
  /** The teammate whose shared figures count for the site (the latest to send); null for this computer's. */
  sharer: string | null;
  /** When that teammate's desktop sent them (ms); null for this computer's. */
  sharedAt: number | null;
  /** Other teammates sharing the same site, whose figures were not added. */
  notAdded: string[];
}

/** Whose figures the funnel shows: the cited part is always this workspace's history. */
export interface FunnelSourceInfo {
  source: FunnelSource;
  /** Crawled hits and pages. */
  crawledFrom: FunnelOrigin;
  /** Referred sessions and key events. */
  referredFrom: FunnelOrigin;
  /** The teammates whose totals were read (none when every figure is this computer's). */
  sharers: FunnelSharer[];
  /** Per site, whose figures count (the sites asked for with --site alone). */
  sites: FunnelSiteSource[];
  /** The same in plain words ("Crawler and traffic figures shared by ana, synced 2 h ago; …"). */
  sourceNote: string;
}

/** The funnel's figures, before saying whose they are. */
export interface FunnelCounts {
  days: number;
  /** The brand whose pages count as cited (the focus brand), or null without one. */
  brand: string | null;
  engines: FunnelEngine[];
  pages: FunnelPage[];
  weeks: FunnelWeek[];
  /** What the funnel cannot know, in words. */
  caveats: string[];
  empty: string | null;
}

export interface FunnelView extends FunnelCounts, FunnelSourceInfo {}
