import { MIGRATIONS, type Migration } from '../../src/core/history';

/** A migration found by its name (numbers change when branches merge). */
export function migrationNamed(name: string): Migration {
  const migration = MIGRATIONS.find((m) => m.name === name);
  if (!migration) throw new Error(`No migration named ${name}`);
  return migration;
}
