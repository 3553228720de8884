import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyCommandModule, readKeyInput } from '../../../src/cli/commands/key';
import { createCreditsVerifier } from '../../../src/core/runs/api/credits-verifier';
import { CliExit, CliUsageError, type CliContext } from '../../../src/cli/context';
import { openSettingsStore } from '../../../src/core/platform/settings/conf-settings-store';
import { startCreditsServer, testKey, type CreditsServer } from './support/credits-server';
import { memorySecretStore } from './support/memory-secret-store';

// The key commands in-process, with an in-memory keychain, real settings in a temp folder
// and a real loopback /v1/credits. The real keychain end to end: tests/keychain/cli-key.test.ts.

let server: CreditsServer;
let dir: string;
beforeAll(async () => {
  server = await startCreditsServer();
  dir = mkdtempSync(join(tmpdir(), 'parallax-cli-key-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function sink(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}

async function cli(
  args: string[],
  stdinText: string,
  store = memorySecretStore(),
  env: NodeJS.ProcessEnv = {},
) {
  const stdout = sink();
  const stderr = sink();
  const ctx: CliContext = { stdout, stderr, stdin: Readable.from([stdinText]), env, json: false };
  const program = new Command('parallax').option('--json').exitOverride();
  program.hook('preAction', (root) => {
    ctx.json = Boolean(root.opts<{ json?: boolean }>().json);
  });
  keyCommandModule({
    openSecretStore: async () => store,
    openSettings: () => openSettingsStore({ userDataDir: dir }),
    makeVerify: (baseUrl) => createCreditsVerifier({ baseUrl, fetch: globalThis.fetch, maxRetries: 0 }),
  })(program, ctx);
  let code = 0;
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (err) {
    if (err instanceof CliExit) code = err.code;
    else if (err instanceof CliUsageError) {
      stderr.write(err.message);
      code = 2;
    } else throw err;
  }
  return { code, stdout: stdout.text(), stderr: stderr.text(), store };
}

const key = testKey('cliInProcess');

describe('parallax key (in-process)', () => {
  it('refuses the key as an argument with exit 2, without echoing it', async () => {
    const result = await cli(['key', 'set', key, '--base-url', server.baseUrl], '');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/never accepted as an argument/);
    expect(result.stderr + result.stdout).not.toContain(key.slice(0, 12));
    expect(result.store.writes).toBe(0);
  });

  it('sets a piped key after verifying it, and prints only the mask', async () => {
    server.accept(key, { remaining: 321, perCycle: 500, cycleResetsAt: null });
    const result = await cli(['key', 'set', '--base-url', server.baseUrl], `${key}\n`);
    expect(result.code).toBe(0);
    expect(result.store.value()).toBe(key);
    expect(result.stdout).toContain(`API key sk_…${key.slice(-4)} verified and saved`);
    expect(result.stdout).toContain('Balance:   321 credits of 500 per cycle');
    expect(result.stdout + result.stderr).not.toContain(key.slice(0, 12));
  });

  it('exits 2 for a rejected key and 2 for a malformed one, with --json errors', async () => {
    const rejected = await cli(['--json', 'key', 'set', '--base-url', server.baseUrl], testKey('notKnown'));
    expect(rejected.code).toBe(2);
    expect(JSON.parse(rejected.stdout)).toMatchObject({
      error: { kind: 'rejected', code: 'API_KEY_REJECTED' },
    });
    const malformed = await cli(['key', 'set', '--base-url', server.baseUrl], 'sk_short');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/sk_ followed by exactly 40/);
  });

  it('asks for a base URL when neither the option nor settings have one', async () => {
    const result = await cli(['key', 'set'], key);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/No service base URL: pass --base-url/);
  });

  it('uses the base URL from settings, and status shows balance and plan as JSON', async () => {
    openSettingsStore({ userDataDir: dir }).update({ baseUrl: server.baseUrl, plan: 'Hobby' });
    server.accept(key, { remaining: 99, perCycle: 250000, cycleResetsAt: '2026-12-01T00:00:00.000Z' });
    const store = memorySecretStore(key);
    const result = await cli(['--json', 'key', 'status'], '', store);
    expect(result.code).toBe(0);
    const status = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(status).toMatchObject({
      configured: true,
      masked: `sk_…${key.slice(-4)}`,
      state: 'ok',
      balance: { remaining: 99, perCycle: 250000 },
      plan: 'Hobby',
    });
    expect(result.stdout).not.toContain(key.slice(0, 12));
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).not.toContain(key.slice(0, 12));
  });

  it('deletes the key', async () => {
    const store = memorySecretStore(key);
    const first = await cli(['key', 'delete'], '', store);
    expect(first.stdout).toContain('Deleted the API key from In-memory test keychain.');
    expect(store.value()).toBeNull();
    const again = await cli(['--json', 'key', 'delete'], '', store);
    expect(JSON.parse(again.stdout)).toMatchObject({ deleted: false, status: { state: 'missing' } });
  });
});

describe('hidden prompt', () => {
  function tty(): PassThrough & { isTTY: boolean; rawCalls: boolean[]; setRawMode: (on: boolean) => void } {
    const stream = new PassThrough() as PassThrough & {
      isTTY: boolean;
      rawCalls: boolean[];
      setRawMode: (on: boolean) => void;
    };
    stream.isTTY = true;
    stream.rawCalls = [];
    stream.setRawMode = (on) => void stream.rawCalls.push(on);
    return stream;
  }

  it('reads in raw mode without echo, handles backspace and arrow keys, restores the terminal', async () => {
    const stdin = tty();
    const stderr = sink();
    const stdout = sink();
    const reading = readKeyInput({ stdin, stdout, stderr, env: {}, json: false });
    stdin.write(`${key.slice(0, 10)}X\u007f`);
    stdin.write(`\u001b[D${key.slice(10)}\r`);
    expect(await reading).toBe(key);
    expect(stdin.rawCalls).toEqual([true, false]);
    expect(stderr.text()).toBe('API key (input hidden): \n');
    expect(stdout.text()).toBe('');
  });

  it('aborts on Ctrl-C with exit 130', async () => {
    const stdin = tty();
    const reading = readKeyInput({ stdin, stdout: sink(), stderr: sink(), env: {}, json: false });
    stdin.write('sk_abc\u0003');
    await expect(reading).rejects.toMatchObject({ code: 130 });
    expect(stdin.rawCalls).toEqual([true, false]);
  });
});
