import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/ipc/channels/tools';
import { EXPORT_EXTENSIONS, loadExportData, renderRunExport } from '../../main/export';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../context';
import { withCliCore } from '../core';
import type { RegisterCommand } from './index';

// `parallax export RUN --format csv|json|xlsx|md|html`: the same exporters as the app.

export const registerExportCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('export')
    .description('Export a run: csv, json, xlsx, md, or html (a self-contained compare report)')
    .argument('<run>', 'run id')
    .requiredOption('--format <format>', `one of ${EXPORT_FORMATS.join(', ')}`)
    .option('--out <path>', 'file to write (default: parallax-<run>.<ext> in the current folder)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (runId: string, flags: { format: string; out?: string; db?: string }) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(flags.format)) {
        throw new CliUsageError(
          `--format must be one of ${EXPORT_FORMATS.join(', ')}, got "${flags.format}"`,
        );
      }
      const format = flags.format as ExportFormat;
      await withCliCore(ctx.env, flags, async (core) => {
        const data = loadExportData(core.store, runId);
        if (!data) throw new CliUsageError(`No run with id ${runId}`);
        const bytes = await renderRunExport(format, data);
        const path = resolve(flags.out ?? `parallax-${runId}.${EXPORT_EXTENSIONS[format]}`);
        writeFileSync(path, bytes);
        if (ctx.json)
          writeJson(ctx, {
            path,
            format,
            bytes: bytes.length,
            jobs: data.cells.length,
            results: data.results.length,
          });
        else
          writeLine(ctx.stdout, `Wrote ${path} (${data.cells.length} jobs, ${data.results.length} results)`);
      });
    });
};
