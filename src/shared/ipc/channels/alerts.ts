import { z } from 'zod';
import { alertRulesSchema, webhookUrlSchema, type MonitorOptionsView } from '../../alerts/rules';
import {
  ALERT_KINDS,
  ALERT_SEVERITIES,
  type AlertDigestPage,
  type AlertFacets,
  type AlertPage,
  type AlertView,
  type WebhookDeliveryView,
} from '../../alerts/types';
import { reportBrandingSchema } from '../../reports/branding';
import { invokeChannel } from '../define';

// Change alerts (the Alerts view) and each monitor's alert options (the Monitors view).

const id = z.string().min(1).max(200);

export const alertFilterSchema = z
  .object({
    since: z.number().int().min(0).optional(),
    until: z.number().int().min(0).optional(),
    unread: z.boolean().optional(),
    monitorId: id.optional(),
    kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length).optional(),
    engine: z.string().min(1).max(100).optional(),
    loc: z.string().min(1).max(20).optional(),
    /** One run's alerts (a digest's "Show all"). */
    runId: id.optional(),
    severities: z.array(z.enum(ALERT_SEVERITIES)).max(ALERT_SEVERITIES.length).optional(),
    limit: z.number().int().min(1).max(5000).default(500),
    offset: z.number().int().min(0).default(0),
  })
  .strict();

/** Digests (one per monitor run): the alert filter, pages of runs, each with its first alerts. */
export const alertDigestFilterSchema = alertFilterSchema
  .omit({ limit: true, offset: true })
  .extend({
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).default(0),
    /** Alerts listed per digest (its counts cover all of them). */
    perDigest: z.number().int().min(1).max(2000).default(50),
  })
  .strict();

/** A monitor's options as saved from the form: every field checked on its own. */
export const monitorOptionsInputSchema = z
  .object({
    monitorId: id,
    rules: alertRulesSchema,
    webhookUrl: webhookUrlSchema.nullable(),
    reportDir: z.string().trim().min(1, 'Choose a folder').max(4096).nullable(),
    reportDays: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days').nullable(),
    /** The client report's title and look; left as stored when absent. */
    branding: reportBrandingSchema.optional(),
  })
  .strict();

export interface MonitorOptionsState extends MonitorOptionsView {
  /** The webhook's latest delivery (null: none yet). */
  lastDelivery: WebhookDeliveryView | null;
}

export const alertsChannels = {
  'alerts.list': invokeChannel(alertFilterSchema).returns<AlertPage>(),
  /** One digest per monitor run ("3 changes in Buying guides"), newest run first. */
  'alerts.digests': invokeChannel(alertDigestFilterSchema).returns<AlertDigestPage>(),
  'alerts.get': invokeChannel(z.object({ id }).strict()).returns<AlertView>(),
  'alerts.facets': invokeChannel(z.object({}).strict()).returns<AlertFacets>(),
  'alerts.unread': invokeChannel(z.object({}).strict()).returns<{ unread: number }>(),
  /** Marks these alerts read, or every unread one with all: true. */
  'alerts.markRead': invokeChannel(
    z
      .object({ ids: z.array(id).max(5000).optional(), all: z.boolean().optional() })
      .strict()
      .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, 'Name the alerts to mark, or all'),
  ).returns<{ changed: number; unread: number }>(),
  'alerts.options': invokeChannel(z.object({ monitorId: id }).strict()).returns<MonitorOptionsState>(),
  'alerts.saveOptions': invokeChannel(monitorOptionsInputSchema).returns<MonitorOptionsState>(),
  /** Every monitor's latest webhook delivery (the Monitors table's column). */
  'alerts.webhookStates': invokeChannel(z.object({}).strict()).returns<Record<string, WebhookDeliveryView>>(),
  /** An open dialog for the report's logo (PNG, JPEG or SVG), read and sanitised by main; null when canceled. */
  'alerts.chooseLogo': invokeChannel(z.object({}).strict()).returns<{ logo: string | null }>(),
  /** A folder dialog for the report folder; null when canceled. */
  'alerts.chooseFolder': invokeChannel(
    z.object({ defaultPath: z.string().max(4096).optional() }).strict(),
  ).returns<{ path: string | null }>(),
};
