// Change alerts: what a monitor run changed against the monitor's previous finished run.
// Shared by main (the store, the service, the CLI) and the renderer (the Alerts view).

export const ALERT_KINDS = [
  'brand-entered',
  'brand-dropped',
  'position-moved',
  'competitor-appeared',
  'competitor-disappeared',
  'sources-changed',
  'answer-changed',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** 'cell': one prompt × engine × location; 'monitor': pooled over every answer of the run. */
export type AlertScope = 'cell' | 'monitor';

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
  before: AlertSide;
  after: AlertSide;
  /** One answer on each side, for the word and source diff (null once deleted, or when pooled). */
  beforeSeq: number | null;
  afterSeq: number | null;
  /** The same two answers' public ids (what Compare opens). */
  beforeResultId: string | null;
  afterResultId: string | null;
  /** One line an analyst reads, e.g. "Veloxa dropped out: named in 100 % → 0 % of answers". */
  summary: string;
  createdAt: number;
  readAt: number | null;
}

/** What the store keeps of a new alert (id, created and read times are the store's). */
export type NewAlert = Omit<
  AlertView,
  | 'id'
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
