import type { VisibilityPeriod } from '../../../shared/visibility/types';
import {
  DB_EXPORT_FORMATS,
  DbExportCanceledError,
  DbExportInputError,
  dbExportFilter,
  demoRunIdsOf,
  engineLabelsOf,
  exportHistory,
  readsOnSecondThread,
  type DbExportFilter,
  type DbExportFormat,
  type DbExportOutcome,
  type DbExportProgress,
} from '../../../core/outputs';
import { AppError } from '../../../core/platform';
import type { DbExportFlags } from './db-export-flags';
import { CliExit, CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';
import { cliDbExportWorker } from '../../export-worker';
import { VERSION } from '../../root-program';
import { EXIT_INTERRUPTED, processSignals } from '../../run-session';
import { periodOf, requireMonitor } from '../../visibility-filters';

// The work of `parallax db export` (commands/db-export.ts registers it): the filter from the
// flags, the export with a progress line on stderr about once a second, Ctrl-C / SIGTERM to stop
// it (exit 130, the partial output removed), and the summary (or the --json document).

const PROGRESS_MS = 1000;
const MB = 1024 * 1024;

const n = (value: number): string => value.toLocaleString('en');

function formatOf(value: string): DbExportFormat {
  if (!(DB_EXPORT_FORMATS as readonly string[]).includes(value))
    throw new CliUsageError(`--format must be one of ${DB_EXPORT_FORMATS.join(', ')}, got "${value}"`);
  return value as DbExportFormat;
}

/** The period flags as a filter (none: the whole history); a bad date exits 2 with its reason. */
function filterOf(flags: DbExportFlags, monitorId: string | undefined, now: number): DbExportFilter {
  const given = flags.since !== undefined || flags.from !== undefined || flags.to !== undefined;
  const period = given ? (periodOf(flags, now) as VisibilityPeriod) : null;
  try {
    return dbExportFilter({ period, monitorId }, now);
  } catch (error) {
    if (error instanceof AppError) throw new CliUsageError(error.message);
    throw error;
  }
}

function progressPrinter(ctx: CliContext): (p: DbExportProgress) => void {
  // Tests ask for lines more often (as `parallax run`'s progress line allows).
  const every = Number(ctx.env.PARALLAX_PROGRESS_INTERVAL_MS) || PROGRESS_MS;
  const started = Date.now();
  let last = started;
  return (p) => {
    const now = Date.now();
    if (now - last < every) return;
    last = now;
    const share = p.total > 0 ? ` (${Math.floor((p.done / p.total) * 100)} %)` : '';
    writeLine(
      ctx.stderr,
      `db export: ${p.table}, ${n(p.done)} of ${n(p.total)} ${p.unit}${share}; ` +
        `${p.tablesDone} of ${p.tables} tables done; ${((now - started) / 1000).toFixed(0)} s`,
    );
  };
}

function printSummary(ctx: CliContext, out: DbExportOutcome): void {
  const kind = out.format === 'sqlite' ? 'SQLite file' : 'Parquet folder';
  writeLine(
    ctx.stdout,
    `Wrote ${out.path} (${kind}, ${(out.bytes / MB).toFixed(1)} MB) in ${(out.elapsedMs / 1000).toFixed(1)} s:`,
  );
  writeLine(ctx.stdout, `  ${out.tables.map((t) => `${t.table} ${n(t.rows)}`).join(' · ')}`);
  if (out.synthetic)
    writeLine(
      ctx.stdout,
      'Synthetic data: some answers come from the sandbox (or the demo history); the meta table and each run say so.',
    );
}

const isoDay = (day: number | undefined): string | null =>
  day === undefined ? null : new Date(day * 86_400_000).toISOString().slice(0, 10);

const filterJson = (filter: DbExportFilter, monitorName: string | undefined) => ({
  from: isoDay(filter.fromDay),
  to: isoDay(filter.toDay),
  monitorId: filter.monitorId ?? null,
  monitorName: monitorName ?? null,
});

/** Aborts the controller on Ctrl-C / SIGTERM while the export runs. */
function listenForStop(ctx: CliContext, controller: AbortController): () => void {
  return processSignals.listen((signal) => {
    if (controller.signal.aborted) return;
    writeLine(ctx.stderr, `${signal}: stopping the export…`);
    controller.abort();
  });
}

export async function runDbExport(ctx: CliContext, flags: DbExportFlags): Promise<void> {
  const format = formatOf(flags.format);
  await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
    const monitorId = flags.monitor === undefined ? undefined : requireMonitor(core.store, flags.monitor);
    const filter = filterOf(flags, monitorId, Date.now());
    const monitorName = monitorId
      ? core.store.listMonitors().find((m) => m.id === monitorId)?.name
      : undefined;
    const controller = new AbortController();
    const unlisten = listenForStop(ctx, controller);
    try {
      const outcome = await exportHistory(
        {
          // readPath: a history on read-only media is read from its private copy.
          historyPath: core.store.readPath,
          appVersion: VERSION,
          engineLabels: engineLabelsOf(core.profile().profile),
          demoRunIds: demoRunIdsOf(core.store),
          // SQLite reads the answers on a second thread, Parquet not (threads.ts);
          // PARALLAX_DB_EXPORT_THREADS=1 or 2 overrides it.
          ...(readsOnSecondThread(format, ctx.env.PARALLAX_DB_EXPORT_THREADS)
            ? { worker: cliDbExportWorker() }
            : {}),
        },
        {
          format,
          out: flags.out,
          filter,
          ...(monitorName ? { monitorName } : {}),
          signal: controller.signal,
          onProgress: progressPrinter(ctx),
        },
      );
      if (ctx.json) writeJson(ctx, { ...outcome, filter: filterJson(filter, monitorName) });
      else printSummary(ctx, outcome);
    } catch (error) {
      if (error instanceof DbExportCanceledError) {
        writeLine(ctx.stderr, 'Export canceled: nothing was written (the partial output was removed).');
        throw new CliExit(EXIT_INTERRUPTED);
      }
      if (error instanceof DbExportInputError) throw new CliUsageError(error.message);
      throw error;
    } finally {
      unlisten();
    }
  });
}
