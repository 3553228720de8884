import Papa from 'papaparse';
import type { TextExportContext } from './context';
import { EXPORT_COLUMNS, exportRow, rowValues } from './export-data';

// One row per job, streamed: rows are quoted by papaparse in batches of BATCH and written as
// they are read. Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a
// leading apostrophe: answers and prompts come from engines and users, not from us.

const BATCH = 200;
const NEWLINE = '\r\n';

export function neutralizeFormula(value: string | number): string | number {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export async function writeCsv(ctx: TextExportContext): Promise<void> {
  // A BOM so Excel opens UTF-8 (accents, CJK) correctly.
  await ctx.sink.write(`\uFEFF${Papa.unparse([[...EXPORT_COLUMNS]], { newline: NEWLINE })}`);
  let batch: Array<Array<string | number>> = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await ctx.sink.write(`${NEWLINE}${Papa.unparse(batch, { newline: NEWLINE })}`);
    batch = [];
  };
  for (const job of ctx.reader.jobs(ctx.run.id)) {
    batch.push(rowValues(exportRow(ctx.run, job, ctx.labelOf)).map(neutralizeFormula));
    if (batch.length >= BATCH) await flush();
    await ctx.progress.tick();
  }
  await flush();
}
