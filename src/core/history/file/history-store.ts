import type Database from 'better-sqlite3';
import {
  createAlertInputsApi,
  createMonitorOptionsApi,
  createWebhookOutboxApi,
  createAlertsApi,
  type AlertInputsApi,
  type MonitorOptionsApi,
  type WebhookOutboxApi,
  type AlertsApi,
} from '../alerts';
import { backupDatabase, type BackupInfo } from './backup';
import {
  asWriteError,
  HistoryDamagedError,
  isDamageCode,
  sqliteCode,
  type StoreContext,
} from '../connection';
import {
  createCommerceDrillApi,
  createCommerceFillApi,
  createCommerceIndexer,
  createCommerceReadApi,
  type CommerceDrillApi,
  type CommerceFillApi,
  type CommerceReadApi,
  withCommerceIndex,
} from '../commerce';
import { createCrawlLogsApi, type CrawlLogsApi } from '../crawls';
import { createDemoApi, type DemoApi } from '../demo';
import { createFactsApi, createFactsIndexer, withFactsIndex, type FactsApi } from '../facts';
import type { IntegrityCheck } from './inspect';
import {
  createLibraryApi,
  createMonitorsApi,
  createSiteKindsApi,
  type LibraryApi,
  type MonitorsApi,
  type SiteKindsApi,
} from '../library';
import {
  createMentionsApi,
  createQueriesApi,
  createResultsApi,
  type MentionsApi,
  type QueriesApi,
  type ResultsApi,
} from '../answers';
import { createDismissalsApi, createOutcomesApi, type DismissalsApi, type OutcomesApi } from '../outcomes';
import { createSharedFunnelApi, type SharedFunnelApi } from '../shared-funnel';
import { createPageArchiveApi, type PageArchiveApi } from '../pages';
import { createReplicaApi, type ReplicaApi } from '../replica';
import { narrowCompanions } from './private-file';
import { createRunsApi, createRunOwnersApi, type RunsApi, type RunOwnersApi } from '../runs';
import { createSearchApi, type SearchApi } from '../search';
import { createStorageApi, type StorageApi } from './storage';
import {
  createDiscoveryIndexer,
  withDiscoveryIndex,
  createDiscoveryReadApi,
  type DiscoveryReadApi,
} from '../discovery';
import {
  createPositioningIndexer,
  createPositioningJobApi,
  createJudgeCacheApi,
  createPrejudgeApi,
  type JudgeCacheApi,
  type PrejudgeApi,
  createPositioningReadApi,
  createPositioningResultsApi,
  withPositioningIndex,
  type PositioningJobApi,
  type PositioningReadApi,
  type PositioningResultsApi,
} from '../positioning';
import {
  createVisibilityIndexer,
  createVisibilityJobApi,
  createVisibilityReadApi,
  type VisibilityJobApi,
  type VisibilityReadApi,
} from '../visibility';

export interface HistoryStore
  extends
    RunsApi,
    ResultsApi,
    RunOwnersApi,
    SearchApi,
    StorageApi,
    QueriesApi,
    MentionsApi,
    LibraryApi,
    MonitorsApi,
    SiteKindsApi,
    VisibilityReadApi,
    VisibilityJobApi,
    DiscoveryReadApi,
    PositioningReadApi,
    PositioningResultsApi,
    PositioningJobApi,
    JudgeCacheApi,
    PrejudgeApi,
    DemoApi,
    AlertsApi,
    AlertInputsApi,
    MonitorOptionsApi,
    WebhookOutboxApi,
    PageArchiveApi,
    CommerceFillApi,
    CommerceReadApi,
    CommerceDrillApi,
    CrawlLogsApi,
    OutcomesApi,
    DismissalsApi,
    SharedFunnelApi,
    FactsApi {
  readonly path: string;
  readonly readonly: boolean;
  /** The history as a replica of a team's history (sync: outbox, cursors, drafts). */
  readonly replica: ReplicaApi;
  /** Why the file was opened read-only when nobody asked (read-only media, permissions), or null. */
  readonly readonlyReason: string | null;
  /** The file other readers open (exports): the history, or its private copy (read-only-media.ts). */
  readonly readPath: string;
  /** The schema version of the open file. */
  readonly schemaVersion: number;
  /** Versions before and after the migrations applied at open (equal when none ran). */
  readonly migrated: { from: number; to: number };
  /** A consistent copy of the whole history (SQLite online backup API), written atomically, mode 0600. */
  backup(toPath: string): Promise<BackupInfo>;
  /** ['ok'] or the problems SQLite found (quick_check or the full integrity_check). */
  checkIntegrity(mode?: IntegrityCheck): string[];
  /** Runs PRAGMA optimize and closes the connection (checkpointing the WAL). */
  close(): void;
}

function translate(path: string, error: unknown): unknown {
  if (isDamageCode(sqliteCode(error))) return new HistoryDamagedError(path, (error as Error).message);
  // A full disk, a lock held past the busy timeout, a read-only disk, an I/O error: one line.
  return asWriteError(path, error);
}

export function createHistoryStore(
  db: Database.Database,
  options: {
    path: string;
    readonly: boolean;
    now: () => number;
    newId: () => string;
    migrated: { from: number; to: number };
    readPath?: string;
    readonlyReason?: string | null;
    /**
     * After the connection closed (the private copy is removed); metDamage: a call of this
     * session reported the file damaged (HistoryDamagedError).
     */
    onClose?: (metDamage: boolean) => void;
  },
): HistoryStore {
  let metDamage = false;
  const guard = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      const translated = translate(options.path, error);
      if (translated instanceof HistoryDamagedError) metDamage = true;
      throw translated;
    }
  };
  const ctx: StoreContext = { db, path: options.path, now: options.now, newId: options.newId, guard };
  const runs = createRunsApi(ctx);
  // The discovery and positioning indexes ride along with the Visibility index (same calls, same
  // transactions).
  // Commerce rides along too: its rows are written after the Visibility's, in the same transaction.
  const commerce = createCommerceIndexer(db);
  // The facts index rides along too: an answer's checks are written with the answer.
  const visibility = withCommerceIndex(
    withFactsIndex(
      withPositioningIndex(
        withDiscoveryIndex(createVisibilityIndexer(db), createDiscoveryIndexer(db)),
        createPositioningIndexer(db),
      ),
      createFactsIndexer(db),
    ),
    commerce,
  );
  const { applyJobPatch: _internal, ...runsApi } = runs;
  // A run leaves the Visibility roll-ups (its share of the day totals) before it is deleted.
  const deleteRun = db.transaction((runId: string): boolean => {
    visibility.unindexRuns([runId]);
    return runsApi.deleteRun(runId);
  });
  const apis = {
    ...runsApi,
    deleteRun: (runId: string): boolean => {
      try {
        return deleteRun.immediate(runId);
      } catch (error) {
        visibility.reset();
        throw error;
      }
    },
    ...createResultsApi(ctx, runs, visibility, commerce),
    ...createCommerceFillApi(db, commerce),
    ...createCommerceReadApi(db),
    ...createCommerceDrillApi(db),
    ...createSearchApi(ctx),
    ...createStorageApi(ctx),
    ...createRunOwnersApi(ctx),
    ...createQueriesApi(ctx),
    ...createMentionsApi(ctx),
    ...createLibraryApi(ctx, visibility),
    ...createVisibilityReadApi(ctx),
    ...createVisibilityJobApi(db, visibility),
    ...createDiscoveryReadApi(ctx),
    ...createPositioningReadApi(db),
    ...createPositioningResultsApi(db),
    ...createPositioningJobApi(db, options.now),
    ...createJudgeCacheApi(db, options.now),
    ...createPrejudgeApi(db),
    ...createMonitorsApi(ctx),
    ...createSiteKindsApi(ctx),
    ...createDemoApi(ctx, visibility),
    ...createAlertsApi(ctx),
    ...createAlertInputsApi(ctx),
    ...createMonitorOptionsApi(ctx),
    ...createWebhookOutboxApi(ctx),
    ...createPageArchiveApi(ctx),
    ...createCrawlLogsApi(ctx),
    ...createOutcomesApi(ctx),
    ...createDismissalsApi(ctx),
    ...createSharedFunnelApi(ctx),
    ...createFactsApi(db, options.now),
  };
  // Every call reports SQLite damage as HistoryDamagedError, with the same advice as at open.
  const guardAll = <T extends object>(api: T): T =>
    Object.fromEntries(
      Object.entries(api).map(([name, fn]) => [
        name,
        (...args: unknown[]) => guard(() => (fn as (...a: unknown[]) => unknown)(...args)),
      ]),
    ) as T;
  const guarded = guardAll(apis) as unknown as Omit<
    HistoryStore,
    | 'path'
    | 'readonly'
    | 'replica'
    | 'readonlyReason'
    | 'readPath'
    | 'schemaVersion'
    | 'migrated'
    | 'backup'
    | 'checkIntegrity'
    | 'close'
  >;
  const replica = guardAll(
    createReplicaApi(ctx, {
      results: apis,
      deleteRun: apis.deleteRun,
      library: apis,
      monitors: apis,
      monitorOptions: apis,
      discovery: apis,
    }),
  );

  return {
    ...guarded,
    replica,
    path: options.path,
    readonly: options.readonly,
    readonlyReason: options.readonlyReason ?? null,
    readPath: options.readPath ?? options.path,
    schemaVersion: options.migrated.to,
    migrated: options.migrated,
    async backup(toPath) {
      try {
        return await backupDatabase(db, options.path, toPath);
      } catch (error) {
        throw translate(options.path, error);
      }
    },
    checkIntegrity(mode = 'quick') {
      const problems = guard(() =>
        (db.pragma(mode === 'full' ? 'integrity_check' : 'quick_check') as Array<Record<string, string>>).map(
          (row) => Object.values(row)[0] ?? '',
        ),
      );
      if (problems.length !== 1 || problems[0] !== 'ok') metDamage = true;
      return problems;
    },
    close() {
      if (!db.open) return;
      if (!options.readonly) {
        try {
          // Keeps the planner's statistics fresh at little cost (bounded by analysis_limit).
          // Best effort: closing must succeed even on a file found damaged meanwhile.
          db.pragma('analysis_limit = 400');
          db.pragma('optimize');
        } catch {
          /* the connection is closed below either way */
        }
        narrowCompanions(options.path);
      }
      db.close();
      options.onClose?.(metDamage);
    },
  };
}
