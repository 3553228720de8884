import type { ExportJob, ExportResultRow } from '../store/export-read';
import type { ExportContext, TextExportContext } from './context';

// JSON: the run and every job with its normalized result, one document. Streamed: the run
// first, then one job per line inside the "jobs" array, so the file parses as before
// (JSON.parse gives the same object) without the whole run in memory. NDJSON: one job per line
// with its run id, for tools that read a line at a time (jq -c, DuckDB, BigQuery loads).
//
// A job's text is put together from pieces: the answer's child rows (sources, entities,
// products, ads…) arrive as JSON text built by SQLite and are spliced in as they are, instead
// of being parsed into objects only to be serialized again (most of the export's time).

/** `{"a":1}` + `"b":2` → `{"a":1,"b":2}` (both produced by JSON.stringify or SQLite's json_object). */
const withMembers = (objectJson: string, members: string): string =>
  objectJson.length === 2 ? `{${members}}` : `${objectJson.slice(0, -1)},${members}}`;

function resultJson(ctx: ExportContext, job: ExportJob, result: ExportResultRow): string {
  const children = result.children;
  if (children === null) throw new Error('JSON exports read jobs with { children: true }');
  const normalized = withMembers(
    withMembers(
      JSON.stringify({
        engine: job.engine,
        text: result.text,
        markdown: result.markdown,
        htmlUrls: result.htmlUrls,
        model: result.model,
        searchQueries: result.searchQueries,
      }),
      children.slice(1, -1),
    ),
    `"relatedSearches":${JSON.stringify(result.relatedSearches)},"shape":${JSON.stringify(result.shape)}`,
  );
  const head = JSON.stringify({
    resultId: result.resultId,
    jobId: job.jobId,
    runId: ctx.run.id,
    prompt: job.prompt,
    engine: job.engine,
    country: job.country,
    state: job.state,
    repeat: job.repeat,
    fetchedAt: result.fetchedAt,
    sandbox: ctx.run.sandbox,
  });
  return withMembers(head, `"normalized":${normalized}`);
}

/** One job as JSON: the matrix cell's fields, the prompt, and the result (or null). */
function jobJson(ctx: ExportContext, job: ExportJob, runId?: string): string {
  const cell = JSON.stringify({
    ...(runId === undefined ? {} : { runId }),
    jobId: job.jobId,
    promptIndex: job.promptIndex,
    engine: job.engine,
    country: job.country,
    state: job.state,
    repeat: job.repeat,
    jobState: job.jobState,
    resultId: job.result?.resultId ?? null,
    excerpt: job.excerpt,
    sourceCount: job.sourceCount,
    error: job.error,
    prompt: ctx.run.prompts[job.promptIndex] ?? null,
  });
  return withMembers(cell, `"result":${job.result ? resultJson(ctx, job, job.result) : 'null'}`);
}

export async function writeJson(ctx: TextExportContext): Promise<void> {
  const head = JSON.stringify({ format: 'parallax-run-export', version: 1, run: ctx.run });
  await ctx.sink.write(withMembers(head, '"jobs":[').slice(0, -1));
  let first = true;
  for (const job of ctx.reader.jobs(ctx.run.id, { children: true })) {
    await ctx.sink.write(`${first ? '\n' : ',\n'}${jobJson(ctx, job)}`);
    first = false;
    await ctx.progress.tick();
  }
  await ctx.sink.write('\n]}\n');
}

export async function writeNdjson(ctx: TextExportContext): Promise<void> {
  for (const job of ctx.reader.jobs(ctx.run.id, { children: true })) {
    await ctx.sink.write(`${jobJson(ctx, job, ctx.run.id)}\n`);
    await ctx.progress.tick();
  }
}
