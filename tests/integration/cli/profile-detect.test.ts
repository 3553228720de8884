import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectServiceProfile } from '../../../src/core/runs';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { builtinProfile } from '../../../src/shared/profile/builtin';
import type { ProfileView } from '../../../src/shared/ipc/channels/profile';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { runCliToEndInProcess as runCliToEnd } from '../../support/cli-in-process';
import { startRenamingProxy, type RenamingProxy } from '../../support/renaming-proxy';
import { createTestCore } from '../../support/test-core';

// Picking the service profile by the names the service answers: a loopback proxy in front of the
// sandbox that answers only the live service's names (chatgpt, CHATGPT, ?model=chatgpt…) is
// detected as the live profile, the sandbox itself as the spec's; a profile the user chose is
// never overridden. Through the CLI (`parallax run --base-url`) and the app's core (its connection).

const LIVE = builtinProfile('live').profile;
let sandbox: RunningSandbox;
let proxy: RenamingProxy;
let silent: Server;
let silentUrl = '';
let dir = '';

beforeAll(async () => {
  sandbox = await startSandbox({ plan: 'Lite', latencyMs: 5, seed: 11 });
  proxy = await startRenamingProxy(sandbox.baseUrl, LIVE);
  // A service that answers no countries lookup (404 for everything).
  silent = createServer((_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'parallax-profile-detect-'));
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  await new Promise((resolve) => silent?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const detect = (baseUrl: string) =>
  detectServiceProfile({ baseUrl, apiKey: sandbox.apiKey, fetch: globalThis.fetch });

describe('detectServiceProfile', () => {
  it('finds the live profile behind live names, the spec’s on the sandbox, none where nothing answers', async () => {
    expect(await detect(proxy.baseUrl)).toBe('live');
    expect(proxy.countriesModels()).toContain('chatgpt');
    expect(await detect(sandbox.baseUrl)).toBe('spec');
    expect(await detect(silentUrl)).toBeNull();
  });
});

describe('parallax run --base-url', () => {
  const userDataDir = () => join(dir, 'cli-ud');
  const cli = (args: string[]) => runCliToEnd(args, { userDataDir: userDataDir(), apiKey: sandbox.apiKey });
  const run = (prompt: string) =>
    cli([
      'run',
      '--base-url',
      proxy.baseUrl,
      '--db',
      join(dir, 'cli.db'),
      '--prompt',
      prompt,
      '--engine',
      'assistant-a',
      '--countries',
      'US',
      '--yes',
      '--json',
    ]);

  it('uses the live profile on a service that answers live names, and keeps it for the next command', async () => {
    const out = await run('best running shoes');
    expect(out.code, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { status: string; profile: { name: string; builtin: string } };
    expect(report).toMatchObject({ status: 'completed', profile: { name: LIVE.name, builtin: 'live' } });
    expect(out.stderr).toContain(`answers the engine names of the "${LIVE.name}" profile (ChatGPT`);
    expect(proxy.calls()).toContain('POST /v1/monitor/chatgpt');
    const saved = JSON.parse(readFileSync(join(userDataDir(), 'config.json'), 'utf8')) as {
      serviceProfileDetected: { baseUrl: string; builtin: string };
    };
    expect(saved.serviceProfileDetected).toMatchObject({ baseUrl: proxy.baseUrl, builtin: 'live' });

    // Known now: the next command neither asks again nor says it again.
    const asked = proxy.countriesModels().length;
    const again = await run('trail shoes');
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ profile: { builtin: 'live' } });
    expect(proxy.countriesModels().length).toBe(asked);
    expect(again.stderr).not.toContain('answers the engine names');
  });

  it('never overrides a profile the user chose', async () => {
    const chosen = await cli(['profile', 'use', 'spec']);
    expect(chosen.code, chosen.stderr).toBe(0);
    const out = await run('road shoes');
    // The spec's names are not served behind the proxy: the run fails, on the profile chosen.
    const report = JSON.parse(out.stdout) as { profile: { builtin: string } };
    expect(report.profile.builtin).toBe('spec');
    expect(out.stderr).not.toContain('answers the engine names');
  });
});

describe('the app’s connection', () => {
  it('picks the profile of the service set in Settings when its key is connected, the sandbox’s on the sandbox', async () => {
    for (const [url, expected] of [
      [proxy.baseUrl, 'live'],
      [sandbox.baseUrl, 'spec'],
    ] as const) {
      const ud = mkdtempSync(join(dir, 'app-'));
      const settings = openSettingsStore({ userDataDir: ud });
      settings.update({ sandboxMode: false, baseUrl: url });
      const core = await createTestCore(ud, settings, { pollIntervalMs: { min: 10, max: 30 } });
      try {
        const set = await core.router.invoke('key.set', { key: sandbox.apiKey });
        expect(set.ok, JSON.stringify(set)).toBe(true);
        // Connecting the key is connecting to the service: no run needed to learn its names.
        expect(settings.get().serviceProfileDetected).toMatchObject({ baseUrl: url, builtin: expected });
        const view = await core.router.invoke('profile.get', {});
        expect(view.ok).toBe(true);
        expect((view as { value: ProfileView }).value).toMatchObject({ builtin: expected, detected: true });
        // A profile chosen by name wins at once over the detected one.
        await core.router.invoke('profile.choose', { choice: 'preview' });
        const chosen = await core.router.invoke('profile.get', {});
        expect((chosen as { value: ProfileView }).value).toMatchObject({
          builtin: 'preview',
          detected: false,
        });
      } finally {
        await core.close();
      }
    }
  });
});
