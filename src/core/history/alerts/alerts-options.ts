import { parseAlertRules, type AlertRules, type MonitorOptionsView } from '../../../shared/alerts/rules';
import { NO_BRANDING, type ReportBranding } from '../../../shared/reports/branding';
import { parseJson, stmt, type StoreContext } from '../connection';

// Each monitor's alert rules, webhook, report folder and report branding (monitor_options). A
// monitor without a row has the defaults; the row goes with the monitor (ON DELETE CASCADE).

export interface MonitorOptionsInput {
  rules: AlertRules;
  webhookUrl: string | null;
  reportDir: string | null;
  reportDays: number | null;
  /** Left as stored when absent (callers that do not edit it). */
  branding?: ReportBranding;
}

export interface MonitorOptionsApi {
  /** The monitor's options (the defaults when none were saved); null when there is no such monitor. */
  getMonitorOptions(monitorId: string): MonitorOptionsView | null;
  /** Every monitor's options that differ from the defaults (a row stored). */
  listMonitorOptions(): MonitorOptionsView[];
  saveMonitorOptions(monitorId: string, input: MonitorOptionsInput): MonitorOptionsView;
}

interface OptionsRow {
  monitor_id: string;
  rules_json: string;
  webhook_url: string | null;
  report_dir: string | null;
  report_days: number | null;
  client_name: string | null;
  report_subject: string | null;
  report_logo: string | null;
  report_accent: string | null;
  updated_at: number;
}

function toOptions(row: OptionsRow): MonitorOptionsView {
  return {
    monitorId: row.monitor_id,
    rules: parseAlertRules(parseJson(row.rules_json)),
    webhookUrl: row.webhook_url,
    reportDir: row.report_dir,
    reportDays: row.report_days,
    branding: {
      clientName: row.client_name,
      reportSubject: row.report_subject,
      logo: row.report_logo,
      accent: row.report_accent,
    },
    updatedAt: row.updated_at,
  };
}

export function createMonitorOptionsApi(ctx: StoreContext): MonitorOptionsApi {
  const { db } = ctx;
  const select = stmt(db, 'SELECT * FROM monitor_options WHERE monitor_id = ?');
  const api: MonitorOptionsApi = {
    getMonitorOptions(monitorId) {
      const row = select.get(monitorId) as OptionsRow | undefined;
      if (row) return toOptions(row);
      const exists = stmt(db, 'SELECT 1 FROM monitors WHERE id = ?').get(monitorId) !== undefined;
      if (!exists) return null;
      return {
        monitorId,
        rules: parseAlertRules({}),
        webhookUrl: null,
        reportDir: null,
        reportDays: null,
        branding: { ...NO_BRANDING },
        updatedAt: null,
      };
    },
    listMonitorOptions() {
      return (stmt(db, 'SELECT * FROM monitor_options ORDER BY monitor_id').all() as OptionsRow[]).map(
        toOptions,
      );
    },
    saveMonitorOptions(monitorId, input) {
      const branding = input.branding ?? api.getMonitorOptions(monitorId)?.branding ?? NO_BRANDING;
      stmt(
        db,
        `INSERT INTO monitor_options (monitor_id, rules_json, webhook_url, report_dir, report_days,
           client_name, report_subject, report_logo, report_accent, updated_at)
         VALUES (@monitorId, @rules, @webhookUrl, @reportDir, @reportDays,
           @clientName, @reportSubject, @logo, @accent, @now)
         ON CONFLICT (monitor_id) DO UPDATE SET rules_json = excluded.rules_json,
           webhook_url = excluded.webhook_url, report_dir = excluded.report_dir,
           report_days = excluded.report_days, client_name = excluded.client_name,
           report_subject = excluded.report_subject, report_logo = excluded.report_logo,
           report_accent = excluded.report_accent, updated_at = excluded.updated_at`,
      ).run({
        monitorId,
        rules: JSON.stringify(input.rules),
        webhookUrl: input.webhookUrl,
        reportDir: input.reportDir,
        reportDays: input.reportDays,
        ...branding,
        now: ctx.now(),
      });
      return toOptions(select.get(monitorId) as OptionsRow);
    },
  };
  return api;
}
