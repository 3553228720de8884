import { performance } from 'node:perf_hooks';
import { startTestPostgres } from '../support/postgres';
import { MISBEHAVING_WORKSPACE, runTeamSoak, SOAK_WORKSPACES } from '../support/team-soak';
import type { Bench } from './run-all';

// `npm run bench -- team-soak`: 8 desktops syncing 4 workspaces at once, round after round, while a
// member of w4 misbehaves each round (tests/support/team-soak.ts: a transaction left open that
// made a results month and holds w4's clock, a value over the cap, an unreadable answer), on a
// throwaway PostgreSQL on 127.0.0.1. The team's idle limit is the owner's setting (10 s here,
// PARALLAX_SOAK_IDLE; the default is 2 min): the server ends her transactions there.
// Targets: nothing lost in any workspace; the well-behaved workspaces' (w1-w3) worst pull delay,
// from a run's push ending to the teammate's desktop holding it, at most the idle limit plus 20 s.
// The short form runs in the integration suite (tests/integration/team/soak.test.ts).

const ROUNDS = Number(process.env.PARALLAX_SOAK_ROUNDS ?? 10);
const ANSWERS = Number(process.env.PARALLAX_SOAK_ANSWERS ?? 50);
const IDLE_S = Number(process.env.PARALLAX_SOAK_IDLE ?? 10);
const SLACK_S = 20;
/** PARALLAX_SOAK_CALM=1: the same rounds with nobody misbehaving, to compare the delays with. */
const MISBEHAVE = process.env.PARALLAX_SOAK_CALM !== '1';

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const bench: Bench = async () => {
  const server = await startTestPostgres();
  const started = performance.now();
  try {
    const figures = await runTeamSoak(server, {
      rounds: ROUNDS,
      answers: ANSWERS,
      idleLimit: `${IDLE_S}s`,
      misbehave: MISBEHAVE,
    });
    const wall = performance.now() - started;
    const calm = SOAK_WORKSPACES.filter((w) => w !== MISBEHAVING_WORKSPACE);
    const worst = Math.max(...calm.map((w) => figures.worstPullDelayMs[w] ?? Number.POSITIVE_INFINITY));
    const lost = Object.values(figures.lost).reduce((a, n) => a + n, 0);
    console.log(
      `${MISBEHAVE ? '' : 'CALM (nobody misbehaving): '}${ROUNDS} rounds, 8 desktops, 4 workspaces, idle limit ${IDLE_S} s: ${figures.syncs} syncs (${figures.failedSyncs} failed, sent again), ${figures.rows} answers recorded, in ${s(wall)}`,
    );
    for (const w of SOAK_WORKSPACES) {
      const who = w === MISBEHAVING_WORKSPACE ? ' (the misbehaving member’s)' : '';
      console.log(
        `  ${w}${who}: worst pull delay ${s(figures.worstPullDelayMs[w] ?? NaN)}, lost ${figures.lost[w]}`,
      );
    }
    const target = (IDLE_S + SLACK_S) * 1000;
    console.log(
      `well-behaved workspaces' worst pull delay ${s(worst)} (target ≤ ${s(target)}); answers lost ${lost} (target 0)`,
    );
    return {
      name: `team soak: 8 desktops, 4 workspaces, one member misbehaving: 0 lost, worst pull delay ≤ idle limit + ${SLACK_S} s`,
      targetsMet: lost === 0 && worst <= target,
    };
  } finally {
    await server.close();
  }
};
export default bench;
