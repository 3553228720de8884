import { afterAll, beforeAll } from 'vitest';
import { startTestPostgres, type TestPostgres } from './postgres';
import { startSyncTeam, type SyncTeam } from './sync-team';

// For test files that need one team for all their tests (kept apart from sync-team.ts, which the
// benchmarks import outside vitest).

/**
 * A PostgreSQL server of its own and a team with these members for the test file that calls this:
 * started before its tests and stopped after them. Read `team` inside the tests.
 */
export function teamForThisFile(members: Record<string, 'member' | 'viewer' | 'admin'>): {
  readonly team: SyncTeam;
} {
  let server: TestPostgres | undefined;
  let team: SyncTeam | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
    team = await startSyncTeam(server, members);
  });
  afterAll(async () => {
    await team?.close();
    await server?.close();
  });
  return {
    get team(): SyncTeam {
      if (!team) throw new Error('The team starts in beforeAll: read it inside a test.');
      return team;
    },
  };
}
