import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSpecSchema } from '../../src/shared/domain/run-spec';
import { startSandbox, type RunningSandbox } from '../../src/sandbox';
import type { PlanName } from '../../src/shared/api/engines';
import { startTestPostgres, type TestPostgres } from './postgres';
import { startSyncTeam, type SyncTeam } from './sync-team';

// A team for the runner's tests and bench: a real PostgreSQL with the team schema and a
// workspace, a role the runners connect as, the sandbox over HTTP as the service, monitors due
// now on the team, and `parallax runner` child processes (the real CLI) to start and kill.

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'parallax.mjs');

export interface RunnerWorld {
  server: TestPostgres;
  team: SyncTeam;
  sandbox: RunningSandbox;
  workspaceId: string;
  dir: string;
  /** Adds `count` monitors due now, each `prompts` prompts × 1 engine × 1 country. */
  addMonitors(
    count: number,
    options?: { prompts?: number; mode?: 'sync' | 'async'; prefix?: string },
  ): Promise<void>;
  /** Starts `parallax runner` as a child process (its own history file, number n). */
  spawnRunner(n: number, args?: string[], env?: NodeJS.ProcessEnv): RunnerChild;
  /** Starts `parallax ARGV` with runner n's data folder, the team URL and the key in its environment. */
  spawnCli(n: number, argv: string[], env?: NodeJS.ProcessEnv): RunnerChild;
  /** What the team holds: runs per monitor, results, distinct jobs answered, credits recorded. */
  figures(): Promise<TeamFigures>;
  /** Credits the sandbox charged the account. */
  charged(): number;
  close(): Promise<void>;
}

export interface TeamFigures {
  monitors: number;
  runs: number;
  /** Monitors with more than one run (a due slot run twice). */
  twice: number;
  results: number;
  answeredJobs: number;
  jobs: number;
  credits: number;
  claims: Record<string, number>;
  takeovers: number;
}

export interface RunnerChild {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** The --json lines it printed, parsed. */
  jsonLines(): Array<Record<string, unknown>>;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startRunnerWorld(
  options: { plan?: PlanName; latencyMs?: number } = {},
): Promise<RunnerWorld> {
  const server = await startTestPostgres();
  const team = await startSyncTeam(server, { runner: 'member' });
  const sandbox = await startSandbox({
    plan: options.plan ?? 'Growth',
    latencyMs: options.latencyMs ?? 20,
    seed: 7,
  });
  const { rows } = await team.owner.query<{ id: string }>(
    'SELECT id::text FROM parallax.workspaces WHERE slug = $1',
    [team.workspace],
  );
  const workspaceId = rows[0]?.id ?? '';
  const dir = mkdtempSync(join(tmpdir(), 'parallax-runner-'));
  const children: ChildProcess[] = [];
  let made = 0;
  const world: RunnerWorld = {
    server,
    team,
    sandbox,
    workspaceId,
    dir,
    async addMonitors(count, { prompts = 2, mode = 'sync', prefix = 'm' } = {}) {
      const created = Date.now() - 2 * 86_400_000;
      for (let i = 0; i < count; i++) {
        const n = ++made;
        const spec = runSpecSchema.parse({
          name: `Monitor ${n}`,
          prompts: Array.from({ length: prompts }, (_, p) => `best trail running shoes ${n}-${p}`),
          engines: ['assistant-a'],
          countries: ['US'],
          repeats: 1,
          mode,
        });
        await team.owner.query(
          `INSERT INTO parallax.monitors (workspace_id, id, name, spec_json, cadence, created_at, updated_at)
            VALUES ($1, $2, $3, $4, 'daily', $5, $5)`,
          [workspaceId, `${prefix}-${n}`, `Monitor ${n}`, JSON.stringify(spec), created],
        );
      }
    },
    spawnRunner(n, args = [], env = {}) {
      const db = join(dir, `runner-${n}.db`);
      const argv = ['--workspace', team.workspace, 'runner', '--base-url', sandbox.baseUrl, '--db', db];
      return world.spawnCli(n, [...argv, ...args], env);
    },
    spawnCli(n, argv, env = {}) {
      const child = spawn(process.execPath, [BIN, ...argv], {
        env: {
          ...process.env,
          PARALLAX_USER_DATA_DIR: join(dir, `data-${n}`),
          PARALLAX_TEAM_URL: server.url(team.database, team.roles['runner'], { sslmode: 'disable' }),
          PARALLAX_API_KEY: sandbox.apiKey,
          PARALLAX_WORKSPACE: '',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      let err = '';
      const waiters: Array<() => void> = [];
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        for (const w of waiters) w();
      });
      child.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
        for (const w of waiters) w();
      });
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      return {
        child,
        stdout: () => out,
        stderr: () => err,
        jsonLines: () =>
          out
            .trim()
            .split('\n')
            .filter((l) => l.startsWith('{'))
            .map((l) => JSON.parse(l) as Record<string, unknown>),
        exited,
        waitFor(pattern, timeoutMs = 120_000) {
          return new Promise((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`timed out waiting for ${pattern}: ${out}\n${err}`)),
              timeoutMs,
            );
            const check = (): void => {
              if (pattern.test(out + err)) {
                clearTimeout(timer);
                resolve();
              }
            };
            waiters.push(check);
            void exited.then(() => {
              check();
              setTimeout(() => reject(new Error(`runner ${n} exited before ${pattern}: ${out}\n${err}`)), 50);
            });
            check();
          });
        },
      };
    },
    async figures() {
      const one = async (sql: string): Promise<number> => {
        const { rows: r } = await team.owner.query<{ n: string | null }>(sql, [workspaceId]);
        return Number(r[0]?.n ?? 0);
      };
      const { rows: states } = await team.owner.query<{ state: string; n: string }>(
        'SELECT state, count(*) AS n FROM parallax.runner_claims WHERE workspace_id = $1 GROUP BY state',
        [workspaceId],
      );
      return {
        monitors: await one('SELECT count(*) AS n FROM parallax.monitors WHERE workspace_id = $1'),
        runs: await one('SELECT count(*) AS n FROM parallax.runs WHERE workspace_id = $1'),
        twice: await one(
          `SELECT count(*) AS n FROM (SELECT monitor_id FROM parallax.runs WHERE workspace_id = $1
             GROUP BY monitor_id HAVING count(*) > 1) t`,
        ),
        results: await one('SELECT count(*) AS n FROM parallax.results WHERE workspace_id = $1'),
        answeredJobs: await one(
          'SELECT count(DISTINCT job_id) AS n FROM parallax.results WHERE workspace_id = $1',
        ),
        jobs: await one('SELECT count(*) AS n FROM parallax.jobs WHERE workspace_id = $1'),
        credits: await one(
          'SELECT coalesce(sum(credits_charged), 0) AS n FROM parallax.jobs WHERE workspace_id = $1',
        ),
        claims: Object.fromEntries(states.map((s) => [s.state, Number(s.n)])),
        takeovers: await one(
          'SELECT coalesce(sum(takeovers), 0) AS n FROM parallax.runner_claims WHERE workspace_id = $1',
        ),
      };
    },
    charged: () => sandbox.stats().creditsCharged[sandbox.defaultAccount.id] ?? 0,
    async close() {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await sandbox.close();
      await team.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}
