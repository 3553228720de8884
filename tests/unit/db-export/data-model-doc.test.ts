import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_TABLES } from '../../../src/core/outputs/db-export';

// docs/reference/data-model.md explains every exported table and column: a column added to a
// table module without a line in the reference (or a documented one that is gone) fails here.

const doc = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'docs', 'reference', 'data-model.md'),
  'utf8',
);

/** The column names of the first table after `### name`: the first cell of each row, in backticks. */
function documentedColumns(table: string): string[] {
  const start = doc.indexOf(`\n### ${table}\n`);
  if (start < 0) return [];
  const section = doc.slice(start + 1).split(/\n### /)[0] ?? '';
  return [...section.matchAll(/^\| `(\w+)`/gm)].map((m) => m[1] as string);
}

describe('docs/reference/data-model.md', () => {
  for (const table of EXPORT_TABLES)
    it(`documents every column of ${table.name}, in order`, () => {
      expect(documentedColumns(table.name)).toEqual(table.columns.map((c) => c.name));
    });

  it('documents the meta table', () => {
    expect(documentedColumns('meta')).toEqual(expect.arrayContaining(['export', 'synthetic', 'time_zone']));
  });
});
