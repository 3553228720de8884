import type { OutcomeOrigin, OutcomePeriod, OutcomesApi, OutcomeWriteCounts, SearchRow } from '../../history';
import { isoOfDay, type RowError } from './csv-table';
import { readExportFiles, type ExportFile } from './export-files';
import { parseGa4Csv } from './ga4-csv';
import { parseSearchCsv, periodOfDates, type SearchTable } from './search-csv';

// `parallax outcomes import ga4|gsc|bing FILE`: an export read, its bad rows named and skipped,
// the rest stored aggregated in the history (a re-import replaces its own rows).

export type ImportKind = OutcomeOrigin;

export interface ImportInput {
  kind: ImportKind;
  path: string;
  /** The site or property the rows belong to (GA4: else the property its comments name). */
  site?: string;
}

/** A bad row of one CSV of the export. */
export interface ImportError extends RowError {
  file: string;
}

export interface ImportReport {
  kind: ImportKind;
  site: string;
  /** The range the export covers (YYYY-MM-DD), or null when it does not say. */
  period: { from: string; to: string } | null;
  /** Rows stored per table: added (new) and replaced (imported before). */
  tables: Partial<Record<'traffic' | 'queries' | 'pages', OutcomeWriteCounts>>;
  /** GA4: rows whose source is no AI engine's, counted and not stored. */
  notAi: number;
  /** CSVs of a zip that are none of the tables read (Countries.csv, Devices.csv…). */
  ignored: string[];
  errors: ImportError[];
}

/** Nothing in the file could be imported: the one-line reason. */
export class OutcomesImportError extends Error {
  override readonly name = 'OutcomesImportError';
}

const periodText = (p: OutcomePeriod | null): ImportReport['period'] =>
  p === null || (p.fromDay === 0 && p.toDay === 0)
    ? null
    : { from: isoOfDay(p.fromDay), to: isoOfDay(p.toDay) };

const NO_PERIOD: OutcomePeriod = { fromDay: 0, toDay: 0 };

function importGa4(store: OutcomesApi, files: readonly ExportFile[], input: ImportInput): ImportReport {
  const parses = files.map((f) => ({ file: f.name, ...parseGa4Csv(f.text) }));
  const first = parses.find((p) => p.rows.length > 0) ?? parses[0];
  const site = input.site ?? first?.property ?? '';
  const rows = parses.flatMap((p) => p.rows);
  const errors = parses.flatMap((p) => p.errors.map((e) => ({ ...e, file: p.file })));
  const notAi = parses.reduce((n, p) => n + p.notAi, 0);
  if (rows.length === 0 && notAi === 0) throw noRows(errors);
  const traffic = store.writeOutcomes({ origin: 'ga4', site, traffic: rows });
  return {
    kind: 'ga4',
    site,
    period: periodText(first?.period ?? null),
    tables: { traffic },
    notAi,
    ignored: [],
    errors,
  };
}

function noRows(errors: readonly ImportError[]): OutcomesImportError {
  const e = errors[0];
  const where = e ? `${e.file}${e.line > 0 ? ` line ${e.line}` : ''}: ${e.field} ${e.message}` : 'no row';
  return new OutcomesImportError(`nothing could be imported (${where})`);
}

function importSearch(store: OutcomesApi, files: readonly ExportFile[], input: ImportInput): ImportReport {
  const errors: ImportError[] = [];
  const ignored: string[] = [];
  const read = files.map((f) => ({ file: f.name, table: parseSearchCsv(f.text, NO_PERIOD) }));
  const dates = read.find(
    (r): r is { file: string; table: SearchTable } => 'kind' in r.table && r.table.kind === 'dates',
  );
  const period = dates ? periodOfDates(dates.table) : null;
  const rows: Record<'queries' | 'pages', SearchRow[]> = { queries: [], pages: [] };
  for (const { file, table } of read) {
    if (!('kind' in table)) {
      if (files.length > 1) ignored.push(file);
      else errors.push({ ...table, file });
      continue;
    }
    errors.push(...table.errors.map((e) => ({ ...e, file })));
    if (table.kind === 'dates') continue;
    const undated = (r: SearchRow): SearchRow => (r.fromDay === 0 && period ? { ...r, ...period } : r);
    rows[table.kind].push(...table.rows.map(undated));
  }
  if (rows.queries.length + rows.pages.length === 0) throw noRows(errors);
  const site = input.site ?? '';
  const tables: ImportReport['tables'] = {};
  for (const kind of ['queries', 'pages'] as const) {
    if (rows[kind].length > 0)
      tables[kind] = store.writeOutcomes({ origin: input.kind, site, [kind]: rows[kind] });
  }
  return { kind: input.kind, site, period: periodText(period), tables, notAi: 0, ignored, errors };
}

/** Imports one export (a CSV or a zip of CSVs) into the history. */
export async function importOutcomeFile(store: OutcomesApi, input: ImportInput): Promise<ImportReport> {
  let files: ExportFile[];
  try {
    files = await readExportFiles(input.path);
  } catch (err) {
    throw new OutcomesImportError((err as Error).message);
  }
  return input.kind === 'ga4' ? importGa4(store, files, input) : importSearch(store, files, input);
}
