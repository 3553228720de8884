import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createVisibilityService } from '../../src/core/analysis/visibility';
import { createCrawlersService } from '../../src/core/crawlers';
import {
  createFunnelService,
  createOutcomesService,
  createTeamFunnelSource,
  type FunnelOptions,
} from '../../src/core/outcomes';
import { startTestPostgres } from '../support/postgres';
import { startSyncTeam } from '../support/sync-team';
import type { Bench } from './run-all';

// The funnel totals a teammate shares, read by another member: a sharer's 400 days of a busy
// site (6 engines × 60 pages a day, 144,000 rows) put on a local PostgreSQL through
// put_funnel_days, then a member with nothing imported syncs (the first pull reads them all,
// the next finds them unchanged), and `parallax funnel --source team`'s queries (the service
// behind it and the Funnel view) over the last 30, 90 and 365 days, 20 runs each, wall and CPU
// time per run. Target: the funnel ≤ 200 ms at p95, as for one's own logs.

const TARGET_P95_MS = 200;
const RUNS = 20;
const DAYS = 400;
const ENGINES = ['assistant-a', 'assistant-b', 'assistant-c', 'assistant-e', 'search', 'search-ai'];
const PAGES = 60;
const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 12);
const SPAN_DAYS = 25;

interface Sample {
  ms: number;
  cpuMs: number;
}

const pct = (values: number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] as number;

async function timed(fn: () => unknown): Promise<Sample> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}

const iso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The sharer's rows of days first..last (one site), as parallel columns for put_funnel_days. */
function span(first: number, last: number): unknown[][] {
  const cols: unknown[][] = [[], [], [], [], [], [], []];
  for (let day = first; day <= last; day++)
    for (const engine of ENGINES)
      for (let p = 0; p < PAGES; p++) {
        const row = [
          iso(day),
          'acme.example',
          engine,
          `/page-${p}`,
          (day + p) % 40,
          (day * p) % 7,
          p % 3 === 0 ? 1 : 0,
        ];
        row.forEach((v, i) => cols[i]?.push(v));
      }
  return cols;
}

const line = (name: string, samples: Sample[]): string => {
  const ms = samples.map((s) => s.ms);
  const cpu = samples.map((s) => s.cpuMs);
  return `  ${name.padEnd(28)} wall p50 ${pct(ms, 0.5).toFixed(0)} ms, p95 ${pct(ms, 0.95).toFixed(0)} ms;  cpu p50 ${pct(cpu, 0.5).toFixed(0)} ms, p95 ${pct(cpu, 0.95).toFixed(0)} ms`;
};

const bench: Bench = async () => {
  const server = await startTestPostgres();
  const team = await startSyncTeam(server, { ana: 'member', bea: 'member' });
  const sharer = new pg.Client({ connectionString: server.url(team.database, team.roles['ana']) });
  try {
    await sharer.connect();
    const { rows } = await sharer.query<{ id: string }>(
      `SELECT id::text AS id FROM parallax.workspaces WHERE slug = $1`,
      [team.workspace],
    );
    const today = Math.floor(NOW / DAY_MS);
    for (let first = today - DAYS + 1; first <= today; first += SPAN_DAYS) {
      const last = Math.min(today, first + SPAN_DAYS - 1);
      await sharer.query(
        `SELECT parallax.put_funnel_days($1::uuid, $2::date, $3::date, $4::date[], $5::text[], $6::text[],
           $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])`,
        [rows[0]?.id, iso(first), iso(last), ...span(first, last)],
      );
    }
    const bea = team.desktop('bea');
    let pulled = 0;
    const first = await timed(async () => {
      pulled = (await bea.sync({ now: () => NOW })).sharedFunnel?.pulled ?? 0;
    });
    const again = await timed(() => bea.sync({ now: () => NOW }));
    console.log(`a member's sync (load ${loadavg()[0]?.toFixed(1)}):`);
    console.log(
      `  first pull of ${pulled.toLocaleString('en')} shared rows: wall ${first.ms.toFixed(0)} ms, cpu ${first.cpuMs.toFixed(0)} ms (this process: the read and the local write)`,
    );
    console.log(
      `  next sync, nothing changed: wall ${again.ms.toFixed(0)} ms, cpu ${again.cpuMs.toFixed(0)} ms`,
    );
    const store = bea.store;
    const now = (): number => NOW;
    const funnel = createFunnelService({
      visibility: createVisibilityService({ store, now }),
      crawlers: createCrawlersService({ store, now }),
      outcomes: createOutcomesService({ store, now }),
      team: createTeamFunnelSource({ store, now }),
      now,
    });
    let worst = 0;
    console.log(`funnel --source team, ${RUNS} runs each (load ${loadavg()[0]?.toFixed(1)}):`);
    for (const [name, options] of [
      ['last 30 days', { days: 30 }],
      ['last 90 days', { days: 90 }],
      ['last 365 days', { days: 365 }],
    ] as Array<[string, FunnelOptions]>) {
      const view = funnel.funnel({ ...options, source: 'team' });
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++)
        samples.push(await timed(() => funnel.funnel({ ...options, source: 'team' })));
      worst = Math.max(
        worst,
        pct(
          samples.map((s) => s.ms),
          0.95,
        ),
      );
      console.log(`${line(name, samples)}  (${view.engines.length} engines, ${view.pages.length} pages)`);
    }
    const met = worst <= TARGET_P95_MS;
    console.log(`worst p95 ${worst.toFixed(0)} ms (target ${TARGET_P95_MS} ms ${met ? 'ok' : 'MISSED'})`);
    return { name: 'the funnel over a teammate’s shared totals (144,000 rows)', targetsMet: met };
  } finally {
    await sharer.end().catch(() => undefined);
    await team.close();
    await server.close();
  }
};

export default bench;
