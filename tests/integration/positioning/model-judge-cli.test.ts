import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index';
import { spawnCli } from '../../support/cli-child';
import { runCliToEndInProcess } from '../../support/cli-in-process';
import { newRun, openTemp, tempFolder } from '../store/helpers';
import { BRANDS, storeAnswers } from './fixtures';

// `parallax judge set|status|delete` and `parallax positioning rescore --judge model` through
// the CLI (in this process; the Ctrl-C case a real child), the sandbox playing the model over HTTP: settings errors per field, the
// estimate, a budget refused before any call (the sandbox saw none), the re-score, a second one
// paid by the cache (no call), Ctrl-C and resume without paying twice, and the key in none of
// the files the CLI wrote (settings, history) nor its output.

const tmp = tempFolder();
const CHAT = 'POST /v1/chat/completions';
const AT = Date.now() - 2 * 86_400_000;
let sandbox: RunningSandbox;
let db = '';
let big = '';

function history(name: string, runs: number): string {
  const path = tmp.file(name);
  const store = openTemp(path);
  for (const b of BRANDS) store.saveBrand(b);
  for (let k = 0; k < runs; k++) {
    const run = newRun(store, {
      prompts: ['p1', 'p2'],
      engines: ['assistant-a', 'assistant-b'],
      countries: ['US', 'DE'],
    });
    storeAnswers(store, run.jobs, AT, k);
  }
  store.close();
  return path;
}

beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 1, rateLimit: 10_000 });
  db = history('judge.db', 3);
  big = history('big.db', 6);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  tmp.cleanup();
});

/** `parallax ARGS` in this process (tests/support/cli-in-process.ts); Ctrl-C takes a real child. */
function cli(args: string[], extra: Record<string, string> = {}) {
  return runCliToEndInProcess(args, {
    userDataDir: tmp.dir,
    extra: { PARALLAX_JUDGE_API_KEY: sandbox.apiKey, ...extra },
  });
}

const calls = (): number => sandbox.stats().requests[CHAT] ?? 0;
const SET = ['judge', 'set', '--no-key', '--provider', 'openai-compatible', '--model', 'sandbox-judge'];

describe('parallax judge', () => {
  // Each case runs the CLI a few times.
  it('refuses bad settings with the flag at fault (exit 2)', { timeout: 120_000 }, async () => {
    const noUrl = await cli([...SET]);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('--base-url: an openai-compatible endpoint needs its base URL');
    const provider = await cli(['judge', 'set', '--no-key', '--provider', 'gemini', '--model', 'x']);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toMatch(/--provider: /);
    const price = await cli([...SET, '--base-url', `${sandbox.baseUrl}/v1`, '--price-in', 'cheap']);
    expect(price.code).toBe(2);
    expect(price.stderr).toContain('--price-in must be a number, got "cheap"');
  });

  it('sets the judge and shows it with the key masked', { timeout: 120_000 }, async () => {
    const set = await cli([
      '--json',
      ...SET,
      '--base-url',
      `${sandbox.baseUrl}/v1`,
      '--price-in',
      '2',
      '--price-out',
      '8',
      '--concurrency',
      '3',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const status = await cli(['--json', 'judge', 'status']);
    const view = JSON.parse(status.stdout) as Record<string, unknown>;
    expect(view).toMatchObject({
      config: {
        provider: 'openai-compatible',
        model: 'sandbox-judge',
        priceIn: 2,
        priceOut: 8,
        budget: null,
        concurrency: 3,
      },
      judge: { id: 'model:openai-compatible:sandbox-judge', version: 'p1+sandbox-judge' },
      key: { set: true, masked: `sk_…${sandbox.apiKey.slice(-4)}` },
      active: 'builtin',
    });
    expect(status.stdout).not.toContain(sandbox.apiKey);
  });
});

describe('parallax positioning rescore --judge model', () => {
  it('refuses an estimate above the budget before any call', { timeout: 120_000 }, async () => {
    expect((await cli(['judge', 'set', '--no-key', '--budget', '0.000001'])).code).toBe(0);
    const before = calls();
    const out = await cli(['positioning', 'rescore', '--judge', 'model', '--yes', '--db', db]);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/Estimate for model:openai-compatible:sandbox-judge: 24 answers to send/);
    expect(out.stderr).toMatch(/is above the budget of \$0\.00: nothing was sent/);
    expect(calls() - before).toBe(0);
    expect((await cli(['judge', 'set', '--no-key', '--budget', 'none'])).code).toBe(0);
  });

  it('scores the archive, then a second re-score costs no call (the cache)', async () => {
    const before = calls();
    const out = await cli(['--json', 'positioning', 'rescore', '--judge', 'model', '--yes', '--db', db]);
    expect(out.code, out.stderr).toBe(0);
    const result = JSON.parse(out.stdout) as {
      outcome: string;
      total: number;
      usage: { calls: number; cachedAnswers: number; inputTokens: number; outputTokens: number; usd: number };
      estimate: { answers: number; inputTokens: number; outputTokens: number; usd: number };
    };
    expect(result).toMatchObject({ outcome: 'finished', total: 24 });
    const made = calls() - before;
    expect(made).toBe(result.usage.calls);
    // The same text twice is judged once (the cache is keyed by the text, not the answer).
    expect(made + result.usage.cachedAnswers).toBe(24);
    expect(result.estimate.inputTokens).toBeGreaterThan(0);
    console.info(
      `estimate vs actual on the sandbox: input ${result.estimate.inputTokens} vs ${result.usage.inputTokens}, output ${result.estimate.outputTokens} vs ${result.usage.outputTokens}, answers estimated ${result.estimate.answers}, calls ${result.usage.calls}`,
    );
    const file = new Database(db, { readonly: true });
    const rows = file
      .prepare('SELECT count(*) FROM pos_answer a JOIN pos_judges j ON j.id = a.judge WHERE j.name = ?')
      .pluck()
      .get('model:openai-compatible:sandbox-judge');
    file.close();
    expect(rows).toBe(24);

    const again = await cli(['--json', 'positioning', 'rescore', '--judge', 'model', '--yes', '--db', db]);
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(again.stdout) as {
      usage: { calls: number; cachedAnswers: number };
      estimate: { answers: number };
    };
    expect(second.estimate.answers).toBe(0);
    expect(second.usage).toMatchObject({ calls: 0, cachedAnswers: 24 });
    expect(calls() - before).toBe(made);
  }, 120_000);

  it('stops at Ctrl-C (exit 130) and the next run finishes without paying twice', async () => {
    expect((await cli([...SET, '--base-url', `${sandbox.baseUrl}/v1`, '--budget', 'none'])).code).toBe(0);
    sandbox.scriptFault({ path: '/v1/chat/completions', fault: 'slow', slowMs: 300, times: 8 });
    const before = calls();
    const child = spawnCli(['positioning', 'rescore', '--judge', 'model', '--yes', '--db', big], {
      userDataDir: tmp.dir,
      extra: { PARALLAX_JUDGE_API_KEY: sandbox.apiKey, PARALLAX_RESCORE_BATCH: '2' },
    });
    await child.waitFor(/\(\d0 %\)/);
    child.child.kill('SIGINT');
    const stopped = await child.exited;
    expect(stopped.code, stopped.stderr + stopped.stdout).toBe(130);
    expect(stopped.stdout).toMatch(/Stopped at \d+ of 48 answers.*rescore --judge model/);
    const rest = await cli(['--json', 'positioning', 'rescore', '--judge', 'model', '--yes', '--db', big]);
    expect(rest.code, rest.stderr).toBe(0);
    expect(JSON.parse(rest.stdout)).toMatchObject({ outcome: 'finished', done: 48, total: 48 });
    // What the stopped run paid for (the batch under way included) is not paid again.
    expect(calls() - before).toBeLessThanOrEqual(48);
  }, 120_000);

  it('keeps the key out of every file it wrote and of its output', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(tmp.dir);
    expect(files.some((f) => f.endsWith('judge.db'))).toBe(true);
    for (const f of files) expect(readFileSync(f).includes(Buffer.from(sandbox.apiKey)), f).toBe(false);
  });
});
