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
// the history file (another process reading it sees the same), and bad input is refused. The
// Funnel view's source choice over the same router: the teammates' shared totals (as a pull
// leaves them in the history) by default when this computer imported nothing, none when asked
// for its own, and a source that is not one refused by field.

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

  it('reads the teammates’ shared totals for the Funnel view, and says whose figures they are', async () => {
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const sharedAt = Date.now() - 7_200_000;
    // As a sync's pull leaves them: staged, then moved in with the sharer's record.
    core.store.stageSharedFunnel(
      'ana/h1',
      [
        {
          day,
          site: 'acme.example',
          engine: 'assistant-a',
          page: '/pricing',
          crawledHits: 3,
          referredSessions: 4,
          keyEvents: 1,
        },
        {
          day,
          site: 'acme.example',
          engine: 'assistant-b',
          page: '/docs',
          crawledHits: 2,
          referredSessions: 0,
          keyEvents: 0,
        },
      ],
      true,
    );
    // Staged, not yet moved in (a pull still reading, or cut): the funnel has none of them.
    expect(await invoke('funnel.summary', { days: 30, source: 'team' })).toMatchObject({
      ok: true,
      value: { engines: [], sharers: [] },
    });
    expect(
      core.store.commitSharedFunnel({
        writer: 'ana/h1',
        sharer: 'ana',
        rows: 2,
        storedAt: sharedAt,
        pulledAt: sharedAt,
      }),
    ).toBe(2);
    const auto = await invoke('funnel.summary', { days: 30 });
    expect(auto).toMatchObject({
      ok: true,
      value: {
        source: 'team',
        crawledFrom: 'team',
        referredFrom: 'team',
        sharers: [{ name: 'ana', sharedAt, pulledAt: sharedAt }],
        sourceNote:
          'Crawler and traffic figures shared by ana, synced 2 h ago; answers from this workspace’s history.',
      },
    });
    if (!auto.ok) return;
    const value = auto.value as {
      engines: Array<{ engine: string; crawledHits: number; referredSessions: number }>;
    };
    expect(value.engines.map((e) => [e.engine, e.crawledHits, e.referredSessions])).toEqual([
      ['assistant-a', 3, 4],
      ['assistant-b', 2, 0],
    ]);
    expect(await invoke('funnel.summary', { days: 30, source: 'mine' })).toMatchObject({
      ok: true,
      value: { source: 'mine', engines: [], sharers: [] },
    });
    const bad = await invoke('funnel.summary', { days: 30, source: 'theirs' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.fields?.map((f) => f.field)).toEqual(['source']);
  });
});
