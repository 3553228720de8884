import type { Command } from 'commander';
import {
  importLogs,
  loadRangeLists,
  LOG_FORMATS,
  rangesFolderOf,
  systemDns,
  type FileSummary,
  type LogFormat,
} from '../../../core/crawlers';
import {
  CliExit,
  CliUsageError,
  EXIT_INTERRUPTED,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { cliDataFolder, withCliCore } from '../../core';
import { listenForInterrupt } from '../../interrupt';
import type { RegisterCommand } from '../register-command';

// `parallax logs import PATH…`: server and CDN logs read locally by DuckDB into the history's
// crawler day totals (AI agents and search crawlers per day, page and status; browsers' counts
// per page; no address stored). The same file twice adds nothing.

interface ImportFlags {
  format: string;
  site?: string;
  verifyDns?: boolean;
  db?: string;
}

const HELP = `
Formats: combined (nginx, Apache: Common or Combined Log Format), jsonl (JSON lines), cloudflare
(Logpush HTTP requests), cloudfront (standard logs, #Fields header), csv (with a header); auto
(default) tells them from the first lines. Files may be .gz or .zst; a folder is walked; a glob
('logs/*.gz', quoted) is expanded.

Only the catalogue's AI agents and search crawlers are kept, with browsers' counts per page;
other lines are counted, not kept. Addresses are checked against the operators' published lists
(\`parallax bots update FILE\` refreshes one) and never stored. --verify-dns also runs the
reverse-DNS check for operators that publish no list (it goes online).

JSON (--json): {files:[{file, outcome, format, bytes, lines, kept, verified, browsers, malformed,
  malformedExamples, error}], missing, interrupted}`;

const plural = (n: number, word: string): string => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function fileLine(s: FileSummary): string {
  if (s.outcome === 'already imported') return `${s.file}: already imported, nothing added`;
  if (s.outcome === 'failed') return `${s.file}: not imported: ${s.error ?? 'unreadable'}`;
  const bad =
    s.malformed > 0
      ? `; ${plural(s.malformed, 'malformed line')} skipped, e.g. ${s.malformedExamples.map((e) => `«${e}»`).join(', ')}`
      : '';
  return (
    `${s.file} (${s.format ?? '?'}): ${plural(s.lines, 'line')}, ${plural(s.kept, 'AI or search crawler hit')} ` +
    `(${s.verified.toLocaleString('en')} from verified addresses), ${plural(s.browsers, 'browser hit')}${bad}`
  );
}

/** DuckDB's progress on the file being read, on stderr, every 10 % (none with --json). */
function progressPrinter(ctx: CliContext): ((index: number, percent: number) => void) | undefined {
  if (ctx.json) return undefined;
  let shown = { index: -1, step: 0 };
  return (index, percent) => {
    const step = Math.floor(percent / 10);
    if (index === shown.index && step <= shown.step) return;
    if (step === 0 || step === 10) return;
    shown = { index, step };
    writeLine(ctx.stderr, `  ${step * 10} %`);
  };
}

function formatOf(value: string): LogFormat | 'auto' {
  if (value === 'auto' || (LOG_FORMATS as readonly string[]).includes(value))
    return value as LogFormat | 'auto';
  throw new CliUsageError(`--format must be one of auto, ${LOG_FORMATS.join(', ')}; got "${value}"`);
}

export const registerLogsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const logs = program.command('logs').description('Server and CDN logs: which AI crawlers reach your pages');
  logs
    .command('import')
    .description(
      'Read server or CDN logs locally (DuckDB) and keep AI crawlers\u2019 visits per day, page and status',
    )
    .argument('<paths...>', 'log files, folders or quoted globs (.gz and .zst too)')
    .option('--format <format>', `auto, ${LOG_FORMATS.join(', ')}`, 'auto')
    .option('--site <domain>', 'the site the hits are for (default: the log\u2019s host field, if any)')
    .option('--verify-dns', 'reverse-DNS check for operators that publish no address list (goes online)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (paths: string[], flags: ImportFlags) => {
      const format = formatOf(flags.format);
      await withCliCore(ctx, flags, async (core) => {
        const interrupt = listenForInterrupt();
        try {
          const result = await importLogs({
            store: core.store,
            paths,
            format,
            site: flags.site?.trim().toLowerCase() ?? null,
            ranges: loadRangeLists(rangesFolderOf(cliDataFolder(ctx.env, core.settings))),
            ...(flags.verifyDns ? { dns: systemDns() } : {}),
            now: Date.now,
            signal: interrupt.signal,
            onStart: (file, i, total) => {
              if (!ctx.json) writeLine(ctx.stderr, `Reading ${i + 1}/${total}: ${file}…`);
            },
            onProgress: progressPrinter(ctx),
            onFile: (s) => {
              if (!ctx.json) writeLine(ctx.stdout, fileLine(s));
            },
          });
          for (const m of result.missing) writeLine(ctx.stderr, `parallax: ${m}`);
          if (ctx.json) writeJson(ctx, result);
          if (result.interrupted) {
            writeLine(ctx.stderr, 'Stopped: the files listed above are imported, the one being read is not.');
            throw new CliExit(EXIT_INTERRUPTED);
          }
          if (result.files.length === 0 && result.missing.length > 0)
            throw new CliUsageError('No log file to read');
          // The other files are imported; a script still learns that one was not.
          if (result.files.some((f) => f.outcome === 'failed')) throw new CliExit(EXIT_JOBS_FAILED);
        } finally {
          interrupt.dispose();
        }
      });
    });
};
