import { rename, writeFile } from 'node:fs/promises';
import { createReportPageSections } from '../../runs';
import { AppError, profileOfSettings } from '../../platform';
import { buildCompareReport, EXPORT_EXTENSIONS, ExportCanceledError, exportRunToFile } from '../../outputs';
import { engineLabeler } from '../../../shared/profile';
import type { HandlerModule } from './types';

type Channels =
  | 'tools.resolveRedirect'
  | 'credits.get'
  | 'queue.status'
  | 'queue.clear'
  | 'export.run'
  | 'export.cancel'
  | 'export.compareReport'
  | 'db.backup';

/** Written beside the target, then renamed: a reader (or a crash) never sees half an export. */
async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  const partial = `${path}.partial`;
  await writeFile(partial, data, { mode: 0o600 });
  await rename(partial, path);
}

const stamp = (now: number): string => new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-');

/** At most this often, a progress event per export (a 20,000-row export ticks 80 times). */
const PROGRESS_EVERY_MS = 200;

export const toolsHandlers: HandlerModule<Channels> = (ctx) => {
  const client = async () => (await ctx.connections.current()).client;
  // Exports under way, by the renderer's exportId, so export.cancel can stop one.
  const exporting = new Map<string, AbortController>();
  return {
    'tools.resolveRedirect': async ({ url }) => {
      const { data } = await (await client()).resolveRedirect(url);
      return { url: data.url, redirectLink: url };
    },
    'credits.get': async () => {
      const { data } = await (await client()).credits();
      return {
        remaining: data.remaining,
        perCycle: data.perCycle ?? null,
        cycleResetsAt: data.cycleResetsAt ?? null,
        fetchedAt: ctx.now(),
      };
    },
    'queue.status': async () => {
      const { data } = await (await client()).queueStatus();
      const concurrency = data.concurrency;
      return {
        queuedTasks: data.queuedTasks,
        processingTasks: data.processingTasks,
        priorityBreakdown: (data.priorityBreakdown ?? []).map((p) => ({
          priority: p.priority,
          count: p.count,
        })),
        concurrency:
          concurrency && typeof concurrency.used === 'number' && typeof concurrency.max === 'number'
            ? { used: concurrency.used, max: concurrency.max }
            : null,
      };
    },
    'queue.clear': async () => {
      const { data } = await (await client()).clearQueue();
      return { cleared: data.cleared };
    },
    'export.run': async ({ runId, format, table, exportId }) => {
      const run = ctx.store.getRun(runId);
      if (!run) throw new AppError('RUN_NOT_FOUND', `No run ${runId} in the history`);
      const extension = EXPORT_EXTENSIONS[format];
      const path = await ctx.chooseSavePath({
        title: 'Export run',
        defaultName: `parallax-run-${runId.slice(0, 8)}${table && table !== 'answers' ? `-${table}` : ''}-${stamp(ctx.now())}.${extension}`,
        extensions: [extension],
      });
      if (path === null) return { path: null, canceled: false, partial: null };
      const controller = new AbortController();
      if (exportId) exporting.set(exportId, controller);
      let last = 0;
      const report = (
        phase: 'writing' | 'done' | 'canceled' | 'failed',
        done: number,
        total: number,
      ): void => {
        if (exportId) ctx.events.emit('export.progress', { exportId, phase, done, total });
      };
      try {
        const out = await exportRunToFile(
          {
            historyPath: ctx.store.readPath,
            profile: profileOfSettings(ctx.settings.get()),
            run,
            ...(ctx.exportJsonWorker ? { jsonWorker: ctx.exportJsonWorker } : {}),
            positioningJudge: ctx.settings.get().positioningJudge,
            commerce: ctx.commerce,
          },
          {
            format,
            ...(table ? { table } : {}),
            path,
            signal: controller.signal,
            now: ctx.now,
            onProgress: ({ done, total }) => {
              const now = Date.now();
              if (now - last < PROGRESS_EVERY_MS && done < total) return;
              last = now;
              report('writing', done, total);
            },
          },
        );
        report('done', run.total, run.total);
        return { path, canceled: false, partial: out.partial };
      } catch (error) {
        const canceled = error instanceof ExportCanceledError;
        report(canceled ? 'canceled' : 'failed', 0, run.total);
        if (canceled) return { path: null, canceled: true, partial: null };
        throw error;
      } finally {
        if (exportId) exporting.delete(exportId);
      }
    },
    'export.cancel': ({ exportId }) => {
      const controller = exporting.get(exportId);
      controller?.abort();
      return Promise.resolve({ canceled: controller !== undefined });
    },
    'export.compareReport': async ({ resultIds, title }) => {
      const results = ctx.store.getResults(resultIds).map(({ rawJson: _json, raw: _raw, ...view }) => view);
      if (results.length === 0)
        throw new AppError('RESULT_NOT_FOUND', 'None of these results is in the history');
      const path = await ctx.chooseSavePath({
        title: 'Save comparison report',
        defaultName: `parallax-comparison-${stamp(ctx.now())}.html`,
        extensions: ['html'],
      });
      if (path === null) return { path: null };
      // The report carries each answer's archived page (its link has expired by the time it is read).
      const pageSection = createReportPageSections(ctx.store.getArchivedPage);
      const labelOf = engineLabeler(profileOfSettings(ctx.settings.get()));
      await writeWhole(
        path,
        buildCompareReport(results, { title, generatedAt: ctx.now(), pageSection, labelOf }),
      );
      return { path };
    },
    'db.backup': async () => {
      const path = await ctx.chooseSavePath({
        title: 'Back up the history',
        defaultName: `parallax-backup-${stamp(ctx.now())}.db`,
        extensions: ['db'],
      });
      if (path === null) return { path: null };
      await ctx.store.backup(path);
      return { path };
    },
  };
};
