import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../../src/core/history';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { runCliToEnd, type CliEnv } from '../../support/cli-child';
import { demoHistoryCopy } from '../../support/demo-history';
import {
  startHostileService,
  startPageHost,
  type HostileService,
  type PageHost,
} from '../../support/hostile-service';

// Exit codes are a contract (docs/reference/exit-codes.md): every command ends with
// its documented code whatever is pending in the background. One history holds every kind of
// pending work at once: result pages whose host is down and pages whose host answers 5xx (both
// waiting for a retry), a webhook delivery to an endpoint that never answers, a re-analysis of
// stored answers after a brand change, and monitor runs nobody compared yet. Then each command
// runs against it as a real child process. Before the fix `run` (and `page`) ended with 13,
// "unsettled top-level await", waiting on the archiver's unref'd retry timer.

let dir = '';
let db = '';
let env: CliEnv;
let sandbox: RunningSandbox;
let hostile: HostileService;
let down: PageHost;
let failing: PageHost;
let hang: Server;
let hangUrl = '';
let runId = '';
let resultId = '';
let monitorName = '';

async function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCliToEnd([...args, '--db', db], env);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-exit-codes-'));
  db = join(dir, 'history.db');
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 13 });
  down = await startPageHost('down');
  failing = await startPageHost('5xx');
  hostile = await startHostileService(sandbox.baseUrl, {
    rewrite: (result, call) => {
      result.html = (call.n % 2 === 0 ? down : failing).url(`page-${call.n}`);
    },
  });
  hang = createServer(() => undefined);
  await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
  hangUrl = `http://127.0.0.1:${(hang.address() as AddressInfo).port}/hook`;
  env = { userDataDir: join(dir, 'ud'), apiKey: sandbox.apiKey };

  // Enough answers (over 1,000) for a re-analysis to stay pending: a demo as `parallax demo
  // --days 7` leaves it (the preview, its runs compared), a copy of the template the e2e suite
  // also opens (built once a run).
  await demoHistoryCopy({ days: 7, variant: 'preview', to: db });
  // Result pages waiting for a retry.
  const run = await cli([
    'run',
    '--base-url',
    hostile.baseUrl,
    '--prompt',
    'exit codes',
    '--countries',
    'US,DE',
    '--include',
    'html',
    '--yes',
    '--json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  runId = (JSON.parse(run.stdout) as { runId: string }).runId;
  const store = openHistory({ path: db });
  try {
    const [monitor] = store.listMonitors();
    monitorName = monitor!.name;
    // A delivery to an endpoint that accepts the connection and never answers.
    const { rules, reportDir, reportDays } = store.getMonitorOptions(monitor!.id)!;
    store.saveMonitorOptions(monitor!.id, { rules, reportDir, reportDays, webhookUrl: hangUrl });
    store.enqueueWebhook({ monitorId: monitor!.id, runId, payload: { text: 'pending' } });
    // A brand change whose re-analysis is left pending (the CLI finishes it; this does not).
    store.saveBrand({ name: 'Exitcode Shoes', kind: 'competitor', aliases: [], domains: [] });
    expect(store.visReanalysis()).not.toBeNull();
    resultId = store.getResultByJob(store.listJobs(runId, { states: ['succeeded'] })[0]!.id)!.resultId;
    expect(store.pendingPageCount()).toBe(2);
  } finally {
    store.close();
  }
}, 180_000);

afterAll(async () => {
  await hostile?.close();
  await down?.close();
  await failing?.close();
  hang?.closeAllConnections();
  await new Promise<void>((resolve) => (hang ? hang.close(() => resolve()) : resolve()));
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const NEVER = /unsettled top-level await|\n\s+at /;

describe(
  'every command ends with its documented code, whatever is pending in the background',
  { timeout: 120_000 },
  () => {
    const cases: Array<{ name: string; args: () => string[]; code: number; says?: RegExp }> = [
      {
        name: 'run (its pages cannot be archived yet)',
        args: () => [
          'run',
          '--base-url',
          hostile.baseUrl,
          '--prompt',
          'again',
          '--countries',
          'FR',
          '--include',
          'html',
          '--yes',
        ],
        code: 0,
        says: /could not be archived yet .* tries again/,
      },
      { name: 'history', args: () => ['history'], code: 0 },
      { name: 'show', args: () => ['show', runId], code: 0 },
      { name: 'search', args: () => ['search', 'shoes'], code: 0 },
      {
        name: 'export',
        args: () => ['export', runId, '--format', 'csv', '--out', join(dir, 'run.csv')],
        code: 0,
      },
      {
        name: 'page (not archived yet)',
        args: () => ['page', resultId],
        code: 1,
        says: /is not archived yet/,
      },
      { name: 'alerts', args: () => ['alerts'], code: 0 },
      { name: 'visibility (finishes the re-analysis)', args: () => ['visibility'], code: 0 },
      { name: 'sources', args: () => ['sources'], code: 0 },
      { name: 'brands list', args: () => ['brands', 'list'], code: 0 },
      { name: 'monitors list', args: () => ['monitors', 'list'], code: 0 },
      {
        name: 'report',
        args: () => ['report', '--monitor', monitorName, '--out', join(dir, 'report.html')],
        code: 0,
      },
      {
        name: 'monitors run (a webhook that never answers, --webhook-wait 1)',
        args: () => ['monitors', 'run', '--base-url', hostile.baseUrl, '--webhook-wait', '1'],
        code: 0,
        says: /webhook deliver(y|ies) still pending/,
      },
      { name: 'db stats', args: () => ['db', 'stats'], code: 0 },
      { name: 'resume of a finished run (bad usage)', args: () => ['resume', runId], code: 2 },
      { name: 'credits', args: () => ['credits', '--base-url', hostile.baseUrl], code: 0 },
    ];
    for (const c of cases) {
      it(`${c.name}: exit ${c.code}`, async () => {
        const t0 = Date.now();
        const out = await cli(c.args());
        if (process.env.DEBUG_EXIT)
          console.log(c.name, Date.now() - t0, out.stdout.slice(-600), out.stderr.slice(-600));
        expect(out.stderr).not.toMatch(NEVER);
        expect(out.code, out.stderr).toBe(c.code);
        if (c.says) expect(out.stdout + out.stderr).toMatch(c.says);
      });
    }
  },
);
