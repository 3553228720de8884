import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openSettingsStore, type SettingsStore } from '../../../src/core/platform/settings';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox';
import type { IpcResult } from '../../../src/shared/ipc/define';
import type { ProfileImportView, ProfileView } from '../../../src/shared/ipc/channels/profile';
import { NEUTRAL_PROFILE, neutralProfile, type ServiceProfile } from '../../../src/shared/profile';
import { createTestCore } from '../../support/test-core';

// Settings → Service profile over the app's core: saved with per-field validation, imported
// and exported through main's file dialogs, and used by the connection: in Sandbox mode the
// sandbox and the client both speak the saved profile, so a whole async run completes on
// the renamed paths and tokens.

function renamed(): ServiceProfile {
  const p = neutralProfile();
  p.name = 'Acme gateway';
  p.engines['assistant-a'] = {
    ...p.engines['assistant-a'],
    path: 'gw/chat-one',
    taskType: 'CHAT_ONE',
    countriesModel: 'chat-one',
    label: 'Chat One',
    baseCost: 9,
  };
  return p;
}

describe('service profile in the app core', () => {
  let dir: string;
  let settings: SettingsStore;
  let core: Core;
  let sandboxes: RunningSandbox[];
  let openPath: string | null;
  let savePath: string | null;

  const invoke = (channel: string, payload: unknown): Promise<IpcResult<unknown>> =>
    core.router.invoke(channel, payload);
  const value = async <T>(channel: string, payload: unknown = {}): Promise<T> => {
    const result = await invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-profile-core-'));
    settings = openSettingsStore({ userDataDir: dir });
    settings.update({ sandboxMode: true });
    sandboxes = [];
    openPath = null;
    savePath = null;
    core = await createTestCore(dir, settings, {
      chooseOpenFile: async () => openPath,
      chooseSavePath: async () => savePath,
      startSandbox: async (options) => {
        const sb = await startSandbox({ ...options, latencyMs: 5 });
        sandboxes.push(sb);
        return sb;
      },
      pollIntervalMs: { min: 10, max: 30 },
    });
  });
  afterEach(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts neutral, saves a valid profile, refuses an invalid one field by field, resets', async () => {
    expect(await value<ProfileView>('profile.get')).toMatchObject({
      profile: NEUTRAL_PROFILE,
      isNeutral: true,
      builtin: 'spec',
      savedName: null,
    });
    const saved = await value<ProfileView>('profile.save', { profile: renamed() });
    expect(saved).toMatchObject({
      profile: renamed(),
      isNeutral: false,
      builtin: null,
      savedName: 'Acme gateway',
    });
    expect(settings.get().serviceProfile).toEqual(renamed());

    const bad = renamed() as unknown as { engines: Record<string, Record<string, unknown>> };
    bad.engines['search']!.taskType = 'search';
    bad.engines['assistant-b']!.path = 'gw/chat-one';
    const refused = await invoke('profile.save', { profile: bad });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('VALIDATION_ERROR');
    expect(refused.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'profile.engines.search.taskType', message: expect.stringContaining('upper-case') },
      ]),
    );
    expect(settings.get().serviceProfile).toEqual(renamed()); // unchanged

    const engines = await value<Array<{ name: string; label: string }>>('engines.list');
    expect(engines.find((e) => e.name === 'assistant-a')?.label).toBe('Chat One');

    expect(await value<ProfileView>('profile.reset')).toMatchObject({
      profile: NEUTRAL_PROFILE,
      isNeutral: true,
    });
    expect(settings.get().serviceProfile).toBeNull();
  });

  it('exports through the save dialog and imports through the open dialog, with the file errors', async () => {
    savePath = join(dir, 'acme.profile.json');
    expect(await value<{ path: string }>('profile.export', { profile: renamed() })).toMatchObject({
      path: savePath,
    });
    expect(JSON.parse(readFileSync(savePath, 'utf8'))).toEqual({ version: 1, ...renamed() });

    openPath = savePath;
    expect(await value<ProfileImportView>('profile.import')).toEqual({
      path: savePath,
      profile: renamed(),
      errors: [],
    });
    expect(settings.get().serviceProfile).toBeNull(); // imported into the form, not saved

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ engines: { search: { path: 'web' } } }));
    openPath = broken;
    const imported = await value<ProfileImportView>('profile.import');
    expect(imported.profile).toBeNull();
    expect(imported.errors).toContainEqual({
      field: 'engines.search.taskType',
      message: 'must be a text such as ASSISTANT_A',
    });

    openPath = null;
    expect(await value<ProfileImportView>('profile.import')).toEqual({
      path: null,
      profile: null,
      errors: [],
    });
  });

  it('refuses a profile change while a run is working (its tasks are with the service it started on)', async () => {
    const spec = { prompts: ['slow one'], engines: ['assistant-a'], countries: ['US'] };
    await value('runs.estimate', spec); // starts the sandbox
    sandboxes.at(-1)!.setLatency(60_000);
    const { runId } = await value<{ runId: string }>('runs.start', spec);
    const refused = await invoke('profile.save', { profile: renamed() });
    expect(refused.ok ? null : refused.error.code).toBe('RUNS_ACTIVE');
    expect((await invoke('profile.reset', {})).ok).toBe(false);
    expect(settings.get().serviceProfile).toBeNull();
    await value('runs.cancel', { runId });
  });

  it('the picker: a built-in by name wins over the saved profile, which can be chosen again', async () => {
    const first = await value<ProfileView>('profile.get');
    expect(first.builtins.map((b) => [b.id, b.name, b.preview])).toEqual([
      ['spec', NEUTRAL_PROFILE.name, false],
      ['live', 'Live service', false],
      ['preview', 'Preview: all engines', true],
    ]);
    const chosen = await value<ProfileView>('profile.choose', { choice: 'saved' }).catch((e: Error) => e);
    expect(String(chosen)).toContain('NO_SAVED_PROFILE');
    await value('profile.save', { profile: renamed() });
    const live = await value<ProfileView>('profile.choose', { choice: 'live' });
    expect(live).toMatchObject({ builtin: 'live', preview: false, savedName: 'Acme gateway' });
    expect(live.profile.engines['assistant-a']).toMatchObject({ path: 'chatgpt', label: 'ChatGPT' });
    expect(settings.get()).toMatchObject({ serviceProfileBuiltin: 'live', serviceProfile: renamed() });
    const engines = await value<Array<{ name: string; label: string }>>('engines.list');
    expect(engines.find((e) => e.name === 'search-news')?.label).toBe('Google News');
    // The preview serves every engine in Sandbox mode: a run on an engine the spec has as coming soon.
    expect(await value<ProfileView>('profile.choose', { choice: 'preview' })).toMatchObject({
      preview: true,
    });
    const spec = { prompts: ['best crm'], engines: ['assistant-c'], countries: ['US'], mode: 'sync' };
    const { runId } = await value<{ runId: string }>('runs.start', spec);
    await (await core.runs.engine()).wait(runId);
    expect(await value<{ counts: Record<string, number> }>('runs.get', { runId })).toMatchObject({
      counts: { succeeded: 1 },
    });
    const back = await value<ProfileView>('profile.choose', { choice: 'saved' });
    expect(back).toMatchObject({ builtin: null, profile: renamed() });
    expect(await value<ProfileView>('profile.choose', { choice: 'spec' })).toMatchObject({
      builtin: 'spec',
      isNeutral: true,
      savedName: 'Acme gateway',
    });
  });

  it('a sandbox-mode async run goes over the saved profile: renamed path, token and cost', async () => {
    await value('profile.save', { profile: renamed() });
    const spec = {
      prompts: ['best espresso machine'],
      engines: ['assistant-a'],
      countries: ['US', 'FR'],
      mode: 'async',
    };
    const estimate = await value<{ jobs: number; maxCredits: number }>('runs.estimate', spec);
    expect(estimate).toMatchObject({ jobs: 2, maxCredits: 18 });
    const { runId } = await value<{ runId: string }>('runs.start', spec);
    await (await core.runs.engine()).wait(runId);
    const run = await value<{ counts: Record<string, number>; creditsCharged: number }>('runs.get', {
      runId,
    });
    expect(run.counts).toMatchObject({ succeeded: 2 });
    const sb = sandboxes.at(-1)!;
    expect(sb.profile.name).toBe('Acme gateway');
    expect(sb.stats().tasksCompleted).toBe(2);
    expect(Object.values(sb.stats().creditsCharged)).toEqual([18]);

    // A sync call of the same profile goes to the renamed path.
    const { runId: syncRun } = await value<{ runId: string }>('runs.start', { ...spec, mode: 'sync' });
    await (await core.runs.engine()).wait(syncRun);
    expect(sb.stats().requests['POST /v1/monitor/gw/chat-one']).toBe(2);
    expect(sb.stats().requests['POST /v1/monitor/assistant-a']).toBeUndefined();
  });
});
