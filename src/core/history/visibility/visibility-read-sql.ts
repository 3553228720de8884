import { pluck, stmt, type StoreContext } from '../connection';
import { familyRows, pickLevel, type KeyCondition, type VisFilter } from './visibility-levels';

// What the Visibility reads (visibility-read*.ts) share: bound-parameter lists as JSON, a
// typed all(), and the total of a roll-up family at the level the filter needs.

type Db = StoreContext['db'];

export const json = (v: readonly unknown[]): string => JSON.stringify(v);

/** Every row of a statement, typed by the caller (named parameters). */
export const queryAll =
  (db: Db) =>
  <T>(sql: string, params: Record<string, unknown> = {}): T[] =>
    stmt(db, sql).all(params) as T[];

/** The answers a roll-up family counts under the filter and extra key conditions. */
export function sumOf(
  db: Db,
  family: 'cell' | 'gapCell',
  filter: VisFilter,
  extra: readonly KeyCondition[] = [],
  params: Record<string, unknown> = {},
): number {
  const rows = familyRows(family, pickLevel(family, filter), filter, extra);
  return (
    (pluck(db, `SELECT total(answers) FROM (${rows.sql})`).get({ ...rows.params, ...params }) as number) ?? 0
  );
}
