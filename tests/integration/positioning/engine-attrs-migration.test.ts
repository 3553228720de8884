import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/core/history';
import { migrationNamed } from '../../support/migration-named';
import { newRun, openTemp, tempFolder } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';
import { rollupsAndRecounts } from './recount';

// The engine-level attribute roll-up (migration 'positioning-engine-attrs'): a history stored
// before it (its table dropped, the version set back) gets it filled from the engine × location
// rows on upgrade, equal to a count of the answers' own rows, and ingest keeps it so after.

const tmp = tempFolder();
const AT = Date.UTC(2026, 2, 2, 10);

afterAll(() => tmp.cleanup());

describe('migration positioning-engine-attrs', () => {
  it('fills pos_attr_e from the stored positioning, and ingest keeps it in step', () => {
    const path = tmp.file('before-018.db');
    let store = openTemp(path);
    for (const b of BRANDS) store.saveBrand(b);
    const run = newRun(store, {
      prompts: ['p1', 'p2', 'p3'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE', 'FR'],
    });
    storeAnswers(store, run.jobs, AT);
    store.close();
    const version = migrationNamed('positioning-engine-attrs').version;
    const raw = new Database(path);
    raw.exec('DROP TABLE pos_attr_e');
    raw.pragma(`user_version = ${version - 1}`);
    raw.close();

    store = openTemp(path);
    expect(store.migrated).toEqual({ from: version - 1, to: MIGRATIONS.length });
    const engineLevel = () => rollupsAndRecounts(path).find((l) => l.table === 'pos_attr_e');
    const filled = engineLevel();
    expect(filled?.rows.length).toBeGreaterThan(0);
    expect(filled?.rows).toEqual(filled?.recount);

    const more = newRun(store, { prompts: ['p4'], engines: ['assistant-b'], countries: ['DE'], repeats: 2 });
    storeAnswers(store, more.jobs, AT + 86_400_000);
    store.close();
    const after = engineLevel();
    expect(after?.rows).not.toEqual(filled?.rows);
    expect(after?.rows).toEqual(after?.recount);
  });
});
