// Change alerts: what a monitor run changed against the monitor's previous finished run (and,
// for 'trend', across the monitor's last runs). Shared by main (the store, the service, the CLI)
// and the renderer (the Alerts view). How each kind reads, its severity and its default are in
// its module under ./kinds (registered in ./registry.ts): adding a kind is a module there, its
// name here, and its detector (src/core/alerts/rule-modules.ts).

export const ALERT_KINDS = [
  'brand-entered',
  'brand-dropped',
  'position-moved',
  'trend',
  'recommendation-lost',
  'sentiment-shifted',
  'competitor-appeared',
  'competitor-disappeared',
  'sources-changed',
  'answer-changed',
  'shelf-moved',
  'product-shelf',
  'price-moved',
  'new-advertiser',
  'conquest-began',
  'fact-contradicted',
  'discrepancy-rose',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * 'cell': one prompt × engine × location; 'slice': one engine × location over every prompt (the
 * trend rule's); 'monitor': pooled over every answer of the run.
 */
export const ALERT_SCOPES = ['cell', 'slice', 'monitor'] as const;
export type AlertScope = (typeof ALERT_SCOPES)[number];

/**
 * How much an alert matters, by whom it is about: 'high' the focus brand (its mentions, position,
 * recommendation, a slide), 'medium' a competitor, 'low' the sources and the wording of answers.
 */
export const ALERT_SEVERITIES = ['high', 'medium', 'low'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** Whom an alert is about: the focus brand, a competitor, or nobody (sources, wording). */
export type AlertBrandKind = 'brand' | 'competitor' | null;

/**
 * Figures a kind keeps beside before/after (the trend test's statistics, the sites that stopped
 * or started being cited): flat, JSON-safe, documented by the kind's module.
 */
export type AlertData = Readonly<Record<string, number | string | readonly string[] | null>>;

/**
 * One side of a comparison: the value the rule looked at (a rate, a mean position, a Jaccard
 * or a similarity), the answers behind it and its 95 % interval (low = high = value when there
 * is no interval to give, e.g. a single answer).
 */
export interface AlertSide {
  value: number;
  n: number;
  low: number;
  high: number;
}

export interface AlertView {
  id: string;
  kind: AlertKind;
  scope: AlertScope;
  monitorId: string | null;
  /** The monitor's name when the alert was raised (kept if it is renamed or deleted). */
  monitorName: string;
  /** The run that changed, and the monitor's previous finished run it was compared with. */
  runId: string;
  prevRunId: string;
  /** Null for the pooled (scope 'monitor') alerts. */
  prompt: string | null;
  engine: string | null;
  /** 'DE', or 'US-CA' for a US state; null when pooled. */
  loc: string | null;
  /** The brand the alert is about (brand and competitor kinds). */
  brandName: string | null;
  brandKind: AlertBrandKind;
  /** Stored when raised, from brandKind (see AlertSeverity). */
  severity: AlertSeverity;
  before: AlertSide;
  after: AlertSide;
  /** One answer on each side, for the word and source diff (null once deleted, or when pooled). */
  beforeSeq: number | null;
  afterSeq: number | null;
  /** The same two answers' public ids (what Compare opens). */
  beforeResultId: string | null;
  afterResultId: string | null;
  /** Kind-specific figures (null when the kind keeps none, and for alerts raised before they existed). */
  data: AlertData | null;
  /** The sentence stored when the alert was raised (older alerts: a statistical line). */
  summary: string;
  /** One plain sentence a client reads, in the engine labels of the profile in use. */
  title: string;
  /** The statistics behind it: sample sizes, intervals, the test. */
  details: string;
  createdAt: number;
  readAt: number | null;
}

/** What the store keeps of a new alert (id, created and read times are the store's). */
export type NewAlert = Omit<
  AlertView,
  | 'id'
  | 'severity'
  | 'title'
  | 'details'
  | 'createdAt'
  | 'readAt'
  | 'monitorId'
  | 'monitorName'
  | 'runId'
  | 'prevRunId'
  | 'beforeResultId'
  | 'afterResultId'
>;

export interface AlertFilter {
  /** Alerts created at or after this time (ms). */
  since?: number;
  /** Alerts created before this time (ms). */
  until?: number;
  unread?: boolean;
  monitorId?: string;
  kinds?: readonly AlertKind[];
  engine?: string;
  loc?: string;
  runId?: string;
  severities?: readonly AlertSeverity[];
  limit?: number;
  offset?: number;
}

export interface AlertPage {
  alerts: AlertView[];
  /** Alerts matching the filter (all pages). */
  total: number;
  /** Unread alerts over everything (the sidebar badge). */
  unread: number;
}

/**
 * One monitor run's alerts as one message ("3 changes in Buying guides"), ranked by severity:
 * the focus brand first, competitors next, sources and wording last (those shown collapsed).
 */
export interface AlertDigest {
  runId: string;
  prevRunId: string;
  monitorId: string | null;
  monitorName: string;
  createdAt: number;
  /** "3 changes in Demo · Buying guides". */
  headline: string;
  /** Alerts of the run (all pages), and how many per severity. */
  total: number;
  unread: number;
  bySeverity: Record<AlertSeverity, number>;
  /** The run's alerts, ranked (at most the digest's limit; total says how many there are). */
  alerts: AlertView[];
}

export interface AlertDigestPage {
  digests: AlertDigest[];
  /** Runs with alerts matching the filter (all pages). */
  total: number;
  unread: number;
}

/** What the Alerts view's filters offer: values that occur in stored alerts. */
export interface AlertFacets {
  monitors: Array<{ id: string | null; name: string }>;
  engines: string[];
  locs: string[];
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** The last webhook delivery of a monitor, for the Monitors view and the CLI. */
export interface WebhookDeliveryView {
  id: number;
  monitorId: string | null;
  runId: string;
  state: WebhookDeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  createdAt: number;
  updatedAt: number;
}
