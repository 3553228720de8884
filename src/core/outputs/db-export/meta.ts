import type { ReaderFacts } from './reader';
import type { DbExportFilter, DbExportFormat, DbExportTableOutcome } from './types';

// The meta table of an export: key/value rows saying what it is, what it covers, and whether its
// answers are real. Both formats write it (meta.parquet beside the tables).

/** The export's own layout version: raised when a table or column changes meaning or goes away. */
export const EXPORT_LAYOUT_VERSION = 1;

const isoDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The rows for the export's own facts (the export passes its deps' and request's values in). */
export function metaRows(args: {
  appVersion: string;
  format: DbExportFormat;
  monitorName: string | undefined;
  filter: DbExportFilter;
  outcomes: readonly DbExportTableOutcome[];
  facts: ReaderFacts;
  exportedAt: number;
  schemaVersion: number;
}): Array<[string, string]> {
  const { filter, outcomes, facts } = args;
  const rows: Array<[string, string]> = [
    ['export', 'parallax-analysis-export'],
    ['export_version', String(EXPORT_LAYOUT_VERSION)],
    ['parallax_version', args.appVersion],
    ['history_schema_version', String(args.schemaVersion)],
    ['exported_at', new Date(args.exportedAt).toISOString()],
    ['format', args.format],
    ['period_from', filter.fromDay === undefined ? '' : isoDay(filter.fromDay)],
    ['period_to', filter.toDay === undefined ? '' : isoDay(filter.toDay)],
    ['monitor_id', filter.monitorId ?? ''],
    ['monitor_name', args.monitorName ?? ''],
    ['synthetic', String(facts.syntheticAnswers > 0)],
    ['synthetic_answers', String(facts.syntheticAnswers)],
    ['demo', String(facts.demoAnswers > 0)],
    ['demo_answers', String(facts.demoAnswers)],
    ['tables', outcomes.map((o) => o.table).join(',')],
    ['time_zone', 'UTC'],
  ];
  for (const o of outcomes) rows.push([`rows.${o.table}`, String(o.rows)]);
  return rows;
}
