import pg from 'pg';
import type { TestPostgres, TestRole } from './postgres';
import { recordRun, startSyncTeam, type Desktop, type SyncTeam } from './sync-team';

// A team under a member who misbehaves: 4 workspaces (w1 to w4) of 2 desktops each, 8 desktops
// in all, each recording a run and syncing every round, all at once, while mallory, a member of
// w4, each round leaves a transaction open that has made a results month and written into w4
// (holding w4's clock and the locks a new month takes), and pushes a value over the team's cap and
// an answer whose document is not an object (both refused). The server ends her transactions at
// the team's idle limit; she never lifts it (a member who does is met by everyone's lock_timeout:
// tests/integration/team/hostile-member.test.ts). Used by the integration suite (nothing lost)
// and by `npm run bench` (tests/bench/team-soak.bench.ts: the delays).

export const SOAK_WORKSPACES = ['w1', 'w2', 'w3', 'w4'] as const;
/** The workspace of the member who misbehaves; the others are the well-behaved ones. */
export const MISBEHAVING_WORKSPACE = 'w4';

export interface SoakOptions {
  rounds: number;
  /** Answers each desktop records each round. */
  answers: number;
  /** The team's idle_in_transaction_session_timeout, as the owner sets it ('1s', '2min'…). */
  idleLimit: string;
  /** false: mallory stays quiet (the baseline the delays are compared with). */
  misbehave?: boolean;
}

export interface SoakFigures {
  /** Syncs made, and those that failed (sent again at the next round). */
  syncs: number;
  failedSyncs: number;
  /** Answers recorded (and pushed) in all. */
  rows: number;
  /** Per workspace: the longest time from a run's push ending to a teammate's desktop holding it. */
  worstPullDelayMs: Record<string, number>;
  /** Per workspace: answers recorded there that a desktop of it or the server lacks at the end. */
  lost: Record<string, number>;
}

interface SoakDesktop {
  workspace: string;
  desktop: Desktop;
  /** Teammates' runs not pulled here yet, with when their push ended. */
  awaited: Map<string, number>;
}

async function soakTeam(
  server: TestPostgres,
): Promise<{ team: SyncTeam; desktops: SoakDesktop[]; mallory: TestRole }> {
  const team = await startSyncTeam(server, {}, 'w1');
  for (const slug of SOAK_WORKSPACES.slice(1)) {
    await team.owner.query('SELECT parallax.create_workspace($1, $2, 0)', [slug, slug.toUpperCase()]);
  }
  const desktops: SoakDesktop[] = [];
  for (const workspace of SOAK_WORKSPACES) {
    for (const seat of ['a', 'b']) {
      const name = `${workspace}${seat}`;
      const role = await server.createRole(`${name}_${team.database}`.slice(0, 60));
      await team.owner.query("SELECT parallax.grant_workspace($1, $2, 'member')", [workspace, role.name]);
      team.roles[name] = role;
      desktops.push({ workspace, desktop: team.desktop(name, name, workspace), awaited: new Map() });
    }
  }
  const mallory = await server.createRole(`mallory_${team.database}`.slice(0, 60));
  await team.owner.query("SELECT parallax.grant_workspace($1, $2, 'member')", [
    MISBEHAVING_WORKSPACE,
    mallory.name,
  ]);
  return { team, desktops, mallory };
}

/** A session as mallory (the server may end it: its errors are hers, not the soak's). */
async function malloryConnects(server: TestPostgres, team: SyncTeam, mallory: TestRole): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url(team.database, mallory) });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const RUN_SQL = `INSERT INTO parallax.runs (workspace_id, id, name, status, mode, priority, engines_json,
  countries_json, states_json, repeats, prompt_count, engine_options_json, base_url, sandbox,
  cost_estimate, created_at, updated_at)
  VALUES ($1, $2, $3, 'completed', 'sync', 5, '[]', '[]', '[]', 1, 1, '{}', 'x', true, 1, 0, 0)`;

/** Each try is refused or ended by the server; none of it may stop anyone else. */
async function misbehave(client: pg.Client, workspaceId: string, round: number): Promise<void> {
  const tryIt = (sql: string, params: unknown[] = []): Promise<unknown> =>
    client.query(sql, params).catch(() => undefined);
  const now = new Date();
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2 - round, 15);
  await tryIt(RUN_SQL, [workspaceId, `big-${round}`, 'x'.repeat(5 * 1024 * 1024)]);
  await tryIt(RUN_SQL, [workspaceId, `run-bad-${round}`, 'bad']);
  await tryIt(
    `INSERT INTO parallax.jobs (workspace_id, id, run_id, prompt_index, engine, country, repeat, job_state,
      created_at, updated_at) VALUES ($1, $2, $3, 0, 'assistant-a', 'US', 1, 'succeeded', 0, 0)`,
    [workspaceId, `job-bad-${round}`, `run-bad-${round}`],
  );
  await tryIt(
    `INSERT INTO parallax.results (workspace_id, id, job_id, run_id, fetched_at, ingested_at, answer_text,
      normalized_json, raw_json) VALUES ($1, $2, $3, $4, $5, $5, 'a', '"not an object"', '{}')`,
    [workspaceId, `result-bad-${round}`, `job-bad-${round}`, `run-bad-${round}`, Date.now()],
  );
  // Then a transaction left open: a month made, a row of w4 written (its clock held).
  await tryIt('BEGIN');
  await tryIt('SELECT parallax.ensure_result_months($1::bigint[])', [[month]]);
  await tryIt(RUN_SQL, [workspaceId, `open-${round}`, 'open']);
}

/** One desktop's turn: a run recorded, then a sync; what it pulled of its teammates' runs timed. */
async function turn(
  d: SoakDesktop,
  options: SoakOptions,
  pushedAt: Map<string, number>,
  everyone: readonly SoakDesktop[],
  figures: SoakFigures,
): Promise<void> {
  const runId = recordRun(d.desktop.store, options.answers)[0]?.runId as string;
  figures.syncs += 1;
  try {
    await d.desktop.sync();
  } catch {
    figures.failedSyncs += 1;
    return;
  }
  const now = Date.now();
  if (!pushedAt.has(runId)) {
    pushedAt.set(runId, now);
    for (const mate of everyone)
      if (mate !== d && mate.workspace === d.workspace) mate.awaited.set(runId, now);
  }
  for (const [awaitedRun, at] of d.awaited) {
    if (d.desktop.store.getRun(awaitedRun) === null) continue;
    d.awaited.delete(awaitedRun);
    const delay = now - at;
    figures.worstPullDelayMs[d.workspace] = Math.max(figures.worstPullDelayMs[d.workspace] ?? 0, delay);
  }
}

/** Runs the soak and says what it saw; the team's database is dropped with the server. */
export async function runTeamSoak(server: TestPostgres, options: SoakOptions): Promise<SoakFigures> {
  const { team, desktops, mallory } = await soakTeam(server);
  await team.owner.query(
    `ALTER DATABASE "${team.database}" SET idle_in_transaction_session_timeout = '${options.idleLimit}'`,
  );
  const { rows } = await team.owner.query<{ id: string }>(
    'SELECT id FROM parallax.workspaces WHERE slug = $1',
    [MISBEHAVING_WORKSPACE],
  );
  const workspaceId = rows[0]?.id as string;
  const figures: SoakFigures = { syncs: 0, failedSyncs: 0, rows: 0, worstPullDelayMs: {}, lost: {} };
  const pushedAt = new Map<string, number>();
  const sessions: pg.Client[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const client = await malloryConnects(server, team, mallory);
      sessions.push(client);
      if (options.misbehave !== false) await misbehave(client, workspaceId, round);
      await Promise.all(desktops.map((d) => turn(d, options, pushedAt, desktops, figures)));
      figures.rows += desktops.length * options.answers;
    }
    // Mallory stops; every desktop syncs until what it recorded is up and its teammates' is down.
    for (const client of sessions) await client.end().catch(() => undefined);
    for (let i = 0; i < 2; i++) for (const d of desktops) await d.desktop.sync();
    await countLost(team, desktops, options, figures);
    return figures;
  } finally {
    for (const client of sessions) await client.end().catch(() => undefined);
    await team.close();
  }
}

/** Per workspace, the answers recorded there that a desktop of it, or the server, lacks. */
async function countLost(
  team: SyncTeam,
  desktops: readonly SoakDesktop[],
  options: SoakOptions,
  figures: SoakFigures,
): Promise<void> {
  for (const workspace of SOAK_WORKSPACES) {
    const own = desktops.filter((d) => d.workspace === workspace);
    const recorded = own.length * options.rounds * options.answers;
    const { rows } = await team.owner.query<{ n: string }>(
      `SELECT count(*) AS n FROM parallax.results r JOIN parallax.workspaces w ON w.id = r.workspace_id
        WHERE w.slug = $1 AND r.id NOT LIKE 'result-bad-%'`,
      [workspace],
    );
    const held = [Number(rows[0]?.n ?? 0), ...own.map((d) => d.desktop.store.replica.answerCount())];
    figures.lost[workspace] = Math.max(...held.map((n) => recorded - n));
  }
}
