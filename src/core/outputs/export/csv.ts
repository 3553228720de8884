import Papa from 'papaparse';
import type { ExportTable } from '../../../shared/ipc/channels/tools';
import type { TextExportContext } from './context';
import { ADS_TABLE, PRODUCTS_TABLE, type SlotTable } from './commerce-rows';
import { FACTS_TABLE } from './facts-rows';
import { EXPORT_COLUMNS, exportRow, rowValues } from './export-data';

// One table a file, streamed: rows are quoted by papaparse in batches of BATCH and written as
// they are read. Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a
// leading apostrophe: answers, prompts, product titles, merchants and ads come from engines and
// users, not from us. The answers table has one row per job; products and ads one per slot.

const BATCH = 200;
const NEWLINE = '\r\n';

type Cell = string | number;

export function neutralizeFormula(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The header, then each row; `onRow` after each row read (the answers table's progress). */
async function writeTable(
  ctx: TextExportContext,
  columns: readonly string[],
  rows: Iterable<Cell[]>,
  onRow?: () => Promise<void>,
): Promise<void> {
  // A BOM so Excel opens UTF-8 (accents, CJK) correctly.
  await ctx.sink.write(`\uFEFF${Papa.unparse([[...columns]], { newline: NEWLINE })}`);
  let batch: Cell[][] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await ctx.sink.write(`${NEWLINE}${Papa.unparse(batch, { newline: NEWLINE })}`);
    batch = [];
  };
  for (const row of rows) {
    batch.push(row.map(neutralizeFormula));
    if (batch.length >= BATCH) await flush();
    await onRow?.();
  }
  await flush();
}

function* answerRows(ctx: TextExportContext): Generator<Cell[]> {
  for (const job of ctx.reader.jobs(ctx.run.id)) yield rowValues(exportRow(ctx.run, job, ctx.labelOf));
}

export async function writeCsv(ctx: TextExportContext, table: ExportTable = 'answers'): Promise<void> {
  if (table === 'answers') {
    await writeTable(ctx, EXPORT_COLUMNS, answerRows(ctx), () => ctx.progress.tick());
    return;
  }
  const tables: Record<Exclude<ExportTable, 'answers'>, SlotTable> = {
    products: PRODUCTS_TABLE,
    ads: ADS_TABLE,
    facts: FACTS_TABLE,
  };
  const slots = tables[table];
  await writeTable(ctx, slots.columns, slots.rows(ctx.reader, ctx.run, ctx.labelOf));
}
