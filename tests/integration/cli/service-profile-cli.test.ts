import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { ENGINE_NAMES } from '../../../src/shared/api/engines';
import { neutralProfile, parseServiceProfile, type ServiceProfile } from '../../../src/shared/profile';
import { runCliAt, type InProcessOutcome } from '../../support/cli-in-process';

// Any deployment of the service: a whole run, sync and async, through the
// CLI (in this process: tests/support/cli-in-process.ts) against a sandbox serving a renamed
// profile over HTTP; `parallax sandbox --profile` is a real child, stopped with SIGTERM. Every engine
// path, taskType token, countries model and base cost differs from the spec's, so a request
// built from a constant instead of the profile misses (404 or 422) and the run fails.

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'parallax.mjs');

/** Every engine renamed: /v1/monitor/answers/<x>, taskType RENAMED_<X>, base cost + 1. */
function renamedProfile(): ServiceProfile {
  const base = neutralProfile();
  const engines = Object.fromEntries(
    ENGINE_NAMES.map((name) => {
      const e = base.engines[name];
      const slug = name.replace(/-/g, '');
      return [
        name,
        {
          ...e,
          path: `answers/${slug}`,
          taskType: `RENAMED_${slug.toUpperCase()}`,
          countriesModel: e.countriesModel === null ? null : `m-${slug}`,
          label: `Renamed ${e.label}`,
          baseCost: e.baseCost + 1,
        },
      ];
    }),
  );
  const parsed = parseServiceProfile({ name: 'Renamed deployment', redirectPath: 'web/resolve', engines });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.profile;
}

let dir = '';
let profileFile = '';
let sandbox: RunningSandbox;
const profile = renamedProfile();

const parallax = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<InProcessOutcome> =>
  runCliAt(args, dir, { PARALLAX_API_KEY: sandbox.apiKey, ...env });

function creditsInHistory(db: string, runId: string): number {
  const raw = new Database(db, { readonly: true });
  const sum = raw
    .prepare('SELECT coalesce(sum(credits_charged), 0) FROM jobs WHERE run_id = ?')
    .pluck()
    .get(runId) as number;
  raw.close();
  return sum;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-profile-'));
  profileFile = join(dir, 'renamed.profile.json');
  writeFileSync(profileFile, JSON.stringify(profile, null, 2));
  sandbox = await startSandbox({ profile, latencyMs: { min: 5, max: 20 }, credits: 100_000 });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const runArgs = (db: string): string[] => [
  'run',
  '--base-url',
  sandbox.baseUrl,
  '--db',
  db,
  '--prompt',
  'best trail shoes',
  '--prompt',
  'best rain jacket',
  '--countries',
  'US,DE',
  '--yes',
  '--json',
];

describe('a whole run under a renamed service profile', () => {
  it('sync: every call goes to the profile paths, charged at the profile base cost', async () => {
    sandbox.resetStats();
    const db = join(dir, 'sync.db');
    const out = await parallax(['--profile', profileFile, ...runArgs(db)]);
    expect(out.code, out.stderr).toBe(0);
    const doc = JSON.parse(out.stdout) as { runId: string; status: string; counts: { succeeded: number } };
    expect(doc).toMatchObject({ status: 'completed', counts: { succeeded: 4 } });
    const stats = sandbox.stats();
    expect(stats.requests['POST /v1/monitor/answers/assistanta']).toBe(4);
    expect(stats.requests['POST /v1/monitor/assistant-a']).toBeUndefined();
    // assistant-a's base cost is 6 in this profile (5 in the spec's).
    expect(creditsInHistory(db, doc.runId)).toBe(24);
    expect(Object.values(stats.creditsCharged).reduce((a, b) => a + b, 0)).toBe(24);
  });

  it('async: tasks carry the profile taskType token and complete', async () => {
    sandbox.resetStats();
    const db = join(dir, 'async.db');
    const out = await parallax(['--profile', profileFile, ...runArgs(db), '--async']);
    expect(out.code, out.stderr).toBe(0);
    const doc = JSON.parse(out.stdout) as { runId: string; status: string; counts: { succeeded: number } };
    expect(doc).toMatchObject({ status: 'completed', counts: { succeeded: 4 } });
    const stats = sandbox.stats();
    expect(stats.tasksCreated).toBe(4);
    expect(stats.tasksCompleted).toBe(4);
    expect(stats.requests['POST /v1/monitor/answers/assistanta']).toBeUndefined();
    expect(creditsInHistory(db, doc.runId)).toBe(24);
  });

  it('the estimate uses the profile base cost: a budget the spec cost fits is refused', async () => {
    // 4 jobs × 6 = 24 credits at most; 4 × 5 = 20 would fit a budget of 22.
    const out = await parallax([
      '--profile',
      profileFile,
      ...runArgs(join(dir, 'budget.db')),
      '--budget',
      '22',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr + out.stdout).toMatch(/24/);
  });

  it('without the profile the same run misses every engine of the renamed service', async () => {
    const out = await parallax(runArgs(join(dir, 'neutral.db')));
    expect(out.code).not.toBe(0);
  });

  it('countries --model ENGINE asks with the profile model value', async () => {
    const args = [
      '--profile',
      profileFile,
      'countries',
      '--base-url',
      sandbox.baseUrl,
      '--db',
      join(dir, 'c.db'),
    ];
    const out = await parallax([...args, '--model', 'assistant-a', '--json']);
    expect(out.code, out.stderr).toBe(0);
    const doc = JSON.parse(out.stdout) as { model: string; countries: string[] };
    expect(doc.model).toBe('m-assistanta');
    expect(doc.countries).toContain('DE');
    const spec = await parallax([...args, '--model', 'search-ai-x']);
    expect(spec.code).toBe(2);
    expect(spec.stderr).toContain('m-searchai');
  });

  it('PARALLAX_PROFILE names the file as --profile does', async () => {
    sandbox.resetStats();
    const out = await parallax(runArgs(join(dir, 'env.db')), { PARALLAX_PROFILE: profileFile });
    expect(out.code, out.stderr).toBe(0);
    expect(sandbox.stats().requests['POST /v1/monitor/answers/assistanta']).toBe(4);
  });
});

describe('--profile FILE errors', () => {
  it('an invalid profile stops any command with one line per field and exit 2', async () => {
    const bad = neutralProfile() as unknown as { engines: Record<string, Record<string, unknown>> };
    bad.engines['search']!.taskType = 'web search';
    bad.engines['assistant-b']!.path = 'assistant-a';
    bad.engines['search-ai']!.baseCost = -1;
    const file = join(dir, 'bad.profile.json');
    writeFileSync(file, JSON.stringify(bad));
    const out = await parallax(['--profile', file, 'history', '--db', join(dir, 'x.db')]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('engines.search.taskType: must be upper-case letters');
    expect(out.stderr).toContain('engines.assistant-b.path: is already used by engines.assistant-a');
    expect(out.stderr).toContain('engines.search-ai.baseCost: cannot be negative');
  });

  it('a missing file or one that is not JSON is exit 2 with the reason', async () => {
    const missing = await parallax(['--profile', join(dir, 'nope.json'), 'history']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "engines": ');
    const broken = await parallax(['--profile', file, 'history']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('not valid JSON');
  });
});

describe('parallax sandbox --profile FILE', () => {
  it('serves the profile: its paths, taskType tokens and countries models; the spec paths are 404', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'sandbox', '--port', '0', '--json', '--available', 'all', '--profile', profileFile],
      { env: { ...process.env, PARALLAX_USER_DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
      });
      const { baseUrl, apiKey, profile: name } = JSON.parse(first) as Record<string, string>;
      expect(name).toBe('Renamed deployment');
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const ask = { prompt: 'best trail shoes', country: 'US' };
      expect((await call('POST', '/v1/monitor/answers/assistantb', ask)).status).toBe(200);
      expect((await call('POST', '/v1/monitor/assistant-b', ask)).status).toBe(404);
      const task = await call('POST', '/v1/async/task', { taskType: 'RENAMED_SEARCHAI', payload: ask });
      expect(task.status).toBe(200);
      const neutralTask = await call('POST', '/v1/async/task', { taskType: 'SEARCH_AI', payload: ask });
      expect(neutralTask.status).toBe(422);
      expect((await call('GET', '/v1/countries?model=m-assistanta')).status).toBe(200);
      expect((await call('GET', '/v1/countries?model=assistant-a')).status).toBe(400);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
