import {
  DbExportCanceledError,
  DbExportInputError,
  dbExportFilter,
  demoRunIdsOf,
  engineLabelsOf,
  exportHistory,
  readsOnSecondThread,
  type DbExportProgress,
} from '../../outputs';
import { AppError, profileOfSettings } from '../../platform';
import type { DbExportRunView } from '../../../shared/ipc/channels/db-export';
import type { HandlerModule } from './types';

// Settings → Data → "Export for analysis…" (the CLI's `parallax db export`): main asks where to
// save in its own dialog, exports in batches (the window stays responsive: each batch yields),
// reports progress, stops on dbExport.cancel, and remembers what it wrote so "Show in folder"
// can only ever reveal a file this app wrote.

type Channels = 'dbExport.run' | 'dbExport.cancel' | 'dbExport.showInFolder';

/** At most this often, a progress event per export. */
const PROGRESS_EVERY_MS = 200;
/** Finished exports "Show in folder" can still reveal (the latest ones). */
const REMEMBERED = 20;

const stamp = (now: number): string => new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-');

export const dbExportHandlers: HandlerModule<Channels> = (ctx) => {
  const running = new Map<string, AbortController>();
  const written = new Map<string, string>();

  const progressEmitter = (exportId: string) => {
    let last = 0;
    return (p: DbExportProgress): void => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && p.done < p.total) return;
      last = now;
      ctx.events.emit('dbExport.progress', { exportId, ...p });
    };
  };

  const remember = (exportId: string, path: string): void => {
    written.set(exportId, path);
    for (const key of [...written.keys()].slice(0, Math.max(0, written.size - REMEMBERED)))
      written.delete(key);
  };

  return {
    'dbExport.run': async ({ format, period, monitorId, exportId }) => {
      if (running.has(exportId)) throw new AppError('EXPORT_RUNNING', 'This export is already under way');
      const filter = dbExportFilter({ period, monitorId }, ctx.now());
      const monitor = monitorId ? ctx.store.listMonitors().find((m) => m.id === monitorId) : undefined;
      if (monitorId && !monitor)
        throw new AppError('MONITOR_NOT_FOUND', `No monitor ${monitorId} in the history`);
      const none: DbExportRunView = {
        path: null,
        canceled: false,
        format,
        bytes: 0,
        tables: [],
        synthetic: false,
      };
      const path = await ctx.chooseSavePath(
        format === 'sqlite'
          ? {
              title: 'Export for analysis (SQLite file)',
              defaultName: `parallax-analysis-${stamp(ctx.now())}.sqlite`,
              extensions: ['sqlite'],
            }
          : // A folder: the save dialog names it, the export creates it (one .parquet file per table).
            {
              title: 'Export for analysis (folder of Parquet files)',
              defaultName: `parallax-analysis-${stamp(ctx.now())}`,
              extensions: [],
            },
      );
      if (path === null) return none;
      const controller = new AbortController();
      running.set(exportId, controller);
      try {
        const out = await exportHistory(
          {
            historyPath: ctx.store.readPath,
            appVersion: ctx.app.version,
            engineLabels: engineLabelsOf(profileOfSettings(ctx.settings.get())),
            demoRunIds: demoRunIdsOf(ctx.store),
            now: ctx.now,
            ...(ctx.dbExportWorker && readsOnSecondThread(format) ? { worker: ctx.dbExportWorker } : {}),
          },
          {
            format,
            out: path,
            filter,
            ...(monitor ? { monitorName: monitor.name } : {}),
            signal: controller.signal,
            onProgress: progressEmitter(exportId),
          },
        );
        remember(exportId, out.path);
        const tables = out.tables.map(({ table, rows }) => ({ table, rows }));
        return {
          path: out.path,
          canceled: false,
          format,
          bytes: out.bytes,
          tables,
          synthetic: out.synthetic,
        };
      } catch (error) {
        if (error instanceof DbExportCanceledError) return { ...none, canceled: true };
        if (error instanceof DbExportInputError) throw new AppError('EXPORT_PATH', error.message);
        throw error;
      } finally {
        running.delete(exportId);
      }
    },
    'dbExport.cancel': ({ exportId }) => {
      const controller = running.get(exportId);
      controller?.abort();
      return Promise.resolve({ canceled: controller !== undefined });
    },
    'dbExport.showInFolder': ({ exportId }) => {
      const path = written.get(exportId);
      if (path === undefined || !ctx.showInFolder) return Promise.resolve({ shown: false });
      ctx.showInFolder(path);
      return Promise.resolve({ shown: true });
    },
  };
};
