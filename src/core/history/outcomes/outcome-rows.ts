// The rows first-party outcomes are kept as (schema version 31), shared by the writer and the
// reader. Days count from 1970-01-01 (UTC); a period is from_day..to_day, both included.

/** Where a row came from: the file or API it was read from. */
export type OutcomeOrigin = 'ga4' | 'gsc' | 'bing';

/** A period: one day, or an export's whole range; 0..0 when the source did not say. */
export interface OutcomePeriod {
  fromDay: number;
  toDay: number;
}

export interface TrafficRow extends OutcomePeriod {
  sourceMedium: string;
  landingPage: string;
  /** The referrer catalogue's id (chatgpt, perplexity…). */
  referrer: string;
  /** The service's engine it maps to, or null for an assistant Parallax does not ask. */
  engine: string | null;
  sessions: number;
  keyEvents: number;
}

/** A query or a page with what its source counts (null: the source does not count it). */
export interface SearchRow extends OutcomePeriod {
  /** The query text, or the page's URL. */
  key: string;
  clicks: number | null;
  impressions: number | null;
  citations: number | null;
}

export interface OutcomeBatch {
  origin: OutcomeOrigin;
  /** The site or property the rows belong to ('' when not named). */
  site: string;
  traffic?: readonly TrafficRow[];
  queries?: readonly SearchRow[];
  pages?: readonly SearchRow[];
}

export interface OutcomeWriteCounts {
  /** Rows not stored before. */
  added: number;
  /** Rows stored before, now with the batch's numbers. */
  replaced: number;
  /** Rows of another, overlapping period removed: the newer export counts those days. */
  superseded: number;
}

export type ConnectionKind = 'ga4' | 'gsc';

export interface OutcomeConnection {
  kind: ConnectionKind;
  property: string;
  auth: 'oauth' | 'service-account';
  connectedAt: number;
  pulledAt: number | null;
  pullError: string | null;
}

/** What is stored per origin and site: rows, and the days they span. */
export interface OutcomeHolding {
  origin: OutcomeOrigin;
  site: string;
  table: 'traffic' | 'queries' | 'pages';
  rows: number;
  fromDay: number;
  toDay: number;
  importedAt: number;
}

/** Referred sessions per week (or export range) × referrer × landing page, summed over sites and sources/mediums. */
export interface TrafficSum extends OutcomePeriod {
  /** 1: a week of day-level rows (Monday to Sunday); 0: an export's whole range. */
  week: number;
  referrer: string;
  engine: string | null;
  landingPage: string;
  sessions: number;
  keyEvents: number;
}

/** Referred sessions of one day (days since 1970-01-01), engine and landing page, sites and sources summed. */
export interface TrafficDay {
  day: number;
  site: string;
  engine: string;
  landingPage: string;
  sessions: number;
  keyEvents: number;
}

/** A query summed over periods and sites, per origin. */
export interface QuerySum {
  origin: OutcomeOrigin;
  query: string;
  clicks: number | null;
  impressions: number | null;
  citations: number | null;
}
