import type { AfterRunStep } from '../../alerts';
import type { EngineLabels } from '../../../shared/narrative/places';
import type { EventBus } from '../../platform';
import { createCommerceService, createVisibilityService } from '../../analysis';
import type { PositioningSource, ReportFormat } from './types';
import { reportCommerce } from './commerce-source';
import { engineFindings } from './findings';
import { writeReportsToFolder } from './write';

// After each monitor run (in the app and in `parallax monitors run`): when the monitor's
// options name a report folder, write `<dir>/<monitor-name-slug>-<YYYY-MM-DD>.html` and .xlsx
// for its last report_days (default 30). The pipeline runs it after the alert check, so the
// report lists the alerts the run just raised. A failed write never fails the run: the
// pipeline records the error (the CLI prints it) and the app shows it as a notice.

export const DEFAULT_REPORT_DAYS = 30;
/** What a run writes: the two files that need no browser (a PDF is asked for, on demand). */
const AFTER_RUN_FORMATS: readonly ReportFormat[] = ['html', 'xlsx'];

export interface ReportStepOptions {
  /** The app's event bus: a notice when a report is written or could not be. */
  events?: Pick<EventBus, 'emit'>;
  formats?: readonly ReportFormat[];
  /** The engine labels of the service profile in use (default: the spec's names). */
  labels?: () => EngineLabels;
  /** The active positioning judge (settings; default the built-in one). */
  activeJudge?: () => string;
  /** The positioning section's numbers (a room above this one reads them); left out without. */
  positioning?: () => Promise<PositioningSource>;
}

export function createReportStep(options: ReportStepOptions = {}): AfterRunStep {
  const formats = options.formats ?? AFTER_RUN_FORMATS;
  return {
    name: 'report',
    async run(ctx) {
      const dir = ctx.options.reportDir;
      if (dir === null || dir.trim() === '') return;
      const days = ctx.options.reportDays ?? DEFAULT_REPORT_DAYS;
      const labels = options.labels?.();
      try {
        const positioning = await options.positioning?.();
        const written = await writeReportsToFolder(
          {
            store: ctx.store,
            visibility: createVisibilityService({ store: ctx.store, now: ctx.now }),
            now: ctx.now,
            ...(labels ? { labels } : {}),
            ...(positioning ? { positioning } : {}),
            commerce: reportCommerce(createCommerceService({ store: ctx.store, now: ctx.now })),
            findings: engineFindings({
              store: ctx.store,
              now: ctx.now,
              activeJudge: options.activeJudge ?? (() => 'builtin'),
              ...(options.labels ? { labels: options.labels } : {}),
            }),
          },
          { monitorId: ctx.monitorId, period: { days } },
          dir,
          formats,
        );
        const message = `Client report for ${ctx.monitorName} (last ${days} days) written to ${written.map((w) => w.path).join(' and ')}`;
        options.events?.emit('app.notice', { level: 'info', message });
        return { message };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.events?.emit('app.notice', {
          level: 'warning',
          message: `Client report for ${ctx.monitorName} not written to ${dir}: ${reason}`,
        });
        throw error;
      }
    },
  };
}
