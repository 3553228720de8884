import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSettingsStore } from '../../src/core/platform/settings';
import { openHistory, type HistoryStore, type IngestItem, type JobRecord } from '../../src/core/history';
import { syncWorkspace, type SyncOptions } from '../../src/core/team/sync';
import { removeHistoryFile } from '../../src/core/team/sync/seed-files';
import {
  applyTeamMigrations,
  createTeamService,
  openTeamClient,
  parseTeamUrl,
  TEAM_MIGRATIONS,
  type TeamClient,
  type TeamService,
} from '../../src/core/team/server';
import type { SyncReportView } from '../../src/shared/ipc/channels/sync';
import { runSpecSchema, type RunSpec } from '../../src/shared/domain/run-spec';
import { makeResult } from '../bench/store-answers';
import { rng } from '../bench/bench-random';
import { createMemorySecretStore } from './memory-secret-store';
import { seedEmptyHistory } from './empty-history';
import type { TestPostgres, TestRole } from './postgres';

// A team for the sync tests: a database with the team schema (created by the test's superuser,
// the owner), a workspace, login roles granted to it, and desktops (a history file each, a team
// service that connects as one role through PARALLAX_TEAM_URL), on a real PostgreSQL.

export interface SyncTeam {
  database: string;
  owner: TeamClient;
  workspace: string;
  roles: Record<string, TestRole>;
  /** A desktop: its own history file, connected as `role`, syncing `slug` (the team's workspace unless told). */
  desktop(role: string, name?: string, slug?: string): Desktop;
  /** Rows of a team table in the workspace (as the owner). */
  count(table: string, where?: string): Promise<number>;
  close(): Promise<void>;
}

export interface Desktop {
  path: string;
  store: HistoryStore;
  team: TeamService;
  sync(options?: SyncOptions): Promise<SyncReportView>;
  /** Reopens the history file (after a child process wrote it). */
  reopen(): void;
}

let runs = 0;

export async function startSyncTeam(
  server: TestPostgres,
  members: Record<string, 'member' | 'viewer' | 'admin'>,
  workspace = 'acme',
  /** Rows written while the team schema is still at version 1 (then upgraded): $1 = the workspace id. */
  seedAtV1?: (owner: TeamClient, workspaceId: string) => Promise<void>,
): Promise<SyncTeam> {
  const database = await server.createDatabase('sync');
  const owner = await openTeamClient(parseTeamUrl(server.url(database, undefined, { sslmode: 'disable' })));
  await applyTeamMigrations(owner, seedAtV1 ? TEAM_MIGRATIONS.slice(0, 1) : TEAM_MIGRATIONS);
  const { rows } = await owner.query<{ id: string }>('SELECT parallax.create_workspace($1, $2, 0) AS id', [
    workspace,
    workspace.toUpperCase(),
  ]);
  if (seedAtV1) {
    await seedAtV1(owner, rows[0]?.id as string);
    await applyTeamMigrations(owner);
  }
  const roles: Record<string, TestRole> = {};
  for (const [name, access] of Object.entries(members)) {
    const role = await server.createRole(`${name}_${database}`.slice(0, 60));
    await owner.query('SELECT parallax.grant_workspace($1, $2, $3)', [workspace, role.name, access]);
    roles[name] = role;
  }
  const dirs: string[] = [];
  const stores: HistoryStore[] = [];
  return {
    database,
    owner,
    workspace,
    roles,
    desktop(role, name = role, slug = workspace) {
      const dir = mkdtempSync(join(tmpdir(), `parallax-sync-${name}-`));
      dirs.push(dir);
      const path = join(dir, 'parallax.db');
      const env = { PARALLAX_TEAM_URL: server.url(database, roles[role], { sslmode: 'disable' }) };
      const team = createTeamService({
        settings: openSettingsStore({ userDataDir: dir }),
        passwords: createMemorySecretStore(),
        env,
        now: Date.now,
      });
      seedEmptyHistory(path);
      const desktop: Desktop = {
        path,
        store: openHistory({ path }),
        team,
        sync: (options = {}) => syncWorkspace(team, { store: desktop.store, workspace: slug }, options),
        reopen() {
          desktop.store.close();
          desktop.store = openHistory({ path });
          stores.push(desktop.store);
        },
      };
      stores.push(desktop.store);
      return desktop;
    },
    async count(table, where = 'true') {
      // A connection of its own each time: the tests stop and start the server.
      const { rows } = await server.query<{ n: string }>(
        `SELECT count(*) AS n FROM parallax.${table} t JOIN parallax.workspaces w ON w.id = t.workspace_id
          WHERE w.slug = $1 AND ${where}`,
        [workspace],
        database,
      );
      return Number(rows[0]?.n ?? 0);
    },
    async close() {
      try {
        for (const store of stores) store.close();
        await owner.end();
      } finally {
        // The desktops' folders go even when a close fails.
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A run of `spec` created as the sandbox's, expecting `answers` credits. */
export function createSandboxRun(
  store: HistoryStore,
  spec: RunSpec,
  answers: number,
): ReturnType<HistoryStore['createRun']> {
  return store.createRun({
    spec,
    keyLabel: 'sandbox',
    baseUrl: 'http://127.0.0.1',
    sandbox: true,
    costEstimate: answers,
  });
}

/** A run of `answers` jobs with synthetic answers (~5 KB, 10 sources each) stored through ingest. */
export function recordRun(
  store: HistoryStore,
  answers: number,
  options: { fetchedAt?: number; seed?: number } = {},
): JobRecord[] {
  const r = rng(options.seed ?? ++runs);
  const countries = ['US', 'DE', 'FR', 'GB', 'ES'].slice(0, Math.min(5, answers));
  const spec = runSpecSchema.parse({
    name: `sync run ${runs}`,
    prompts: Array.from(
      { length: Math.ceil(answers / countries.length) },
      (_, i) => `best running shoes ${i}`,
    ),
    engines: ['assistant-a'],
    countries,
    repeats: 1,
  });
  const { run, jobs } = createSandboxRun(store, spec, answers);
  const chosen = jobs.slice(0, answers);
  answerJobs(store, chosen, r, options.fetchedAt ?? Date.now());
  store.updateRun(run.id, { status: 'completed' });
  return chosen;
}

/**
 * Synthetic answers of these jobs, of `words(r)` words (80 unless told), fetched from `at` on,
 * one credit each; `pagesOf(i)` gives the i-th answer's linked pages (none unless told).
 */
function syntheticAnswers(
  jobs: readonly JobRecord[],
  r: ReturnType<typeof rng>,
  at: number,
  words: (r: ReturnType<typeof rng>) => number = () => 80,
  pagesOf?: (i: number) => string[],
): IngestItem[] {
  return jobs.map((job, i) => {
    const m = makeResult(r, words(r));
    return {
      jobId: job.id,
      raw: m.raw,
      normalized: { ...m.normalized, engine: job.engine, ...(pagesOf ? { htmlUrls: pagesOf(i) } : {}) },
      fetchedAt: at + i,
      jobPatch: { jobState: 'succeeded' as const, creditsCharged: 1 },
    };
  });
}

/** Answers these jobs (synthetic answers fetched from `at` on, one credit each) through ingest. */
export function answerJobs(
  store: HistoryStore,
  jobs: readonly JobRecord[],
  r: ReturnType<typeof rng>,
  at: number,
): void {
  store.ingestResults(syntheticAnswers(jobs, r, at));
}

/**
 * Answers these jobs through ingest, each citing one page of its own (`https://example.com/SEED/i`),
 * of `words(r)` words (80 unless told); returns the answers' texts by job.
 */
export function answerCitingPages(
  store: HistoryStore,
  jobs: readonly JobRecord[],
  seed: number,
  words: (r: ReturnType<typeof rng>) => number = () => 80,
): Map<string, string> {
  const items = syntheticAnswers(jobs, rng(seed), Date.now(), words, (i) => [
    `https://example.com/${seed}/${i}`,
  ]);
  store.ingestResults(items);
  return new Map(items.map((item) => [item.jobId, item.normalized.text]));
}

/**
 * What the first-sync comparisons pull: two brands tracked (so verdicts are made too), a run of
 * 500 answers today and one of 300 yesterday, pushed by this desktop. Returns the answers pushed.
 */
export async function recordTwoDaysWithBrands(desktop: Desktop): Promise<number> {
  for (const brand of ['Nike', 'Hoka'])
    desktop.store.saveBrand({ name: brand, kind: brand === 'Nike' ? 'brand' : 'competitor' });
  recordRun(desktop.store, 500);
  recordRun(desktop.store, 300, { fetchedAt: Date.now() - 86_400_000 });
  await desktop.sync();
  return 800;
}

/** The desktop with its history file gone (a new teammate's, before its first sync): closed, file and companions removed. */
export function withoutHistory(desktop: Desktop): Desktop {
  desktop.store.close();
  removeHistoryFile(desktop.path);
  return desktop;
}
