import ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, exportRows, sourceRows, type ExportData } from './export-data';

// Excel caps a cell at 32,767 characters; longer answers are cut there (the JSON export keeps them whole).
const MAX_CELL = 32_767;

const clip = (v: string | number): string | number =>
  typeof v === 'string' && v.length > MAX_CELL ? v.slice(0, MAX_CELL) : v;

/** A workbook with a Results sheet (one row per job), a Sources sheet and a Run sheet. */
export async function buildXlsx(data: ExportData): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Parallax';
  wb.created = new Date(data.run.createdAt);

  const results = wb.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  results.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key, width: key === 'answer' ? 80 : 16 }));
  for (const row of exportRows(data)) {
    // Values are written as typed values (strings stay strings), never as formulas.
    results.addRow(EXPORT_COLUMNS.map((col) => clip(row[col])));
  }
  results.getRow(1).font = { bold: true };

  const sources = wb.addWorksheet('Sources', { views: [{ state: 'frozen', ySplit: 1 }] });
  const sourceCols = [
    'resultId',
    'engine',
    'country',
    'state',
    'kind',
    'position',
    'domain',
    'url',
    'title',
  ] as const;
  sources.columns = sourceCols.map((key) => ({ header: key, key, width: key === 'url' ? 60 : 16 }));
  for (const row of sourceRows(data)) sources.addRow(sourceCols.map((c) => clip(row[c])));
  sources.getRow(1).font = { bold: true };

  const run = wb.addWorksheet('Run');
  const r = data.run;
  const info: Array<[string, string | number]> = [
    ['Run id', r.id],
    ['Name', r.name ?? ''],
    ['Status', r.status],
    ['Mode', r.mode],
    ['Engines', r.engines.join(', ')],
    ['Countries', r.countries.join(', ')],
    ['States', r.states.join(', ')],
    ['Prompts', r.promptCount],
    ['Repeats', r.repeats],
    ['Jobs', r.total],
    ['Succeeded', r.counts.succeeded],
    ['Failed', r.counts.failed],
    ['Credits charged', r.creditsCharged],
    ['Synthetic (sandbox)', r.sandbox ? 'yes' : 'no'],
    ['Created', new Date(r.createdAt).toISOString()],
  ];
  for (const [k, v] of info) run.addRow([k, clip(v)]);
  run.getColumn(1).font = { bold: true };
  run.getColumn(1).width = 22;
  run.getColumn(2).width = 60;

  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf as ArrayBuffer);
}
