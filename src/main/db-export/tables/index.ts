import type { ExportTable } from '../types';
import { answersTable } from './answers';
import { brandsTable } from './brands';
import { jobsTable } from './jobs';
import { mentionsTable } from './mentions';
import { runsTable } from './runs';
import { sourcesTable } from './sources';
import { visibilityDailyTable } from './visibility-daily';

// The tables of the analysis export, in the order the SQLite file is written (a table before
// the tables whose foreign keys name it). Each is one module: its columns (name, kind, the SQL
// reading it from the history) and the scope its rows are read by; the writers (SQLite and
// Parquet) and docs/reference/data-model.md take it from there.
//
// ADDING A TABLE (e.g. `positioning`, per-answer brand positioning: status top / recommended /
// mentioned / cautioned, sentiment, evidence, attributes, judge): write tables/positioning.ts
// like mentions.ts (scope 'scope_results', `from` joining temp.scope_results s to the
// positioning rows by result seq, the answer's id from temp.answer_ids (scope's answer-keys.ts:
// not its row), columns with kinds; result_id and brand_id referencing
// answers and brands), add it to this list after `mentions`, describe its columns in
// docs/reference/data-model.md, and extend the table list the tests check
// (tests/integration/db-export). Nothing else changes: the meta table counts its rows and
// both formats write it.

export const EXPORT_TABLES: readonly ExportTable[] = [
  runsTable,
  jobsTable,
  answersTable,
  sourcesTable,
  brandsTable,
  mentionsTable,
  visibilityDailyTable,
];

/** The meta table, written last by the exporter itself (not read from the history). */
export const META_TABLE = 'meta';
