import { classifyReferrer } from '../referrers';
import type { OutcomePeriod, TrafficRow } from '../../history';
import {
  commentValue,
  findColumn,
  parseCount,
  parseDay,
  readCsvTable,
  type CsvRow,
  type RowError,
} from './csv-table';

// A GA4 exploration or traffic-acquisition report exported as CSV: `#` comment lines with the
// property and the date range, then session source / medium (one column, or two), landing
// page, sessions, key events and, when the report has it, the date. Only the sessions an AI
// engine referred are kept (the referrer catalogue); the others are counted, not stored.

export interface Ga4Parse {
  rows: TrafficRow[];
  /** Rows whose source is no AI engine's. */
  notAi: number;
  errors: RowError[];
  /** The export's date range, or null when it does not say. */
  period: OutcomePeriod | null;
  /** The property the comments name, or null. */
  property: string | null;
}

const COLUMNS = {
  sourceMedium: [/^session source \/ medium$/i, /^session source\/medium$/i, /^source \/ medium$/i],
  source: [/^session source$/i, /^session manual source$/i, /^source$/i],
  medium: [/^session medium$/i, /^medium$/i],
  landing: [/^landing page( \+ query string)?$/i, /^landing page path$/i],
  sessions: [/^sessions$/i],
  keyEvents: [/^key events$/i, /^conversions$/i],
  date: [/^date$/i],
};

type Columns = Record<keyof typeof COLUMNS, number>;

function columnsOf(header: readonly string[]): Columns {
  const entries = Object.entries(COLUMNS).map(([k, names]) => [k, findColumn(header, names)]);
  return Object.fromEntries(entries) as Columns;
}

function periodOf(comments: readonly string[]): OutcomePeriod | null {
  const from = parseDay(commentValue(comments, 'Start date') ?? '');
  const to = parseDay(commentValue(comments, 'End date') ?? '');
  return from !== null && to !== null ? { fromDay: from, toDay: to } : null;
}

/** What is wrong with the header, or null: the columns a GA4 import needs. */
function headerProblem(c: Columns): string | null {
  if (c.sourceMedium < 0 && c.source < 0) return 'no "Session source / medium" (or "Session source") column';
  if (c.sessions < 0) return 'no "Sessions" column';
  return null;
}

type RowOutcome = { row: TrafficRow } | { notAi: true } | { total: true } | { error: RowError };

/** GA4's totals row (first cell "Grand total", or empty before the numbers): not a source. */
const TOTAL = /^(grand )?totals?$/i;

function readRow(r: CsvRow, c: Columns, period: OutcomePeriod): RowOutcome {
  const at = (i: number): string => (i >= 0 ? (r.cells[i] ?? '') : '');
  const source = c.sourceMedium >= 0 ? at(c.sourceMedium) : at(c.source);
  const medium = c.sourceMedium >= 0 ? '' : at(c.medium);
  const sourceMedium = medium === '' ? source : `${source} / ${medium}`;
  if (TOTAL.test(source) || (source === '' && r.cells.slice(1).some((cell) => cell !== '')))
    return { total: true };
  if (source === '') return { error: { line: r.line, field: 'session source', message: 'is empty' } };
  const referrer = classifyReferrer(source);
  if (!referrer) return { notAi: true };
  const sessions = parseCount(at(c.sessions));
  if (sessions === null)
    return { error: { line: r.line, field: 'sessions', message: `"${at(c.sessions)}" is not a count` } };
  const keyEvents = c.keyEvents >= 0 ? parseCount(at(c.keyEvents)) : 0;
  if (keyEvents === null)
    return { error: { line: r.line, field: 'key events', message: `"${at(c.keyEvents)}" is not a count` } };
  let day: OutcomePeriod = period;
  if (c.date >= 0) {
    const d = parseDay(at(c.date));
    if (d === null)
      return { error: { line: r.line, field: 'date', message: `"${at(c.date)}" is not a date (YYYYMMDD)` } };
    day = { fromDay: d, toDay: d };
  }
  const landingPage = c.landing >= 0 && at(c.landing) !== '' ? at(c.landing) : '(not set)';
  return {
    row: {
      ...day,
      sourceMedium,
      landingPage,
      referrer: referrer.id,
      engine: referrer.engine,
      sessions,
      keyEvents,
    },
  };
}

/** Rows with the same key (GA4 repeats none, but a hand-edited file may) are added together. */
function merged(rows: readonly TrafficRow[]): TrafficRow[] {
  const byKey = new Map<string, TrafficRow>();
  for (const row of rows) {
    const key = [row.fromDay, row.toDay, row.sourceMedium, row.landingPage].join('\u0000');
    const had = byKey.get(key);
    if (had)
      byKey.set(key, {
        ...had,
        sessions: had.sessions + row.sessions,
        keyEvents: had.keyEvents + row.keyEvents,
      });
    else byKey.set(key, row);
  }
  return [...byKey.values()];
}

export function parseGa4Csv(text: string): Ga4Parse {
  const table = readCsvTable(text);
  const c = columnsOf(table.header);
  const period = periodOf(table.comments);
  const property = commentValue(table.comments, 'Property');
  const problem = headerProblem(c);
  if (problem !== null)
    return { rows: [], notAi: 0, errors: [{ line: 0, field: 'header', message: problem }], period, property };
  const out: Ga4Parse = { rows: [], notAi: 0, errors: [], period, property };
  for (const r of table.rows) {
    const got = readRow(r, c, period ?? { fromDay: 0, toDay: 0 });
    if ('row' in got) out.rows.push(got.row);
    else if ('notAi' in got) out.notAi += 1;
    else if ('error' in got) out.errors.push(got.error);
  }
  out.rows = merged(out.rows);
  return out;
}
