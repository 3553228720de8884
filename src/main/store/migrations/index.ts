import { sql as initial } from './001_initial';

/** One numbered schema change. Versions start at 1 and have no gaps; PRAGMA user_version holds the last applied. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a released migration is never edited, a change is a new numbered file.
export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: 'initial', sql: initial }];
