import { existsSync, readdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DbExportInputError, type DbExportFormat } from './types';

// Where an export is written: `<out>.partial` (a file for SQLite, a folder for Parquet), renamed
// to `<out>` only once complete, so nothing ever appears under the chosen name half-written; a
// failure or a cancel deletes the partial output, and a kill leaves at most the `.partial`
// (removed by the next export to that name). An existing SQLite file is replaced, as other
// exports replace theirs; an existing folder only when it is empty or an earlier Parquet export
// (its files are the tables and meta.parquet): a folder of the user's own is never touched.

export const parquetFileName = (table: string): string => `${table}.parquet`;

export interface OutputPlan {
  format: DbExportFormat;
  target: string;
  partial: string;
}

const isParquetExport = (folder: string): boolean => {
  const names = readdirSync(folder);
  return (
    names.length === 0 ||
    (names.includes(parquetFileName('meta')) && names.every((n) => n.endsWith('.parquet')))
  );
};

function checkTarget(format: DbExportFormat, target: string): void {
  if (!existsSync(dirname(target)))
    throw new DbExportInputError(`The folder ${dirname(target)} does not exist: create it first`);
  if (!existsSync(target)) return;
  const folder = statSync(target).isDirectory();
  if (format === 'sqlite' && folder)
    throw new DbExportInputError(
      `${target} is a folder: give the SQLite file's name (for example history.sqlite)`,
    );
  if (format === 'parquet' && !folder)
    throw new DbExportInputError(`${target} is a file: Parquet export writes a folder (one file per table)`);
  if (format === 'parquet' && !isParquetExport(target))
    throw new DbExportInputError(
      `${target} already holds other files: choose a new folder name (an earlier Parquet export there would be replaced)`,
    );
}

/** Checks the target and clears a partial output an interrupted export left. */
export async function prepareOutput(format: DbExportFormat, out: string): Promise<OutputPlan> {
  const target = resolve(out);
  checkTarget(format, target);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  return { format, target, partial };
}

/** Puts the complete output under its name (replacing an earlier export there). */
export async function commitOutput(plan: OutputPlan): Promise<void> {
  if (plan.format === 'sqlite' || !existsSync(plan.target)) {
    await rename(plan.partial, plan.target);
    return;
  }
  // A folder cannot be renamed over another: the old one steps aside first.
  const old = `${plan.target}.replaced-${process.pid}`;
  await rename(plan.target, old);
  await rename(plan.partial, plan.target);
  await rm(old, { recursive: true, force: true });
}

export async function discardOutput(plan: OutputPlan): Promise<void> {
  await rm(plan.partial, { recursive: true, force: true });
}
