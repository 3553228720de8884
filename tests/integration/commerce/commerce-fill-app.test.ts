import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { recordCommerceFill } from '../../../src/core/history/commerce';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { normalizeResult } from '../../../src/shared/api/normalize';
import type { CommerceSummary } from '../../../src/shared/commerce';
import { createTestCore } from '../../support/test-core';
import { newRun, openTemp, tempFolder } from '../store/helpers';

// A history whose answers have no commerce rows yet (as migration 24 leaves an upgraded one, or
// a brand change): the app reads them into rows in the background after it opens, and the
// Commerce numbers then count every answer.

const tmp = tempFolder();
let core: Core | null = null;
afterAll(async () => {
  await core?.close();
  tmp.cleanup();
});

const shelf = {
  text: 'Veloxa makes good shoes.',
  sources: [],
  shoppingCards: [
    {
      products: [
        { title: 'Veloxa Glide', position: 1, price: '$120.00', merchant: 'Runners Shop', offers: [] },
        { title: 'Fleetfoot Dash', position: 2, price: '$80.00', merchant: 'Big Store', offers: [] },
      ],
    },
  ],
};

/** Drops every commerce row and roll-up and records a fill of every stored answer. */
function forgetCommerce(path: string): void {
  const db = new Database(path);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'com\\_%' ESCAPE '\\'")
      .pluck()
      .all() as string[];
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM ${table}`).run();
      recordCommerceFill(db);
    })();
  } finally {
    db.close();
  }
}

describe('the app fills commerce rows of answers stored without them', () => {
  it('counts every answer once the background fill is done', async () => {
    const db = join(tmp.dir, 'parallax.db');
    const store = openTemp(db);
    store.saveBrand({ name: 'Veloxa', kind: 'brand', aliases: [], domains: [] });
    const run = newRun(store, {
      prompts: ['p1', 'p2', 'p3'],
      engines: ['assistant-a'],
      countries: ['US', 'DE'],
    });
    store.ingestResults(
      run.jobs.map((job) => {
        const raw = { success: true, result: shelf };
        return {
          jobId: job.id,
          raw,
          fetchedAt: Date.now() - 3_600_000,
          normalized: normalizeResult(job.engine, raw),
        };
      }),
    );
    store.close();
    forgetCommerce(db);

    core = await createTestCore(tmp.dir, openSettingsStore({ userDataDir: tmp.dir }), { dbPath: db });
    let summary: CommerceSummary | null = null;
    for (let i = 0; i < 200; i++) {
      const reply = await core.router.invoke('commerce.summary', { period: { days: 7 } });
      if (!reply.ok) throw new Error(reply.error.message);
      summary = reply.value as CommerceSummary;
      if (summary.surfaces.answers === 6) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(summary?.surfaces).toMatchObject({ answers: 6, withShopping: 6, productSlots: 12 });
    expect(summary?.brands.find((b) => b.brand === 'Veloxa')?.shelfPresence).toMatchObject({
      value: 1,
      n: 6,
    });
  });
});
