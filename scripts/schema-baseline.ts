// `npm run schema:baseline`: writes src/core/history/schema/baseline-snapshot.ts, the schema
// every migration leaves on an empty file, which a new history is created from
// (src/core/history/schema/baseline.ts). Run it after adding a migration: until then a new file
// replays the migrations the snapshot lacks, and tests/integration/store/schema-baseline.test.ts
// fails to say so.

import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { applyMigrations, MIGRATIONS, readBaseline, registerStoreFunctions } from '../src/core/history';

const FILE = join(import.meta.dirname, '..', 'src', 'core', 'history', 'schema', 'baseline-snapshot.ts');

const migrated = new Database(':memory:');
const bare = new Database(':memory:');
try {
  applyMigrations(migrated, MIGRATIONS, null);
  registerStoreFunctions(bare);
  const baseline = readBaseline(migrated, bare, MIGRATIONS.length);
  const text = [
    '// Made by `npm run schema:baseline` (scripts/schema-baseline.ts) from the migrations; do not edit.',
    "import type { SchemaBaseline } from './baseline';",
    '',
    `export const SCHEMA_BASELINE: SchemaBaseline = ${JSON.stringify(baseline)};`,
    '',
  ].join('\n');
  const config = (await resolveConfig(FILE)) ?? {};
  writeFileSync(FILE, await format(text, { ...config, filepath: FILE }));
  console.log(
    `schema baseline: version ${baseline.version}, ${baseline.objects.length} objects, ` +
      `${baseline.rows.reduce((n, r) => n + r.values.length, 0)} rows -> ${FILE}`,
  );
} finally {
  migrated.close();
  bare.close();
}
