import type { OutcomePeriod, SearchRow } from '../../history';
import { findColumn, parseCount, parseDay, readCsvTable, type CsvRow, type RowError } from './csv-table';

// The query and page tables of Search Console's Performance export (Queries.csv: "Top queries,
// Clicks, Impressions, CTR, Position"; Pages.csv: "Top pages, …"; Dates.csv gives the range) and
// of Bing Webmaster Tools' AI Performance export (grounding queries or cited pages with their
// citations, per date when the export has one). One reader: which table a CSV is, and which
// counts it has, is read from its header.

export type SearchTableKind = 'queries' | 'pages' | 'dates';

export interface SearchTable {
  kind: SearchTableKind;
  rows: SearchRow[];
  errors: RowError[];
}

const KEY_COLUMNS: Record<Exclude<SearchTableKind, 'dates'>, readonly RegExp[]> = {
  queries: [
    /^top queries$/i,
    /^grounding quer(y|ies)$/i,
    /^quer(y|ies)$/i,
    /^search quer(y|ies)$/i,
    /^keywords?$/i,
  ],
  pages: [/^top pages$/i, /^cited pages?$/i, /^pages?$/i, /^urls?$/i, /^page url$/i],
};
const COUNT_COLUMNS = {
  clicks: [/^clicks$/i],
  impressions: [/^impressions$/i],
  citations: [/^citations$/i, /^total citations$/i, /^citation count$/i],
};
const DATE_COLUMN = [/^date$/i, /^day$/i];

/** Which table a header is, with the column of its key; null when it is none of them. */
function kindOf(header: readonly string[]): { kind: SearchTableKind; key: number } | null {
  for (const kind of ['queries', 'pages'] as const) {
    const key = findColumn(header, KEY_COLUMNS[kind]);
    if (key >= 0) return { kind, key };
  }
  const date = findColumn(header, DATE_COLUMN);
  return date >= 0 && findColumn(header, COUNT_COLUMNS.impressions) >= 0
    ? { kind: 'dates', key: date }
    : null;
}

type Counts = Pick<SearchRow, 'clicks' | 'impressions' | 'citations'>;

function countsOf(r: CsvRow, header: readonly string[]): Counts | RowError {
  const out: Counts = { clicks: null, impressions: null, citations: null };
  for (const [name, patterns] of Object.entries(COUNT_COLUMNS) as [keyof Counts, RegExp[]][]) {
    const i = findColumn(header, patterns);
    if (i < 0) continue;
    const value = parseCount(r.cells[i]);
    if (value === null) return { line: r.line, field: name, message: `"${r.cells[i] ?? ''}" is not a count` };
    out[name] = value;
  }
  return out;
}

/** Reads one CSV of these exports; `period` applies to rows without a date of their own. */
export function parseSearchCsv(text: string, period: OutcomePeriod): SearchTable | RowError {
  const table = readCsvTable(text);
  const found = kindOf(table.header);
  if (!found)
    return {
      line: 0,
      field: 'header',
      message: 'no query, page or date column (e.g. "Top queries", "Grounding query", "Cited page")',
    };
  const hasCount = Object.values(COUNT_COLUMNS).some((p) => findColumn(table.header, p) >= 0);
  if (!hasCount)
    return { line: 0, field: 'header', message: 'no "Clicks", "Impressions" or "Citations" column' };
  const date = findColumn(table.header, DATE_COLUMN);
  const out: SearchTable = { kind: found.kind, rows: [], errors: [] };
  for (const r of table.rows) {
    const key = (r.cells[found.key] ?? '').trim();
    if (key === '') {
      out.errors.push({ line: r.line, field: table.header[found.key] ?? 'key', message: 'is empty' });
      continue;
    }
    const counts = countsOf(r, table.header);
    if ('message' in counts) {
      out.errors.push(counts);
      continue;
    }
    let at = period;
    if (date >= 0 && found.kind !== 'dates') {
      const d = parseDay(r.cells[date]);
      if (d === null) {
        out.errors.push({ line: r.line, field: 'date', message: `"${r.cells[date] ?? ''}" is not a date` });
        continue;
      }
      at = { fromDay: d, toDay: d };
    }
    out.rows.push({ ...at, key, ...counts });
  }
  return out;
}

/** The range a Dates table covers (its first and last day), or null when it has no dated row. */
export function periodOfDates(table: SearchTable): OutcomePeriod | null {
  const days = table.rows.map((r) => parseDay(r.key)).filter((d): d is number => d !== null);
  if (days.length === 0) return null;
  return { fromDay: days.reduce((a, b) => Math.min(a, b)), toDay: days.reduce((a, b) => Math.max(a, b)) };
}
