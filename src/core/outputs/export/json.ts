import { partialExportNote } from './partial';
import type { TextExportContext } from './context';

// JSON: the run and every job with its normalized result, one document. Streamed: the run
// first, then one job per line inside the "jobs" array, so the file parses as before
// (JSON.parse gives the same object) without the whole run in memory. NDJSON: one job per line
// with its run id, for tools that read a line at a time (jq -c, DuckDB, BigQuery loads).
//
// Each job's object comes from the history as UTF-8 bytes built by SQLite (the reader's
// jsonLines) and is written as it is: nothing is parsed or serialized again here.

const COMMA_NEWLINE = ',\n';
const NEWLINE = '\n';

/**
 * Writes the run's lines joined by the separator, in chunks (on worker threads when the
 * context names their script); returns how many. Progress counts jobs.
 */
async function writeLines(
  ctx: TextExportContext,
  withRunId: boolean,
  separator: string,
  before = '',
): Promise<number> {
  const options = { withRunId, sandbox: ctx.run.sandbox, separator, engineLabels: ctx.engineLabels };
  let lines = 0;
  for await (const chunk of ctx.reader.jsonChunks(ctx.run.id, options, ctx.jsonWorker)) {
    if (chunk.lines === 0) continue;
    const lead = lines === 0 ? before : separator;
    if (lead !== '') await ctx.sink.write(lead);
    for (const piece of chunk.pieces) await ctx.sink.write(piece);
    lines += chunk.lines;
    await ctx.progress.tick(chunk.lines);
  }
  return lines;
}

export async function writeJson(ctx: TextExportContext): Promise<void> {
  const partial = partialExportNote(ctx.run);
  const head = JSON.stringify({
    format: 'parallax-run-export',
    version: 1,
    partial: partial !== null,
    ...(partial ? { partialNote: partial } : {}),
    run: { ...ctx.run, engineLabels: ctx.run.engines.map(ctx.labelOf) },
  });
  // `{…,"run":{…}}` → `{…,"run":{…},"jobs":[`, then one job a line after a newline.
  await ctx.sink.write(`${head.slice(0, -1)},"jobs":[`);
  await writeLines(ctx, false, COMMA_NEWLINE, NEWLINE);
  await ctx.sink.write('\n]}\n');
}

export async function writeNdjson(ctx: TextExportContext): Promise<void> {
  const lines = await writeLines(ctx, true, NEWLINE);
  if (lines > 0) await ctx.sink.write(NEWLINE);
}
