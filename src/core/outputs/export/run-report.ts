import { partialExportNote } from './partial';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import type { ExportCellSummary, ExportJob } from '../../history';
import type { EngineLabelOf } from '../../../shared/profile';
import type { TextExportContext } from './context';
import { reportHead, resultColumn } from './compare-report';
import { escapeHtml } from './html-escape';

// The HTML export of a run: a summary of the whole run (jobs, answers and failures per engine
// × location, the most cited domains), then the answers of the prompts chosen, prompt by
// prompt, until the file reaches its size cap; a closing section says what it left out. A
// 20,000-answer run in one page would be 60 MB that no browser shows well; the CSV, JSON and XLSX
// exports carry every answer.

export const HTML_MAX_BYTES = 10_000_000;
/** Room kept under the cap for the closing sections (left-out list, footer). */
const TAIL_RESERVE = 64 * 1024;
const LISTED_LEFT_OUT = 200;
const TOP_DOMAINS = 20;
const MAX_SOURCES = 10;

export interface RunReportOptions {
  /** Prompt indexes (0-based) to show, in the run's order; all when absent. */
  promptIndexes?: readonly number[];
  maxBytes?: number;
  generatedAt?: number;
}

const EXTRA_CSS = `
table{border-collapse:collapse;margin:0 0 16px;font-size:13px}
th,td{border:1px solid #d8dde6;padding:4px 8px;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}
.notice{background:#eef4ff;border:1px solid #b9cdf5;padding:8px 12px;border-radius:6px;margin-bottom:16px}
section.prompt{margin-top:28px}
section.prompt>h2{font-size:17px;margin:0 0 4px}
`;

const fmt = (n: number): string => n.toLocaleString('en');
const location = (c: { country: string; state: string | null }): string =>
  c.state ? `US-${c.state}` : c.country;

function summaryTable(rows: ExportCellSummary[], labelOf: EngineLabelOf): string {
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(labelOf(r.engine))}</td><td>${escapeHtml(location(r))}</td><td class="n">${fmt(r.jobs)}</td>` +
        `<td class="n">${fmt(r.answers)}</td><td class="n">${fmt(r.failed)}</td>` +
        `<td class="n">${r.answers > 0 ? (r.sources / r.answers).toFixed(1) : '–'}</td></tr>`,
    )
    .join('');
  return `<h2>Summary</h2><table><thead><tr><th>Engine</th><th>Location</th><th>Jobs</th><th>Answers</th><th>Failed</th><th>Sources per answer</th></tr></thead><tbody>${body}</tbody></table>`;
}

function domainsTable(domains: Array<{ domain: string; answers: number }>, answers: number): string {
  if (domains.length === 0) return '';
  const body = domains
    .map(
      (d) =>
        `<tr><td>${escapeHtml(d.domain)}</td><td class="n">${fmt(d.answers)}</td><td class="n">${((100 * d.answers) / Math.max(1, answers)).toFixed(1)} %</td></tr>`,
    )
    .join('');
  return `<h2>Most cited domains</h2><table><thead><tr><th>Domain</th><th>Answers citing it</th><th>Share of answers</th></tr></thead><tbody>${body}</tbody></table>`;
}

interface Shown {
  answers: number;
  perPrompt: Map<number, number>;
}

function leftOutSection(
  ctx: TextExportContext,
  chosen: readonly number[],
  perPrompt: Map<number, number>,
  shown: Shown,
  totalAnswers: number,
): string {
  const lines: string[] = [];
  const chosenSet = new Set(chosen);
  for (let i = 0; i < ctx.run.prompts.length; i++) {
    const all = perPrompt.get(i) ?? 0;
    const seen = shown.perPrompt.get(i) ?? 0;
    if (all === 0 || seen >= all) continue;
    const why = !chosenSet.has(i)
      ? 'not chosen'
      : seen === 0
        ? 'over the size cap'
        : `${fmt(seen)} shown, the rest over the size cap`;
    lines.push(
      `<li>Prompt ${i + 1}: ${escapeHtml(ctx.run.prompts[i] ?? '')} — ${fmt(all - seen)} of ${fmt(all)} answers (${why})</li>`,
    );
  }
  const promptsShown = [...shown.perPrompt.values()].filter((n) => n > 0).length;
  const intro =
    `<p>This report shows ${fmt(shown.answers)} of ${fmt(totalAnswers)} answers, from ${fmt(promptsShown)} of ` +
    `${fmt(ctx.run.prompts.length)} prompts. The CSV, JSON and XLSX exports carry every answer; choose the prompts to show with <code>--prompts</code>.</p>`;
  if (lines.length === 0)
    return `<section id="left-out"><h2>Left out</h2><p>Nothing: every answer of the run is shown.</p></section>`;
  const listed = lines.slice(0, LISTED_LEFT_OUT).join('');
  const more =
    lines.length > LISTED_LEFT_OUT ? `<p>… and ${fmt(lines.length - LISTED_LEFT_OUT)} more prompts.</p>` : '';
  return `<section id="left-out"><h2>Left out</h2>${intro}<ul>${listed}</ul>${more}</section>`;
}

function resultView(
  ctx: TextExportContext,
  job: ExportJob & { result: NonNullable<ExportJob['result']> },
): ResultView {
  return {
    resultId: job.result.resultId,
    jobId: job.jobId,
    runId: ctx.run.id,
    prompt: job.prompt,
    engine: job.engine,
    country: job.country,
    state: job.state,
    repeat: job.repeat,
    fetchedAt: job.result.fetchedAt,
    sandbox: ctx.run.sandbox,
    normalized: ctx.reader.normalized(job),
  };
}

/** Writes the report; returns how many answers it shows and whether some were left out. */
export async function writeRunReport(
  ctx: TextExportContext,
  options: RunReportOptions = {},
): Promise<{ answersShown: number; leftOut: number }> {
  const run = ctx.run;
  const maxBytes = options.maxBytes ?? HTML_MAX_BYTES;
  const title = run.name ?? `Run ${run.id}`;
  const chosen = options.promptIndexes ?? run.prompts.map((_, i) => i);
  const summary = ctx.reader.summary(run.id);
  const perPrompt = ctx.reader.answersPerPrompt(run.id);
  const totalAnswers = summary.reduce((s, r) => s + r.answers, 0);
  let bytes = 0;
  const write = async (html: string): Promise<void> => {
    bytes += Buffer.byteLength(html);
    await ctx.sink.write(html);
  };

  await write(
    [
      reportHead(title, EXTRA_CSS),
      `<h1>${escapeHtml(title)}</h1>`,
      `<p class="meta">${fmt(totalAnswers)} answers to ${fmt(run.prompts.length)} prompts · ${escapeHtml(run.engines.map(ctx.labelOf).join(', '))} · ${fmt(summary.length)} engine × location cells</p>`,
      run.sandbox
        ? '<div class="synthetic">Contains synthetic answers from the Parallax sandbox, not real engine output.</div>'
        : '',
      partialExportNote(run)
        ? `<div class="synthetic">${escapeHtml(partialExportNote(run) ?? '')}</div>`
        : '',
      `<p class="notice">A summary of the whole run, then the answers of the prompts chosen, up to ${fmt(Math.round(maxBytes / 1e6))} MB. What the report leaves out is listed <a href="#left-out">at the end</a>.</p>`,
      summaryTable(summary, ctx.labelOf),
      domainsTable(ctx.reader.topDomains(run.id, TOP_DOMAINS), totalAnswers),
    ].join('\n'),
  );

  const shown: Shown = { answers: 0, perPrompt: new Map() };
  let open: number | null = null;
  for (const job of ctx.reader.jobs(run.id, { promptIndexes: chosen, children: true })) {
    await ctx.progress.tick();
    if (!job.result) continue;
    const card = resultColumn(resultView(ctx, { ...job, result: job.result }), MAX_SOURCES, ctx.labelOf);
    const opening =
      open === job.promptIndex
        ? ''
        : `${open === null ? '' : '</div></section>'}<section class="prompt"><h2>Prompt ${job.promptIndex + 1}</h2>` +
          `<p class="prompt">${escapeHtml(job.prompt)} · ${fmt(perPrompt.get(job.promptIndex) ?? 0)} answers</p><div class="grid">`;
    if (bytes + Buffer.byteLength(opening) + Buffer.byteLength(card) > maxBytes - TAIL_RESERVE) break;
    await write(opening + card);
    open = job.promptIndex;
    shown.answers += 1;
    shown.perPrompt.set(job.promptIndex, (shown.perPrompt.get(job.promptIndex) ?? 0) + 1);
  }
  if (open !== null) await write('</div></section>');
  await write(leftOutSection(ctx, chosen, perPrompt, shown, totalAnswers));
  const generated = new Date(options.generatedAt ?? Date.now()).toISOString();
  await write(`<footer>Generated by Parallax on ${escapeHtml(generated)}.</footer>\n</body></html>\n`);
  return { answersShown: shown.answers, leftOut: totalAnswers - shown.answers };
}
