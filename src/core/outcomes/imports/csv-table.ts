import Papa from 'papaparse';

// The tables analytics exports are: a CSV whose first table may follow comment lines (GA4 starts
// with `# Account`, `# Start date: 20250101`…) and end at a blank line (GA4 adds more tables
// after it). Line numbers are the file's, so a bad row is named where the analyst sees it.

export interface CsvRow {
  /** 1-based line in the file. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
  /** The comment lines before the table, without their leading `#`. */
  comments: string[];
}

/** A per-field problem with one row (or the file, line 0): the row is skipped, the others kept. */
export interface RowError {
  line: number;
  field: string;
  message: string;
}

/** A line's cells: split directly when nothing is quoted (most rows), else by the CSV parser. */
function cellsOf(line: string): string[] {
  const delimiter = line.includes('\t') ? '\t' : ',';
  const cells = line.includes('"')
    ? (Papa.parse<string[]>(line, { delimiter }).data[0] ?? [])
    : line.split(delimiter);
  return cells.map((c) => c.trim());
}

/** The first table of an export: its comment lines, its header and its rows up to a blank line. */
export function readCsvTable(text: string): CsvTable {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const comments: string[] = [];
  let at = 0;
  for (; at < lines.length; at++) {
    const line = (lines[at] as string).trim();
    if (line.startsWith('#')) comments.push(line.replace(/^#\s?/, ''));
    else if (line !== '') break;
  }
  const header = at < lines.length ? cellsOf(lines[at] as string) : [];
  const rows: CsvRow[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '' || line.trim().startsWith('#')) break;
    rows.push({ line: i + 1, cells: cellsOf(line) });
  }
  return { header, rows, comments };
}

/** The index of the first header cell one of `names` matches (case-insensitive), or -1. */
export function findColumn(header: readonly string[], names: readonly RegExp[]): number {
  for (const name of names) {
    const i = header.findIndex((h) => name.test(h.trim()));
    if (i >= 0) return i;
  }
  return -1;
}

/** A whole count as exports write it ("1,234", "12", "4.00"); null when it is not one. */
export function parseCount(cell: string | undefined): number | null {
  const text = (cell ?? '').replace(/[,\s\u00a0]/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of "20250131" or "2025-01-31"; null when it is no date. */
export function parseDay(cell: string | undefined): number | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec((cell ?? '').trim());
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const back = new Date(ms);
  if (back.getUTCMonth() !== Number(m[2]) - 1 || back.getUTCDate() !== Number(m[3])) return null;
  return ms / DAY_MS;
}

export const isoOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The value of a `# Name: value` comment line (GA4's "Start date", "Property"), or null. */
export function commentValue(comments: readonly string[], name: string): string | null {
  const prefix = `${name.toLowerCase()}:`;
  const line = comments.find((c) => c.toLowerCase().startsWith(prefix));
  return line === undefined ? null : line.slice(prefix.length).trim();
}
