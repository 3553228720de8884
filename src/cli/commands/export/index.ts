import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  type ExportFormat,
  type ExportTable,
} from '../../../shared/ipc/channels/tools';
import { cliExportJsonWorker } from '../../export-worker';
import {
  EXPORT_EXTENSIONS,
  ExportCanceledError,
  exportRunToFile,
  HTML_MAX_BYTES,
} from '../../../core/outputs';
import { listenForInterrupt } from '../../interrupt';
import {
  CliExit,
  CliUsageError,
  EXIT_INTERRUPTED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax export RUN --format csv|json|ndjson|xlsx|md|html [--table answers|products|ads|facts]`:
// the same streamed exporters as the app. The file appears under its name only when complete.

/** "1,3,7-9" (1-based prompt numbers) → 0-based indexes, checked against the run's prompts. */
export function parsePromptNumbers(text: string, promptCount: number): number[] {
  const out = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    const from = m ? Number(m[1]) : NaN;
    const to = m?.[2] ? Number(m[2]) : from;
    if (!m || from < 1 || to < from || to > promptCount)
      throw new CliUsageError(
        `--prompts takes prompt numbers from 1 to ${promptCount} (e.g. 1,3,7-9), got "${part}"`,
      );
    for (let n = from; n <= to; n++) out.add(n - 1);
  }
  return [...out].sort((a, b) => a - b);
}

interface ExportFlags {
  format: string;
  table?: string;
  out?: string;
  prompts?: string;
  db?: string;
}

/** --table: one of the tables, and only with csv (the other formats hold every table). */
function tableOf(text: string | undefined, format: ExportFormat): ExportTable {
  if (text === undefined) return 'answers';
  if (!(EXPORT_TABLES as readonly string[]).includes(text))
    throw new CliUsageError(`--table must be one of ${EXPORT_TABLES.join(', ')}, got "${text}"`);
  if (format !== 'csv')
    throw new CliUsageError(
      '--table applies to --format csv only (json, ndjson and xlsx hold products, ads and facts already)',
    );
  return text as ExportTable;
}

export const registerExportCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('export')
    .description(
      'Export a run: csv, json, ndjson (one job per line), xlsx, md, or html (a summary and the answers of the prompts chosen)',
    )
    .argument('<run>', 'run id')
    .requiredOption('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`)
    .option('--out <path>', 'file to write (default: parallax-<run>.<ext> in the current folder)')
    .option(
      '--prompts <numbers>',
      `html: the prompts whose answers to show (1-based, e.g. 1,3,7-9; default all, up to ${HTML_MAX_BYTES / 1e6} MB)`,
    )
    .option(
      '--table <table>',
      `csv: ${EXPORT_TABLES.join('|')} (one row per answer, product slot, ad slot or fact checked; default answers)`,
    )
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (runId: string, flags: ExportFlags) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(flags.format)) {
        throw new CliUsageError(
          `--format must be one of ${EXPORT_FORMATS.join(', ')}, got "${flags.format}"`,
        );
      }
      const format = flags.format as ExportFormat;
      if (flags.prompts !== undefined && format !== 'html')
        throw new CliUsageError('--prompts applies to --format html only');
      const table = tableOf(flags.table, format);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const run = core.store.getRun(runId);
        if (!run) throw new CliUsageError(`No run with id ${runId}`);
        const suffix = table === 'answers' ? '' : `-${table}`;
        const path = resolve(flags.out ?? `parallax-${runId}${suffix}.${EXPORT_EXTENSIONS[format]}`);
        const promptIndexes =
          flags.prompts === undefined ? undefined : parsePromptNumbers(flags.prompts, run.prompts.length);
        // Ctrl-C / SIGTERM: the export stops, its partial file is removed, exit 130.
        const interrupt = listenForInterrupt();
        let out: Awaited<ReturnType<typeof exportRunToFile>>;
        try {
          out = await exportRunToFile(
            {
              historyPath: core.store.readPath,
              run,
              jsonWorker: cliExportJsonWorker(),
              profile: core.profile().profile,
              positioningJudge: core.settings?.get().positioningJudge ?? 'builtin',
              ...(format === 'xlsx' ? { commerce: await core.services.commerce() } : {}),
            },
            { format, table, path, promptIndexes, signal: interrupt.signal },
          );
        } catch (error) {
          if (!(error instanceof ExportCanceledError)) throw error;
          writeLine(ctx.stderr, `${interrupt.received() ?? 'Stopped'}: export stopped; no file was written.`);
          throw new CliExit(EXIT_INTERRUPTED);
        } finally {
          interrupt.dispose();
        }
        // A run still under way: the file is partial, and says so (JSON, Markdown, HTML, XLSX).
        if (out.partial) writeLine(ctx.stderr, out.partial);
        if (ctx.json) writeJson(ctx, { format, ...(format === 'csv' ? { table } : {}), ...out });
        else {
          const left = out.leftOut ? `; ${out.leftOut} answers left out, listed at its end` : '';
          writeLine(ctx.stdout, `Wrote ${path} (${out.jobs} jobs, ${out.results} results${left})`);
        }
      });
    });
};
