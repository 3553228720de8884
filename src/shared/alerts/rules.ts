import { z } from 'zod';
import { ALERT_KINDS, type AlertKind } from './types';

// Each monitor's alert rules: which kinds fire and their thresholds (monitor_options.rules_json).
// The defaults are the issue's: a position move of 2 or more, a cited-domain Jaccard below 0.5,
// an answer similarity below 0.5; every kind on.

export const DEFAULT_POSITION_DELTA = 2;
export const DEFAULT_JACCARD_BELOW = 0.5;
export const DEFAULT_SIMILARITY_BELOW = 0.5;

const kindFlags = z.object(
  Object.fromEntries(ALERT_KINDS.map((kind) => [kind, z.boolean().default(true)])) as Record<
    AlertKind,
    z.ZodDefault<z.ZodBoolean>
  >,
);

export const alertRulesSchema = z.object({
  /** Which kinds of alert fire (missing kinds are on). */
  kinds: kindFlags.default(
    Object.fromEntries(ALERT_KINDS.map((k) => [k, true])) as Record<AlertKind, boolean>,
  ),
  /** The focus brand's first position must move by at least this many places. */
  positionDelta: z.number().int().min(1).max(50).default(DEFAULT_POSITION_DELTA),
  /** The cited-domain sets of the two runs changed when their Jaccard is below this. */
  jaccardBelow: z.number().min(0).max(1).default(DEFAULT_JACCARD_BELOW),
  /** The answers changed when their word similarity is below this. */
  similarityBelow: z.number().min(0).max(1).default(DEFAULT_SIMILARITY_BELOW),
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
