import type { Command } from 'commander';
import type { CliContext } from '../../context';
import type { DbExportFlags } from './db-export-flags';

// `parallax db export --format sqlite|parquet --out PATH [--since 30d | --from D --to D]
// [--monitor ID|NAME]`: the history as plain tables other tools read (docs/reference/data-model.md).
// The work (and DuckDB, for Parquet) is loaded only when the command runs.

const EXAMPLES = `
Examples:
  parallax db export --format sqlite --out history.sqlite
  parallax db export --format parquet --out history-parquet --since 90d
  parallax db export --format sqlite --out october.sqlite --from 2026-10-01 --to 2026-10-31 --monitor 'Demo · Buying guides' --json

The SQLite file opens in the stock sqlite3 shell, DB Browser, pandas or Power BI; the Parquet folder
(one file per table) in DuckDB, pandas, R or BI tools. Tables and columns: docs/reference/data-model.md.
Ctrl-C stops the export and removes what it wrote (exit 130).`;

export function registerDbExport(db: Command, ctx: CliContext): void {
  db.command('export')
    .description(
      'Write the history as plain tables (answers, sources, mentions, positioning, runs, jobs, visibility) for other tools',
    )
    .requiredOption('--format <format>', 'sqlite (one file) or parquet (a folder, one file per table)')
    .requiredOption('--out <path>', 'the SQLite file, or the folder for the Parquet files')
    .option(
      '--since <span>',
      'only the last N days (30d) or weeks (4w), today included (default: everything)',
    )
    .option('--from <date>', 'first day, YYYY-MM-DD (UTC); with --to (default: today)')
    .option('--to <date>', 'last day, YYYY-MM-DD (UTC), included')
    .option(
      '--monitor <id|name>',
      "only the runs of this monitor (its id or name, e.g. 'Demo · Buying guides')",
    )
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', EXAMPLES)
    .action(async (flags: DbExportFlags) => {
      const { runDbExport } = await import('./db-export-run');
      await runDbExport(ctx, flags);
    });
}
