import type { ExportTable } from '../types';
import { answersTable } from './answers';
import { brandsTable } from './brands';
import { adsTable, offersTable, productsTable } from './commerce';
import { factsTable } from './facts';
import { jobsTable } from './jobs';
import { mentionsTable } from './mentions';
import { positioningTable } from './positioning';
import { positioningAttributesTable } from './positioning-attributes';
import { runsTable } from './runs';
import { sourcesTable } from './sources';
import { visibilityDailyTable } from './visibility-daily';

// The tables of the analysis export, in the order the SQLite file is written (a table before
// the tables whose foreign keys name it). Each is one module: its columns (name, kind, the SQL
// reading it from the history) and the scope its rows are read by; the writers (SQLite and
// Parquet) and docs/reference/data-model.md take it from there.
//
// ADDING A TABLE: write tables/<name>.ts like mentions.ts or positioning.ts (a scope, `from`
// joining the scope's temp table s to the history's rows by key, an answer's id from
// temp.answer_ids (answer-keys.ts: not its row), columns with kinds, keys referencing the
// tables they join), add it to this list after the tables it references, describe its columns
// in docs/reference/data-model.md, and extend the table list the tests check
// (tests/integration/db-export). Nothing else changes: the meta table counts its rows and
// both formats write it.

export const EXPORT_TABLES: readonly ExportTable[] = [
  runsTable,
  jobsTable,
  answersTable,
  sourcesTable,
  brandsTable,
  mentionsTable,
  positioningTable,
  positioningAttributesTable,
  factsTable,
  productsTable,
  offersTable,
  adsTable,
  visibilityDailyTable,
];

/** The meta table, written last by the exporter itself (not read from the history). */
export const META_TABLE = 'meta';
