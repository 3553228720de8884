import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireThrowawayKeyring } from './support/guard';
import { runNode, type ChildResult } from './support/run-child';

// `parallax judge set|status|delete` end to end with the real bin entry: the model judge's key
// piped on stdin lands in the throwaway keychain under its own account (positioning-judge),
// never beside or over the service key (api-key), and in no file of the settings folder.

requireThrowawayKeyring();

const KEY = 'sk-proj-judgeKeyForTheKeychainTest0123456789';
const SERVICE_KEY = `sk_${'k'.repeat(40)}`;
const entry = (account: string): AsyncEntry =>
  new AsyncEntry('Parallax', account, { linux: { store: 'secret-service' } });
let configHome: string;
const outputs: ChildResult[] = [];

beforeAll(async () => {
  configHome = mkdtempSync(join(tmpdir(), 'parallax-judge-keychain-'));
  await entry('positioning-judge').deletePassword();
  await entry('api-key').setPassword(SERVICE_KEY);
});
afterAll(async () => {
  await entry('positioning-judge').deletePassword();
  await entry('api-key').deletePassword();
  rmSync(configHome, { recursive: true, force: true });
});

async function parallax(args: string[], input = ''): Promise<ChildResult> {
  const result = await runNode(['bin/parallax.mjs', ...args], {
    env: { ...process.env, PARALLAX_API_KEY: '', PARALLAX_JUDGE_API_KEY: '', XDG_CONFIG_HOME: configHome },
    input,
  });
  outputs.push(result);
  return result;
}

describe('parallax judge (real keychain, child process)', () => {
  // The bin runs the sources through tsx when the bundle is older than them: slow under load.
  it('keeps the piped key in its own keychain entry', { timeout: 180_000 }, async () => {
    const set = await parallax(
      [
        'judge',
        'set',
        '--provider',
        'openai',
        '--model',
        'gpt-4o-mini',
        '--price-in',
        '0.15',
        '--price-out',
        '0.6',
      ],
      `${KEY}\n`,
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`key sk-…${KEY.slice(-4)} saved in Secret Service (D-Bus keyring)`);
    expect(await entry('positioning-judge').getPassword()).toBe(KEY);
    expect(await entry('api-key').getPassword()).toBe(SERVICE_KEY);
    const status = await parallax(['--json', 'judge', 'status']);
    expect(JSON.parse(status.stdout)).toMatchObject({
      judge: { id: 'model:openai:gpt-4o-mini' },
      key: { set: true, masked: `sk-…${KEY.slice(-4)}`, backend: 'Secret Service (D-Bus keyring)' },
    });
  });

  it('deletes the judge and its key, and only its key', { timeout: 120_000 }, async () => {
    const del = await parallax(['judge', 'delete']);
    expect(del.code, del.stderr).toBe(0);
    expect(await entry('positioning-judge').getPassword()).toBeNull();
    expect(await entry('api-key').getPassword()).toBe(SERVICE_KEY);
  });

  it('leaked the key nowhere: no output, no file in the settings folder', () => {
    for (const out of outputs) expect(out.stdout + out.stderr).not.toContain(KEY);
    const files = readdirSync(configHome, { recursive: true, encoding: 'utf8' })
      .map((name) => join(configHome, name))
      .filter((path) => statSync(path).isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(f, 'utf8')).not.toContain(KEY);
  });
});
