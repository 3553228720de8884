import type Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import type {
  StorageCompactProgress,
  StorageCompactResult,
  StorageStats,
} from '../../../shared/domain/storage';
import type { StoreContext } from '../connection';
import { removeUnusedTexts } from '../codec';

// What the history file is made of (`parallax db stats`, Settings → History file) and giving
// freed space back (`parallax db compact`). Sizes come from SQLite's dbstat table: the bytes of
// every page of every table and index, grouped into the parts an analyst recognises.

export interface StorageApi {
  /** Size by part; reads every page's header once (a second or two per GB). */
  storageStats(): StorageStats;
  /**
   * Removes source, entity and product texts no answer holds any more (deleted runs), then gives
   * free pages back to the file system. The first time on a file made before incremental vacuum
   * was switched on, a full VACUUM rewrites it once (no finer progress than start and end);
   * after that, free pages are released in steps with progress.
   */
  compact(onProgress?: (progress: StorageCompactProgress) => void): StorageCompactResult;
}

// Table or index name → part; the first matching rule wins.
const PARTS: ReadonlyArray<readonly [part: string, test: RegExp]> = [
  // An answer's texts and raw JSON are one compressed document in its results row (migration
  // 010); result_docs keeps the raw JSON of answers stored before it, until they are packed.
  ['Raw JSON not packed yet (compressed)', /^(result_docs|result_raw)$/],
  ['Answers with their raw JSON (compressed)', /^(results$|results_|sqlite_autoindex_results_)/],
  ['Sources', /^(sources|source_)/],
  ['Shopping', /^(products|product_)/],
  ['Entities, ads, questions, AI overviews', /^(entities|entity_|ads|people_also_ask|ai_overviews)/],
  ['Search index', /^(answer_search|answer_fts)/],
  ['Archived pages', /^page_archive/],
  ['Visibility roll-ups', /^vis_/],
  ['Discovery roll-ups', /^disc_/],
  ['Positioning (per answer and roll-ups)', /^(pos_|sqlite_autoindex_pos_)/],
  ['Brand mentions', /^brand_mentions/],
  ['Runs and jobs', /^(runs|jobs|run_|sqlite_autoindex_(runs|jobs|run_))/],
];
const OTHER = 'Other (library, monitors, alerts, schema)';

function partOf(name: string): string {
  return PARTS.find(([, test]) => test.test(name))?.[0] ?? OTHER;
}

const INCREMENTAL = 2;
const STEP_PAGES = 2048;

export function createStorageApi(ctx: StoreContext): StorageApi {
  const { db } = ctx;
  const pragmaNumber = (name: string): number => db.pragma(name, { simple: true }) as number;

  function fileBytes(): number {
    const size = (p: string): number => {
      try {
        return statSync(p).size;
      } catch {
        return 0;
      }
    };
    return size(ctx.path) + size(`${ctx.path}-wal`);
  }

  return {
    storageStats() {
      const pageSize = pragmaNumber('page_size');
      const rows = db
        .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE aggregate = TRUE GROUP BY name')
        .all() as Array<{ name: string; bytes: number }>;
      const parts = new Map<string, { bytes: number; tables: string[] }>();
      for (const row of rows) {
        const part = partOf(row.name);
        const entry = parts.get(part) ?? { bytes: 0, tables: [] };
        entry.bytes += row.bytes;
        entry.tables.push(row.name);
        parts.set(part, entry);
      }
      const freeBytes = pragmaNumber('freelist_count') * pageSize;
      const results = db.prepare('SELECT count(*) FROM results').pluck().get() as number;
      const usedBytes = [...parts.values()].reduce((sum, p) => sum + p.bytes, 0);
      const totalBytes = pragmaNumber('page_count') * pageSize;
      return {
        path: ctx.path,
        fileBytes: fileBytes(),
        totalBytes,
        usedBytes,
        freeBytes,
        pageSize,
        results,
        bytesPerResult: results > 0 ? Math.round(totalBytes / results) : null,
        incrementalVacuum: pragmaNumber('auto_vacuum') === INCREMENTAL,
        parts: [...parts.entries()]
          .map(([part, p]) => ({ part, bytes: p.bytes, tables: p.tables.sort() }))
          .sort((a, b) => b.bytes - a.bytes),
      };
    },

    compact(onProgress) {
      const pageSize = pragmaNumber('page_size');
      const before = fileBytes();
      // Source, entity and product texts of deleted runs become free pages first, so this
      // compact gives them back.
      removeUnusedTexts(db);
      const freeAtStart = pragmaNumber('freelist_count');
      let mode: StorageCompactResult['mode'];
      if (pragmaNumber('auto_vacuum') !== INCREMENTAL) {
        // Switching to incremental needs one full rewrite; every later compact is incremental.
        mode = 'full';
        onProgress?.({ phase: 'rewrite', freedBytes: 0, totalBytes: freeAtStart * pageSize });
        db.pragma('auto_vacuum = INCREMENTAL');
        db.exec('VACUUM');
      } else {
        mode = 'incremental';
        let left = freeAtStart;
        while (left > 0) {
          db.pragma(`incremental_vacuum(${STEP_PAGES})`);
          const now = pragmaNumber('freelist_count');
          onProgress?.({
            phase: 'release',
            freedBytes: (freeAtStart - now) * pageSize,
            totalBytes: freeAtStart * pageSize,
          });
          if (now >= left) break;
          left = now;
        }
      }
      // The file itself shrinks only once the WAL is checkpointed into it.
      db.pragma('wal_checkpoint(TRUNCATE)');
      const after = fileBytes();
      onProgress?.({ phase: 'done', freedBytes: Math.max(0, before - after), totalBytes: before });
      return { mode, beforeBytes: before, afterBytes: after, freedBytes: Math.max(0, before - after) };
    },
  };
}

/** True for a file with no table yet: auto_vacuum can still be chosen without a VACUUM. */
export function isBlankFile(db: Database.Database): boolean {
  return db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get() === 0;
}
