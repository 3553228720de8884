import { AppError } from '../../errors/app-error';
import type { HandlerModule } from './types';

// The Alerts view (list, filters, mark read) and each monitor's alert options in the Monitors
// view (rules, webhook with its last delivery, report folder and period).

type Channels =
  | 'alerts.list'
  | 'alerts.get'
  | 'alerts.facets'
  | 'alerts.unread'
  | 'alerts.markRead'
  | 'alerts.options'
  | 'alerts.saveOptions'
  | 'alerts.webhookStates'
  | 'alerts.chooseFolder';

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

  function optionsState(monitorId: string) {
    const options = ctx.store.getMonitorOptions(monitorId);
    if (!options) throw new AppError('MONITOR_NOT_FOUND', `No monitor with id ${monitorId}`);
    return { ...options, lastDelivery: ctx.store.lastWebhookDeliveries().get(monitorId) ?? null };
  }

  return {
    'alerts.list': (filter) => ctx.store.listAlerts(filter),
    'alerts.get': ({ id }) => {
      const alert = ctx.store.getAlert(id);
      if (!alert) throw new AppError('ALERT_NOT_FOUND', `No alert with id ${id}`);
      return alert;
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
      ctx.store.saveMonitorOptions(monitorId, input);
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
  };
};
