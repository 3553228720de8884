import { pluck, stmt, type StoreContext } from '../connection';
import { pruneUnusedTags } from '../library';
import type { VisibilityIndexer } from '../visibility';

// Removing the demo history (src/core/demo) in one transaction: its runs (with their jobs,
// results and roll-ups, by the foreign keys), its monitors, its brands and the meta row that
// remembers it. Nothing else is touched, and a failure leaves the history as it was.

export interface DemoIds {
  runIds: readonly string[];
  monitorIds: readonly string[];
  brandIds: readonly string[];
}

export interface DemoDeleted {
  runs: number;
  monitors: number;
  brands: number;
}

export interface DemoApi {
  /**
   * Deletes the given runs, every run a given monitor started, the monitors and the brands, and
   * the meta row `metaKey`, in one transaction; re-analyses the remaining history when brands go.
   */
  deleteDemoHistory(ids: DemoIds, metaKey: string): DemoDeleted;
}

export function createDemoApi(ctx: StoreContext, visibility: VisibilityIndexer): DemoApi {
  const { db } = ctx;
  const remove = db.transaction((ids: DemoIds, metaKey: string): DemoDeleted => {
    // The runs leave the Visibility roll-ups first (their share of the day totals).
    visibility.unindexRuns(
      pluck(
        db,
        `SELECT id FROM runs WHERE id IN (SELECT value FROM json_each(?))
           OR monitor_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(ids.runIds), JSON.stringify(ids.monitorIds)) as string[],
    );
    const runs = stmt(
      db,
      `DELETE FROM runs WHERE id IN (SELECT value FROM json_each(?))
         OR monitor_id IN (SELECT value FROM json_each(?))`,
    ).run(JSON.stringify(ids.runIds), JSON.stringify(ids.monitorIds)).changes;
    const monitors = stmt(db, 'DELETE FROM monitors WHERE id IN (SELECT value FROM json_each(?))').run(
      JSON.stringify(ids.monitorIds),
    ).changes;
    const brands = stmt(db, 'DELETE FROM brands WHERE id IN (SELECT value FROM json_each(?))').run(
      JSON.stringify(ids.brandIds),
    ).changes;
    if (brands > 0) {
      // As library.deleteBrand: other connections recompile their matcher; ranks and share of
      // voice of what remains are computed again without the demo's brands.
      stmt(
        db,
        "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'brands_version'",
      ).run();
      visibility.reanalyseBrands();
    }
    pruneUnusedTags(db);
    stmt(db, 'DELETE FROM meta WHERE key = ?').run(metaKey);
    return { runs, monitors, brands };
  });
  return {
    deleteDemoHistory(ids, metaKey) {
      try {
        return remove.immediate(ids, metaKey);
      } catch (error) {
        // A rolled-back re-analysis leaves the indexer's cached keys unusable.
        visibility.reset();
        throw error;
      }
    },
  };
}
