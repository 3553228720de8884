import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../../support/postgres';
import { recordRun, startSyncTeam, type SyncTeam } from '../../support/sync-team';

let server: TestPostgres;
let team: SyncTeam;
beforeAll(async () => {
  server = await startTestPostgres();
  team = await startSyncTeam(server, { alice: 'member', bob: 'member' });
});
afterAll(async () => {
  await team?.close();
  await server?.close();
});

describe('smoke', () => {
  it('syncs both ways', async () => {
    const a = team.desktop('alice');
    const b = team.desktop('bob');
    recordRun(a.store, 20);
    a.store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: ['Velox'] });
    const first = await a.sync();
    console.log(JSON.stringify(first, null, 1));
    expect(await team.count('results')).toBe(20);
    const second = await b.sync();
    console.log(JSON.stringify(second, null, 1));
    expect(b.store.listRuns().total).toBe(1);
    expect(b.store.listBrands().map((x) => x.name)).toEqual(['Veloxa']);
  });
});
