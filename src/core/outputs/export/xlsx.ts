import { partialExportNote } from './partial';
import type { Worksheet } from 'exceljs';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { ExportContext } from './context';
import { ADS_TABLE, PRODUCTS_TABLE, type SlotTable } from './commerce-rows';
import { FACTS_TABLE } from './facts-rows';
import { commerceSheet, type CommerceTable } from './commerce-sheet';
import { EXPORT_COLUMNS, exportRow, rowValues } from './export-data';
import { ROWS_PER_PAGE, zipCaughtUp } from './xlsx-pace';

// A workbook with a Results sheet (one row per job), a Sources sheet, Products and Ads sheets
// (one row per product or ad slot of the answers, as kept at ingest), a Commerce sheet (the run's
// shelf and ads per brand and engine, when it shows products or ads), a Facts sheet (one row per
// answer, brand and fact checked against its sheet) and a Run sheet, written
// with ExcelJS's streaming WorkbookWriter: each row is committed (serialized into the zip) as
// soon as it is read, inline strings instead of a shared-strings table, and every page of rows
// waits for the zip to take them (xlsx-pace.ts), so memory does not grow with the run. The Sources sheet is a second pass over the history (a streamed workbook is
// written one sheet after the other).

// Excel caps a cell at 32,767 characters; longer answers are cut there (the JSON export keeps them whole).
const MAX_CELL = 32_767;

const clip = (v: string | number): string | number =>
  typeof v === 'string' && v.length > MAX_CELL ? v.slice(0, MAX_CELL) : v;

const SOURCE_COLUMNS = [
  'resultId',
  'engine',
  'country',
  'state',
  'kind',
  'position',
  'domain',
  'url',
  'title',
  // Added after the others, as in the Results sheet, so columns read by position stay put.
  'engineLabel',
] as const;

type Sheet = Worksheet;
type Row = ReturnType<Worksheet['addRow']>;

// Every data cell and row shares one empty style object. ExcelJS gives each new cell a style
// object of its own, and on commit turns each into its XML form to look its id up, about a
// fifth of a large workbook's time; the same object is looked up once (its WeakMap) and maps to
// the same default style as a fresh empty one, so the file is unchanged.
const PLAIN_STYLE = Object.freeze({});

/** ExcelJS's rows have a style object too (rendered per row), missing from its type definitions. */
type StyledRow = Row & { style: object };

/** Commits a data row with the shared plain style on the row and each of its cells. */
function commitPlain(row: Row): void {
  (row as StyledRow).style = PLAIN_STYLE;
  row.eachCell({ includeEmpty: true }, (cell) => {
    cell.style = PLAIN_STYLE;
  });
  row.commit();
}

function boldHeader(sheet: Sheet): void {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
}

async function writeResults(ctx: ExportContext, sheet: Sheet): Promise<void> {
  sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key, width: key === 'answer' ? 80 : 16 }));
  boldHeader(sheet);
  let rows = 0;
  for (const job of ctx.reader.jobs(ctx.run.id)) {
    // Values are written as typed values (strings stay strings), never as formulas.
    commitPlain(sheet.addRow(rowValues(exportRow(ctx.run, job, ctx.labelOf)).map(clip)));
    await ctx.progress.tick();
    if (++rows % ROWS_PER_PAGE === 0) await zipCaughtUp(sheet);
  }
  sheet.commit();
}

async function writeSources(ctx: ExportContext, sheet: Sheet): Promise<void> {
  sheet.columns = SOURCE_COLUMNS.map((key) => ({ header: key, key, width: key === 'url' ? 60 : 16 }));
  boldHeader(sheet);
  let lastResult = '';
  let rows = 0;
  for (const source of ctx.reader.sources(ctx.run.id)) {
    const row = { ...source, engineLabel: ctx.labelOf(source.engine) };
    commitPlain(sheet.addRow(SOURCE_COLUMNS.map((c) => clip(row[c]))));
    if (++rows % ROWS_PER_PAGE === 0) await zipCaughtUp(sheet);
    // Progress counts results (one tick per result's first source), as the first pass counts jobs.
    if (source.resultId !== lastResult) {
      lastResult = source.resultId;
      await ctx.progress.tick();
    }
  }
  sheet.commit();
}

/** A sheet of slots (Products, Ads): one row per slot, text cells as typed values. */
async function writeSlots(ctx: ExportContext, sheet: Sheet, table: SlotTable): Promise<void> {
  sheet.columns = table.columns.map((key) => ({ header: key, key, width: key === 'title' ? 50 : 16 }));
  boldHeader(sheet);
  let rows = 0;
  for (const values of table.rows(ctx.reader, ctx.run, ctx.labelOf)) {
    commitPlain(sheet.addRow(values.map(clip)));
    // tick(0): the cancel check, without counting a job.
    if (++rows % ROWS_PER_PAGE === 0) {
      await zipCaughtUp(sheet);
      await ctx.progress.tick(0);
    }
  }
  sheet.commit();
}

/** The run's shelf and ads per brand and engine (commerce-sheet.ts); rates as percentages. */
function writeCommerceSheet(ctx: ExportContext, sheet: Sheet): void {
  const table = commerceSheet(ctx.commerce as CommerceTable, null, ctx.labelOf);
  const percent = new Set(table.percent);
  sheet.columns = table.head.map((header, i) => ({
    header,
    width: i === 0 ? 20 : Math.min(40, Math.max(10, header.length + 2)),
    ...(percent.has(i + 1) ? { style: { numFmt: '0.0%' } } : {}),
  }));
  boldHeader(sheet);
  for (const values of table.rows) sheet.addRow(values.map((v) => (v === null ? null : clip(v)))).commit();
  sheet.commit();
}

function writeRunSheet(ctx: ExportContext, sheet: Sheet): void {
  const r = ctx.run;
  sheet.columns = [{ width: 22 }, { width: 60 }];
  const info: Array<[string, string | number]> = [
    ['Run id', r.id],
    ['Name', r.name ?? ''],
    ['Status', r.status],
    ['Mode', r.mode],
    ['Engines', r.engines.map(ctx.labelOf).join(', ')],
    ['Countries', r.countries.join(', ')],
    ['States', r.states.join(', ')],
    ['Prompts', r.promptCount],
    ['Repeats', r.repeats],
    ['Jobs', r.total],
    ['Succeeded', r.counts.succeeded],
    ['Failed', r.counts.failed],
    ['Credits charged', r.creditsCharged + r.creditsUnreceived],
    // Answers the service charged that never arrived (a killed run; from the balance at resume).
    ['Of which charged without a result', r.creditsUnreceived],
    ['Interrupted sessions not attributable', r.creditsUnattributable],
    ['Synthetic (sandbox)', r.sandbox ? 'yes' : 'no'],
    ['Partial', partialExportNote(r) ?? 'no: every job had ended'],
    ['Created', new Date(r.createdAt).toISOString()],
  ];
  for (const [k, v] of info) {
    const row = sheet.addRow([k, clip(v)]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.commit();
}

/** Writes the workbook to `path` (the caller renames it into place). */
export async function writeXlsx(ctx: ExportContext, path: string): Promise<void> {
  // Loaded here: ExcelJS adds about 0.4 s to the start of any command that imports it.
  const { default: ExcelJS } = await import('exceljs');
  const file = createWriteStream(path, { mode: 0o600 });
  const closed = once(file, 'close');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Parallax';
  wb.created = new Date(ctx.run.createdAt);
  try {
    const frozen = { views: [{ state: 'frozen' as const, ySplit: 1 }] };
    await writeResults(ctx, wb.addWorksheet('Results', frozen));
    await writeSources(ctx, wb.addWorksheet('Sources', frozen));
    await writeSlots(ctx, wb.addWorksheet('Products', frozen), PRODUCTS_TABLE);
    await writeSlots(ctx, wb.addWorksheet('Ads', frozen), ADS_TABLE);
    await writeSlots(ctx, wb.addWorksheet('Facts', frozen), FACTS_TABLE);
    if (ctx.commerce) writeCommerceSheet(ctx, wb.addWorksheet('Commerce', frozen));
    writeRunSheet(ctx, wb.addWorksheet('Run'));
    await wb.commit();
    await closed;
  } catch (error) {
    // The file is opened asynchronously: destroyed before its open completes, it is created
    // afterwards, so the caller's removal of the partial file must wait for the close.
    file.destroy();
    await closed.catch(() => undefined);
    throw error;
  }
}

/** Passes of the history an XLSX export makes (progress counts jobs, then results). */
export const XLSX_PASSES = 2;
