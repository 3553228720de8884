import { compareUncheckedRuns } from '../../alerts';
import { AppError, engineLabelsOfSettings } from '../../platform';
import { engineFindings, reportCommerce, reportFileName, requirePrinter, writeReport } from '../../outputs';
import { resolvePeriod } from '../../analysis';
import { reportPositioning } from '../../positioning';
import type { HandlerModule } from './types';

type Channels = 'reports.write';

// The app's "Client report…" buttons: a save dialog named after the monitor and the period's
// last day, then the report written there (whole, or not at all), its engines named as the
// service profile in use names them (as `parallax report` does).

export const reportsHandlers: HandlerModule<Channels> = (ctx) => ({
  'reports.write': async ({ monitorId, period, brandId, format }) => {
    const monitor = ctx.store.getMonitor(monitorId);
    if (!monitor) throw new AppError('SCOPE_NOT_FOUND', `No monitor ${monitorId}`);
    // Before the dialog: a PDF the app cannot print is refused before the user picks a file.
    const printPdf = format === 'pdf' ? requirePrinter(ctx.printPdf) : undefined;
    const resolved = resolvePeriod(period, ctx.now()).resolved;
    const path = await ctx.chooseSavePath({
      title: 'Save client report',
      defaultName: reportFileName(monitor.name, resolved.to, format),
      extensions: [format],
    });
    const base = { format, monitorName: monitor.name, from: resolved.from, to: resolved.to };
    if (path === null) return { ...base, path: null, bytes: 0, answers: 0 };
    // The report's alerts: the monitor runs not compared yet are compared first.
    await compareUncheckedRuns({ store: ctx.store, now: ctx.now, pipeline: ctx.alerts });
    const written = await writeReport(
      {
        store: ctx.store,
        visibility: ctx.visibility,
        now: ctx.now,
        labels: engineLabelsOfSettings(ctx.settings.get()),
        positioning: reportPositioning(ctx.positioning),
        commerce: reportCommerce(ctx.commerce),
        findings: engineFindings({
          store: ctx.store,
          now: ctx.now,
          activeJudge: () => ctx.settings.get().positioningJudge,
          labels: () => engineLabelsOfSettings(ctx.settings.get()),
        }),
      },
      { monitorId, period, ...(brandId !== undefined ? { brandId } : {}) },
      path,
      format,
      printPdf,
    );
    return { ...base, path, bytes: written.bytes, answers: written.report.answers };
  },
});
