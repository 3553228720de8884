import { partialExportNote } from './partial';
import type { PageArchiveStatus } from '../../../shared/domain/page-archive';
import type { TextExportContext } from './context';
import { exportRow, topDomains } from './export-data';

// Markdown for pasting into a ticket or a wiki. Engine text is quoted, never interpreted:
// it goes into block quotes with Markdown control characters escaped, so an answer cannot
// inject headings, links or HTML into the document. Streamed in two passes over the run:
// the table of jobs, then one section per answer, ending with a line per page the answer links
// to: whether its copy was archived (and where to get it), or why not.

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

const cell = (text: string): string => escapeMarkdown(text).replace(/\r?\n/g, ' ');

function header(ctx: TextExportContext): string {
  const r = ctx.run;
  const lines: string[] = [`# ${cell(r.name ?? `Run ${r.id}`)}`, ''];
  if (r.sandbox) lines.push('> Synthetic data from the Parallax sandbox, not real engine answers.', '');
  const partial = partialExportNote(r);
  if (partial) lines.push(`> ${partial}`, '');
  lines.push(`- Run: \`${r.id}\``);
  lines.push(`- Engines: ${r.engines.map((e) => cell(ctx.labelOf(e))).join(', ')}`);
  lines.push(`- Locations: ${[...r.countries, ...r.states.map((s) => `US-${s}`)].join(', ')}`);
  lines.push(`- Jobs: ${r.total} (${r.counts.succeeded} succeeded, ${r.counts.failed} failed)`);
  lines.push(`- Credits charged: ${r.creditsCharged + r.creditsUnreceived}`);
  // Answers the service charged that never arrived (a killed run; from the balance at resume).
  if (r.creditsUnreceived > 0)
    lines.push(`- Of which charged without a result: ${r.creditsUnreceived} (answers never received)`);
  if (r.creditsUnattributable > 0)
    lines.push(`- Interrupted sessions whose charge could not be attributed: ${r.creditsUnattributable}`);
  lines.push('');
  lines.push('| Prompt | Engine | Location | Repeat | State | Sources | Top domains |');
  lines.push('|---|---|---|---|---|---|---|');
  return `${lines.join('\n')}\n`;
}

/** One line per page of an answer: its archive state, the reason when it failed or waits to retry. */
export function pageLines(resultId: string, pages: readonly PageArchiveStatus[]): string[] {
  return pages.map((page) => {
    const label = pages.length === 1 ? 'Page' : `Page ${page.index + 1}`;
    const reason = page.reasonCode
      ? ` (${page.reasonCode}${page.reason ? `: ${cell(page.reason)}` : ''})`
      : '';
    const where =
      page.state === 'archived'
        ? ` (copy: \`parallax page ${resultId}${page.index > 0 ? ` --page ${page.index + 1}` : ''}\`)`
        : '';
    const state = page.state === 'pending' && page.reasonCode ? 'pending, to retry' : page.state;
    return `${label}: ${state}${reason}${where}`;
  });
}

export async function writeMarkdown(ctx: TextExportContext): Promise<void> {
  await ctx.sink.write(header(ctx));
  for (const job of ctx.reader.jobs(ctx.run.id)) {
    const row = exportRow(ctx.run, job, ctx.labelOf);
    const loc = row.state ? `US-${row.state}` : row.country;
    await ctx.sink.write(
      `| ${cell(row.prompt).slice(0, 120)} | ${cell(row.engineLabel)} | ${loc} | ${row.repeat} | ${row.jobState} | ${row.sourceCount} | ${cell(row.topDomains)} |\n`,
    );
    await ctx.progress.tick();
  }
  await ctx.sink.write('\n');
  for (const job of ctx.reader.jobs(ctx.run.id)) {
    await ctx.progress.tick();
    const res = job.result;
    if (!res) continue;
    const lines: string[] = [];
    const loc = job.state ? `US-${job.state}` : job.country;
    lines.push(
      `## ${cell(job.prompt).slice(0, 200)} (${cell(ctx.labelOf(job.engine))}, ${loc}, repeat ${job.repeat})`,
      '',
    );
    const text = res.text.trim();
    if (text) {
      for (const line of text.split(/\r?\n/)) lines.push(`> ${escapeMarkdown(line)}`);
    } else {
      lines.push('_(no answer text)_');
    }
    lines.push('');
    const domains = topDomains(res.domains, 10);
    if (domains.length > 0) {
      lines.push(`Sources: ${domains.map((d) => `\`${d.replace(/`/g, '')}\``).join(', ')}`, '');
    }
    const pages = pageLines(res.resultId, res.pages);
    if (pages.length > 0) lines.push(...pages.map((line) => `- ${line}`), '');
    await ctx.sink.write(`${lines.join('\n')}\n`);
  }
}

/** Passes of the history a Markdown export makes. */
export const MARKDOWN_PASSES = 2;
