import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { openHistory } from '../../../src/core/history';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { createTestCore } from '../../support/test-core';

// Settings → What leaves this computer over the app's IPC router and the real core: the open
// workspace's funnel sharing is off in a new history, turned on and off through main, kept in
// the history file (another process reading it sees the same), and bad input is refused.

describe('funnel sharing through the app core', () => {
  let dir = '';
  let core: Core;
  const invoke = (channel: string, payload: unknown = {}) => core.router.invoke(channel, payload);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-funnel-sharing-'));
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }));
  });
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is off in a new workspace, turns on and off through main, and is kept in the history', async () => {
    expect(await invoke('funnel.sharing')).toEqual({
      ok: true,
      value: { aggregates: false, changedAt: null, pushedAt: null },
    });
    const on = await invoke('funnel.setSharing', { aggregates: true });
    expect(on).toMatchObject({ ok: true, value: { aggregates: true, pushedAt: null } });
    const reader = openHistory({ path: core.store.path, readonly: true });
    try {
      expect(reader.outcomeSharing()).toMatchObject({ aggregates: true });
    } finally {
      reader.close();
    }
    expect(await invoke('funnel.setSharing', { aggregates: false })).toMatchObject({
      ok: true,
      value: { aggregates: false },
    });
    expect(core.store.outcomeSharing().aggregates).toBe(false);
  });

  it('refuses a payload that is not a yes or no', async () => {
    const bad = await invoke('funnel.setSharing', { aggregates: 'yes' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.fields?.map((f) => f.field)).toEqual(['aggregates']);
    expect(core.store.outcomeSharing().aggregates).toBe(false);
  });
});
