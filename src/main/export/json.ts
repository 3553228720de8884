import type { TextExportContext } from './context';

// JSON: the run and every job with its normalized result, one document. Streamed: the run
// first, then one job per line inside the "jobs" array, so the file parses as before
// (JSON.parse gives the same object) without the whole run in memory. NDJSON: one job per line
// with its run id, for tools that read a line at a time (jq -c, DuckDB, BigQuery loads).
//
// Each job's object comes from the history as UTF-8 bytes built by SQLite (the reader's
// jsonLines) and is written as it is: nothing is parsed or serialized again here.

const COMMA_NEWLINE = Buffer.from(',\n');
const NEWLINE = Buffer.from('\n');

export async function writeJson(ctx: TextExportContext): Promise<void> {
  const head = JSON.stringify({ format: 'parallax-run-export', version: 1, run: ctx.run });
  // `{…,"run":{…}}` → `{…,"run":{…},"jobs":[`
  await ctx.sink.write(`${head.slice(0, -1)},"jobs":[`);
  let separator = NEWLINE;
  for (const pieces of ctx.reader.jsonLines(ctx.run.id, { withRunId: false, sandbox: ctx.run.sandbox })) {
    await ctx.sink.write(separator);
    for (const piece of pieces) await ctx.sink.write(piece);
    separator = COMMA_NEWLINE;
    await ctx.progress.tick();
  }
  await ctx.sink.write('\n]}\n');
}

export async function writeNdjson(ctx: TextExportContext): Promise<void> {
  for (const pieces of ctx.reader.jsonLines(ctx.run.id, { withRunId: true, sandbox: ctx.run.sandbox })) {
    for (const piece of pieces) await ctx.sink.write(piece);
    await ctx.sink.write(NEWLINE);
    await ctx.progress.tick();
  }
}
