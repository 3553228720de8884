import { z } from 'zod';
import type { ReportBranding } from '../reports/branding';
import { ALERT_KIND_DEFS } from './registry';
import { ALERT_KINDS, type AlertKind } from './types';

// Each monitor's alert rules: which kinds fire and their thresholds (monitor_options.rules_json).
// The defaults: a position move of 2 or more, a cited-domain Jaccard below 0.5, an answer
// similarity below 0.5, a trend over the last 30 runs moving at least 10 points, a shelf
// presence moving at least 10 points, a tracked brand's price moving at least 10 %, a brand's
// discrepancy rate rising at least 5 points. A kind's default is its module's (registry.ts): sources-changed and answer-changed are off for new
// monitors (they were 70 % of a month's alerts and rarely the story); a monitor that saved its
// rules keeps them, and a kind added later takes its default in them.

export const DEFAULT_POSITION_DELTA = 2;
export const DEFAULT_JACCARD_BELOW = 0.5;
export const DEFAULT_SIMILARITY_BELOW = 0.5;
export const DEFAULT_TREND_RUNS = 30;
export const DEFAULT_TREND_MIN_CHANGE = 0.1;
export const DEFAULT_SHELF_MIN_CHANGE = 0.1;
export const DEFAULT_PRICE_MOVE = 0.1;
export const DEFAULT_DISCREPANCY_MIN_CHANGE = 0.05;

/** Each kind's default for a monitor that never saved its rules. */
export function defaultKinds(): Record<AlertKind, boolean> {
  return Object.fromEntries(ALERT_KINDS.map((k) => [k, ALERT_KIND_DEFS[k].defaultOn])) as Record<
    AlertKind,
    boolean
  >;
}

/** Every kind on (what monitors had before the defaults changed, kept for them by migration). */
export function allKindsOn(): Record<AlertKind, boolean> {
  return Object.fromEntries(ALERT_KINDS.map((k) => [k, true])) as Record<AlertKind, boolean>;
}

const kindFlags = z.object(
  Object.fromEntries(
    ALERT_KINDS.map((kind) => [kind, z.boolean().default(ALERT_KIND_DEFS[kind].defaultOn)]),
  ) as Record<AlertKind, z.ZodDefault<z.ZodBoolean>>,
);

export const alertRulesSchema = z.object({
  /** Which kinds of alert fire (a kind missing takes its default). */
  kinds: kindFlags.default(defaultKinds()),
  /** The focus brand's first position must move by at least this many places. */
  positionDelta: z.number().int().min(1).max(50).default(DEFAULT_POSITION_DELTA),
  /** The cited-domain sets of the two runs changed when their Jaccard is below this. */
  jaccardBelow: z.number().min(0).max(1).default(DEFAULT_JACCARD_BELOW),
  /** The answers changed when their word similarity is below this. */
  similarityBelow: z.number().min(0).max(1).default(DEFAULT_SIMILARITY_BELOW),
  /** The trend rule looks at the monitor's last this many completed runs (at least 8 must exist). */
  trendRuns: z.number().int().min(8).max(120).default(DEFAULT_TREND_RUNS),
  /** A trend must move the mention rate by at least this much (0–1) across those runs. */
  trendMinChange: z.number().min(0).max(1).default(DEFAULT_TREND_MIN_CHANGE),
  /** A brand's shelf presence must move by at least this much (0–1) between the two runs. */
  shelfMinChange: z.number().min(0).max(1).default(DEFAULT_SHELF_MIN_CHANGE),
  /** A tracked brand's product price must move by at least this share (0–1) between the two runs. */
  priceMove: z.number().min(0.01).max(1).default(DEFAULT_PRICE_MOVE),
  /** A brand's discrepancy rate must rise by at least this much (0–1) between the two runs. */
  discrepancyMinChange: z.number().min(0).max(1).default(DEFAULT_DISCREPANCY_MIN_CHANGE),
});

export type AlertRules = z.output<typeof alertRulesSchema>;
export type AlertRulesInput = z.input<typeof alertRulesSchema>;

export function defaultAlertRules(): AlertRules {
  return alertRulesSchema.parse({});
}

/** Stored rules, read leniently: a value that no longer parses falls back to the defaults. */
export function parseAlertRules(value: unknown): AlertRules {
  const parsed = alertRulesSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultAlertRules();
}

/** A webhook URL: http(s) only, no credentials in it. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .url('Enter a full http(s) URL')
  .refine((value) => /^https?:\/\//i.test(value), 'Only http and https URLs can receive the webhook')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'Put no user name or password in the URL');

export interface MonitorOptionsView {
  monitorId: string;
  rules: AlertRules;
  webhookUrl: string | null;
  /** Folder a report is written to after each monitor run (null: none). */
  reportDir: string | null;
  /** The period the report covers, in days (null: the default). */
  reportDays: number | null;
  /** The client report's title and look (client name, subject, logo, accent). */
  branding: ReportBranding;
  /** Null while the monitor still has its defaults (no row stored). */
  updatedAt: number | null;
}

/** A webhook URL as shown in logs and errors: scheme and host only (the path often is the secret). */
export function redactWebhookUrl(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}/…`;
  } catch {
    return '(invalid URL)';
  }
}
