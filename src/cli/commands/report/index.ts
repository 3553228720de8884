import { resolve } from 'node:path';
import type { Command } from 'commander';
import { reportWriteSchema, type ReportFormat } from '../../../shared/ipc/channels/reports';
import {
  chromiumPdfPrinter,
  collectReport,
  engineFindings,
  findChromium,
  formatOfPath,
  NO_CHROMIUM_MESSAGE,
  renderReport,
  reportCommerce,
  writeWhole,
  type PdfPrinter,
} from '../../../core/outputs';
import { reportPositioning } from '../../../core/positioning';
import { brandingHint } from './branding-hint';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { catchUpQuietly } from '../../alerts-catch-up';
import { READS, withCliCore } from '../../core';
import { cliLabels } from '../../profile-labels';
import { finishReanalysis } from '../../reanalysis-progress';
import { parseFlags } from '../../schema-input';
import { askService, FILTER_FLAG_NAMES, queryOf } from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';

// `parallax report`: a monitor's client report for a period, as one self-contained HTML file
// (no script; opens offline in any browser), an XLSX workbook or a PDF (the HTML printed by the
// system's Chromium or Chrome), the same file the app's "Client report…" buttons write.

interface ReportFlags {
  monitor: string;
  out: string;
  format?: string;
  since?: string;
  from?: string;
  to?: string;
  brand?: string;
  db?: string;
}

const HELP = `
The report covers one monitor's answers over the period (--since 30d by default, or --from/--to),
compared with the previous period of the same length. Its title is the client's name and the
report's subject (parallax monitors options --client-name/--report-subject/--logo/--accent). It
opens with a summary of what changed clearly, in sentences (the focus brand's own changes
first), then the focus brand's key numbers (mention rate, citation rate, average position, share
of voice) with their likely range and change, how the answers present each brand (recommendation
rate, net sentiment, status mix, qualities, those the focus brand lacks), the products and ads
shown beside the answers (when the period has any: shelf presence, share of shelf, price against
the shelf, retailers, ads, competitors' ads on questions naming the brand), the trend per day with
the closest competitors, share of voice, places × engines, the leaderboard, brands by AI engine,
top sources, citation gaps, the brand's own cited pages, the changes noticed after each run, the
answers behind the findings, the tracked questions, how the report was made and "How to read
this report".
The format comes from --out's extension (.html, .xlsx or .pdf) unless --format says otherwise.
A PDF is printed by Chromium or Google Chrome (PARALLAX_CHROMIUM names another program).

JSON (--json): {path, format, bytes, monitor:{id,name}, period:{from,to,days,previous},
  brand, answers, previousAnswers, runs, synthetic, alerts (raised in the period),
  partial ({done,total} while a brand change is re-analysed, else null), empty (why there is
  nothing to show, else null), brandingUnset (["clientName", "logo"]: what the monitor's options
  leave unset; without --json a one-line hint on stderr says how to set them)}

Examples:
  parallax report --monitor "Demo · Buying guides" --since 30d --out buying-guides.html
  parallax report --monitor 3f2a… --from 2026-10-01 --to 2026-10-31 --out october.xlsx --json
  parallax report --monitor "Demo · Buying guides" --out buying-guides.pdf`;

function formatOf(flags: ReportFlags): ReportFormat {
  if (flags.format !== undefined) {
    const f = flags.format.trim().toLowerCase();
    if (f !== 'html' && f !== 'xlsx' && f !== 'pdf')
      throw new CliUsageError(`--format must be html, xlsx or pdf, got "${flags.format}"`);
    return f;
  }
  const fromName = formatOfPath(flags.out);
  if (!fromName)
    throw new CliUsageError(
      `--out "${flags.out}" ends in none of .html, .xlsx or .pdf: give --format html, xlsx or pdf`,
    );
  return fromName;
}

/** A PDF's printer: the system's Chromium or Chrome, found before any work is done. */
function pdfPrinter(format: ReportFormat, env: NodeJS.ProcessEnv): PdfPrinter | undefined {
  if (format !== 'pdf') return undefined;
  const chromium = findChromium(env);
  if (chromium === null) throw new Error(NO_CHROMIUM_MESSAGE);
  return chromiumPdfPrinter(chromium);
}

export const registerReportCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('report')
    .description("A monitor's client report for a period: self-contained HTML (no script), XLSX or PDF")
    .requiredOption('--monitor <id|name>', "the monitor (its id or name, e.g. 'Demo · Buying guides')")
    .requiredOption('--out <file>', 'where to write it (.html, .xlsx or .pdf)')
    .option('--format <format>', 'html, xlsx or pdf (default: from --out’s extension)')
    .option('--since <span>', 'the last N days (30d) or weeks (4w), today included; default 30d')
    .option('--from <date>', 'first day, YYYY-MM-DD (UTC); with --to (default: today)')
    .option('--to <date>', 'last day, YYYY-MM-DD (UTC), included')
    .option('--brand <name>', 'the focus brand (name or id; default: your first brand of kind "brand")')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (flags: ReportFlags) => {
      const format = formatOf(flags);
      const printPdf = pdfPrinter(format, ctx.env);
      const path = resolve(flags.out);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const now = Date.now;
        const service = await core.services.visibility();
        const positioning = reportPositioning(await core.services.positioning());
        const commerce = reportCommerce(await core.services.commerce());
        // Brand numbers after a brand change are partial until the stored answers are re-analysed.
        await finishReanalysis(ctx, service);
        // Its alerts section reads every alert of the period: the runs not compared yet first.
        await catchUpQuietly(ctx, core.store, core.settings?.get().positioningJudge);
        const query = queryOf(core.store, flags, now());
        const input = parseFlags(
          reportWriteSchema,
          {
            monitorId: (query.scope as { id: string }).id,
            period: query.period,
            format,
            brandId: query.brandId,
          },
          { ...FILTER_FLAG_NAMES, monitorId: '--monitor', format: '--format' },
        );
        const request = {
          monitorId: input.monitorId,
          period: input.period,
          ...(input.brandId !== undefined ? { brandId: input.brandId } : {}),
        };
        const report = askService(() =>
          collectReport(
            {
              store: core.store,
              visibility: service,
              now,
              labels: cliLabels(core.settings?.get(), ctx.env),
              positioning,
              commerce,
              findings: engineFindings({
                store: core.store,
                now,
                activeJudge: () => core.settings?.get().positioningJudge ?? 'builtin',
                labels: () => cliLabels(core.settings?.get(), ctx.env),
              }),
            },
            request,
          ),
        );
        const bytes = await renderReport(report, input.format, printPdf);
        await writeWhole(path, bytes);
        const written = { format: input.format, bytes: bytes.length, report };
        const r = written.report;
        if (ctx.json)
          return writeJson(ctx, {
            path,
            format: written.format,
            bytes: written.bytes,
            monitor: { id: r.monitor.id, name: r.monitor.name },
            period: r.period,
            brand: r.focus?.name ?? null,
            answers: r.answers,
            previousAnswers: r.previousAnswers,
            runs: r.runs,
            synthetic: r.synthetic,
            alerts: r.alertsTotal,
            partial: r.partial,
            empty: r.empty,
            brandingUnset: r.look.unset,
          });
        writeLine(
          ctx.stdout,
          `Client report for ${r.monitor.name}, ${r.period.from} to ${r.period.to} (${r.answers.toLocaleString('en')} answers${r.synthetic ? ', synthetic' : ''}), written to ${path} (${format}, ${(written.bytes / 1024).toFixed(1)} kB)`,
        );
        if (r.empty) writeLine(ctx.stdout, `Note: ${r.empty}.`);
        const hint = brandingHint(r.monitor.name, r.look);
        if (hint) writeLine(ctx.stderr, hint);
      });
    });
};
