import { withLabels } from '../../../shared/alerts/registry';
import { AppError, engineLabelsOfSettings } from '../../platform';
import { LogoError, readLogoFile, recheckLogo } from '../../outputs';
import type { HandlerModule } from './types';

// The Alerts view (list, filters, mark read) and each monitor's alert options in the Monitors
// view (rules, webhook with its last delivery, report folder and period).

type Channels =
  | 'alerts.list'
  | 'alerts.digests'
  | 'alerts.get'
  | 'alerts.facets'
  | 'alerts.unread'
  | 'alerts.markRead'
  | 'alerts.options'
  | 'alerts.saveOptions'
  | 'alerts.webhookStates'
  | 'alerts.chooseFolder'
  | 'alerts.chooseLogo';

export const alertsHandlers: HandlerModule<Channels> = (ctx) => {
  // Main writes reports into a monitor's folder on its own after each run, so the renderer may
  // only name a folder the user picked in main's folder chooser (or keep the one already set):
  // a compromised renderer cannot point the writes at a folder of its choosing.
  const chosenFolders = new Set<string>();

  function checkReportDir(monitorId: string, reportDir: string | null): void {
    if (reportDir === null || chosenFolders.has(reportDir)) return;
    if (ctx.store.getMonitorOptions(monitorId)?.reportDir === reportDir) return;
    throw new AppError('VALIDATION', 'Choose the report folder with “Choose folder…”', {
      fields: [{ field: 'reportDir', message: 'Choose the folder with “Choose folder…”' }],
    });
  }

  /** A logo from the renderer is checked again in main: type from its bytes, an SVG sanitised anew. */
  function checkedLogo(logo: string | null): string | null {
    if (logo === null) return null;
    try {
      return recheckLogo(logo);
    } catch (error) {
      const message = error instanceof LogoError ? error.message : 'The logo cannot be read';
      throw new AppError('VALIDATION', message, { fields: [{ field: 'branding.logo', message }] });
    }
  }

  function optionsState(monitorId: string) {
    const options = ctx.store.getMonitorOptions(monitorId);
    if (!options) throw new AppError('MONITOR_NOT_FOUND', `No monitor with id ${monitorId}`);
    return { ...options, lastDelivery: ctx.store.lastWebhookDeliveries().get(monitorId) ?? null };
  }

  // Sentences name engines as the service profile in use labels them.
  const labels = () => engineLabelsOfSettings(ctx.settings.get());

  return {
    'alerts.list': (filter) => {
      const page = ctx.store.listAlerts(filter);
      return { ...page, alerts: withLabels(page.alerts, labels()) };
    },
    'alerts.digests': (filter) => {
      const page = ctx.store.listAlertDigests(filter);
      const l = labels();
      return { ...page, digests: page.digests.map((d) => ({ ...d, alerts: withLabels(d.alerts, l) })) };
    },
    'alerts.get': ({ id }) => {
      const alert = ctx.store.getAlert(id);
      if (!alert) throw new AppError('ALERT_NOT_FOUND', `No alert with id ${id}`);
      return withLabels([alert], labels())[0] ?? alert;
    },
    'alerts.facets': () => ctx.store.alertFacets(),
    'alerts.unread': () => ({ unread: ctx.store.countUnreadAlerts() }),
    'alerts.markRead': ({ ids, all }) => {
      const changed = ctx.store.markAlertsRead(all ? 'all' : (ids ?? []));
      const unread = ctx.store.countUnreadAlerts();
      if (changed > 0) ctx.events.emit('alerts.changed', { unread });
      return { changed, unread };
    },
    'alerts.options': ({ monitorId }) => optionsState(monitorId),
    'alerts.saveOptions': ({ monitorId, ...input }) => {
      if (!ctx.store.getMonitor(monitorId))
        throw new AppError('MONITOR_NOT_FOUND', `No monitor with id ${monitorId}`);
      checkReportDir(monitorId, input.reportDir);
      const { branding, ...rest } = input;
      ctx.store.saveMonitorOptions(monitorId, {
        ...rest,
        ...(branding ? { branding: { ...branding, logo: checkedLogo(branding.logo) } } : {}),
      });
      return optionsState(monitorId);
    },
    'alerts.webhookStates': () => Object.fromEntries(ctx.store.lastWebhookDeliveries()),
    'alerts.chooseFolder': async ({ defaultPath }) => {
      const path = await ctx.chooseFolder({
        title: 'Folder for this monitor’s reports',
        ...(defaultPath ? { defaultPath } : {}),
      });
      if (path) chosenFolders.add(path);
      return { path };
    },
    'alerts.chooseLogo': async () => {
      const path = await ctx.chooseOpenFile({
        title: 'Logo for the client report (PNG, JPEG or SVG)',
        extensions: ['png', 'jpg', 'jpeg', 'svg'],
      });
      if (path === null) return { logo: null };
      try {
        return { logo: await readLogoFile(path) };
      } catch (error) {
        const message = error instanceof LogoError ? error.message : 'The logo cannot be read';
        throw new AppError('VALIDATION', message, { fields: [{ field: 'branding.logo', message }] });
      }
    },
  };
};
