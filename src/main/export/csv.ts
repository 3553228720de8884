import Papa from 'papaparse';
import { EXPORT_COLUMNS, exportRows, type ExportData } from './export-data';

/**
 * One row per job. Cells that a spreadsheet would run as a formula (=, +, -, @ first) get a
 * leading apostrophe: answers and prompts come from engines and users, not from us.
 */
export function buildCsv(data: ExportData): string {
  const rows = exportRows(data).map((row) => EXPORT_COLUMNS.map((col) => neutralizeFormula(row[col])));
  return Papa.unparse({ fields: [...EXPORT_COLUMNS], data: rows }, { newline: '\r\n' });
}

export function neutralizeFormula(value: string | number): string | number {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
