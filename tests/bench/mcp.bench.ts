import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { startMcp, type McpSession } from '../integration/mcp/mcp-client';
import type { Bench } from './run-all';

// `parallax mcp` as an assistant meets it: the real bin spawned and driven
// by the SDK's client over stdio, on a 30-day demo history (90 runs, 7,200 answers; built once
// through the real run engine and cached under its own name in the temp folder). Figures:
// spawn to initialized, then each read tool's round trip (JSON-RPC over the pipes, the query,
// text and structured content), p50/p95 over 9 calls after a warm-up. The issue sets no
// figure; the bar kept here is the one an assistant feels: every read tool under 1 s at p95.

const TARGET_P95_MS = 1000;
const CALLS = 9;
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'parallax.mjs');
const HOME = join(tmpdir(), 'parallax-bench-mcp');
const DB = join(HOME, 'demo-30d.db');

async function demoHistory(): Promise<void> {
  if (existsSync(DB)) return;
  mkdirSync(HOME, { recursive: true });
  const building = join(HOME, 'building.db');
  rmSync(building, { force: true });
  console.log('building a 30-day demo history (once; about a minute)…');
  await promisify(execFile)(process.execPath, [BIN, 'demo', '--days', '30', '--db', building], {
    env: { ...process.env, PARALLAX_USER_DATA_DIR: HOME, PARALLAX_API_KEY: '' },
  });
  // Renamed when complete, so a bench started meanwhile never reads a half-built file.
  renameSync(building, DB);
}

async function timeCall(mcp: McpSession, name: string, args: Record<string, unknown>) {
  const call = async (): Promise<void> => {
    const reply = await mcp.call(name, args);
    if (reply.isError) throw new Error(`${name}: ${JSON.stringify(reply.content)}`);
  };
  await call(); // warm-up: statement caches
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await call();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(ms.length / 2)] ?? 0, p95: ms[Math.ceil(ms.length * 0.95) - 1] ?? 0 };
}

const bench: Bench = async () => {
  await demoHistory();
  const t0 = performance.now();
  const mcp = await startMcp({ userDataDir: HOME, args: ['--db', DB] });
  const startMs = performance.now() - t0;
  console.log(`spawn to initialized: ${startMs.toFixed(0)} ms (tsx compiles the CLI on first start)`);
  let met = true;
  try {
    // Monitor runs nobody compared yet are compared in the background from the start (the first
    // time on this history: 87 runs); list_alerts is timed once that is done.
    const waited = performance.now();
    let comparing = Infinity;
    for (let i = 0; i < 6000 && comparing > 0; i++) {
      const reply = await mcp.call('list_alerts', { limit: 1 });
      comparing = (reply.structuredContent as { comparing: number }).comparing;
      if (comparing > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(
      `alert catch-up done ${((performance.now() - waited) / 1000).toFixed(1)} s after the first call`,
    );
    const runs = (await mcp.call('list_runs', { limit: 1 })).structuredContent as {
      runs: Array<{ id: string }>;
    };
    const runId = runs.runs[0]?.id as string;
    const hits = (await mcp.call('search_answers', { query: 'Veloxa', limit: 1 })).structuredContent as {
      hits: Array<{ resultId: string }>;
    };
    const period = { period: { days: 30 } };
    const cases: Array<[string, Record<string, unknown>]> = [
      ['list_runs', { limit: 50 }],
      ['get_run', { runId }],
      ['list_monitors', {}],
      ['search_answers', { query: 'Veloxa', limit: 50 }],
      ['get_result', { resultId: hits.hits[0]?.resultId }],
      ['compare_locations', { runId }],
      ['brand_visibility', period],
      ['visibility_breakdown', { ...period, by: ['day'] }],
      ['cited_sources', period],
      ['citation_gaps', period],
      ['list_alerts', { limit: 100 }],
    ];
    for (const [name, args] of cases) {
      const t = await timeCall(mcp, name, args);
      const ok = t.p95 <= TARGET_P95_MS;
      met &&= ok;
      console.log(
        `${name.padEnd(22)} p50 ${t.p50.toFixed(1).padStart(7)} ms  p95 ${t.p95.toFixed(1).padStart(7)} ms  ${ok ? 'ok' : 'ABOVE 1 s'}`,
      );
    }
  } finally {
    await mcp.close();
  }
  return { name: `mcp read tools p95 ≤ ${TARGET_P95_MS} ms on a 30-day demo`, targetsMet: met };
};
export default bench;
