import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core/app';
import { importOutcomeFile } from '../../../src/core/outcomes';
import { openHistory } from '../../../src/core/history';
import { openSettingsStore } from '../../../src/core/platform/settings';
import { runSpecSchema } from '../../../src/shared/domain/run-spec';
import type { SuggestionAddedView, SuggestionsListView } from '../../../src/shared/ipc/channels/suggestions';
import { createTestCore } from '../../support/test-core';
import { bingCsv, gscZip } from '../outcomes/exports';

// The Library's prompts worth tracking over the app's IPC router and the real core (a SQLite
// history file, Search Console and Bing exports imported by the real importer): the source
// filter, one add to the library under a topic or to a monitor, a dismissal remembered in the
// file (read again after the core is closed and reopened), and bad input refused per field.

describe('prompts worth tracking through the app core', () => {
  let dir = '';
  let core: Core;
  let monitorId = '';

  const invoke = (channel: string, payload: unknown = {}) => core.router.invoke(channel, payload);
  const value = async <T>(channel: string, payload: unknown = {}): Promise<T> => {
    const result = await invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  const list = (payload: unknown = {}) => value<SuggestionsListView>('suggestions.list', payload);
  const idOf = async (text: string): Promise<string> => {
    const found = (await list()).suggestions.find((s) => s.text === text);
    if (!found) throw new Error(`no suggestion ${text}`);
    return found.id;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-suggestions-core-'));
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }));
    writeFileSync(
      join(dir, 'gsc.zip'),
      await gscZip([
        ['which crm is best for a small team', 5, 500],
        ['best CRM for small teams', 2, 300],
        ['how do i move contacts to a new crm', 1, 200],
        ['what is a crm pipeline', 1, 90],
        ['acme login', 9, 900],
      ]),
    );
    writeFileSync(join(dir, 'bing.csv'), bingCsv([['2026-11-20', 'crm with email integration', 4]]));
    await importOutcomeFile(core.store, { kind: 'gsc', path: join(dir, 'gsc.zip'), site: 'acme.example' });
    await importOutcomeFile(core.store, { kind: 'bing', path: join(dir, 'bing.csv'), site: 'acme.example' });
    monitorId = core.store.saveMonitor({
      name: 'Weekly CRM',
      cadence: 'weekly',
      spec: runSpecSchema.parse({
        prompts: ['crm for startups'],
        engines: ['assistant-a'],
        countries: ['US'],
      }),
    }).id;
  });
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists candidates with their sources, filters by source, and counts each source', async () => {
    const all = await list();
    // Each source's strongest scores 1; ties read alphabetically.
    expect(all.suggestions.map((s) => s.text)).toEqual([
      'crm with email integration',
      'which crm is best for a small team',
      'how do i move contacts to a new crm',
      'what is a crm pipeline',
    ]);
    expect(all.suggestions[1]).toMatchObject({ sources: ['gsc'], impressions: 800 });
    expect(all.bySource).toEqual({ gsc: 3, bing: 1, fanout: 0 });
    const bing = await list({ source: 'bing' });
    expect(bing.suggestions.map((s) => s.text)).toEqual(['crm with email integration']);
    expect(bing.total).toBe(1);
  });

  it('adds one to the library under a topic, after which it is tracked and no longer suggested', async () => {
    const id = await idOf('which crm is best for a small team');
    const added = await value<SuggestionAddedView>('suggestions.add', { id, topic: 'CRM choice' });
    expect(added).toMatchObject({ target: 'library', added: true, topics: ['CRM choice'] });
    const saved = core.store.listPrompts().find((p) => p.text === 'which crm is best for a small team');
    expect(saved?.tags).toEqual(['CRM choice']);
    expect((await list()).suggestions.map((s) => s.id)).not.toContain(id);
  });

  it('adds one to a monitor by its id', async () => {
    const id = await idOf('crm with email integration');
    const added = await value<SuggestionAddedView>('suggestions.add', { id, monitorId });
    expect(added).toMatchObject({ target: 'monitor', monitor: 'Weekly CRM', added: true, topics: [] });
    expect(core.store.listMonitors().find((m) => m.id === monitorId)?.spec.prompts).toEqual([
      'crm for startups',
      'crm with email integration',
    ]);
  });

  it('remembers a dismissal in the history file', async () => {
    const id = await idOf('what is a crm pipeline');
    expect(await value('suggestions.dismiss', { id })).toEqual({
      id,
      text: 'what is a crm pipeline',
      dismissed: true,
    });
    const after = await list();
    expect(after.suggestions.map((s) => s.id)).not.toContain(id);
    expect(after.dismissed).toBe(1);
    const path = core.store.path;
    await core.close();
    const reopened = openHistory({ path, readonly: true });
    try {
      expect(reopened.suggestionDismissals().map((d) => [d.id, d.text])).toEqual([
        [id, 'what is a crm pipeline'],
      ]);
    } finally {
      reopened.close();
    }
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), { dbPath: path });
    expect((await list()).suggestions.map((s) => s.text)).toEqual(['how do i move contacts to a new crm']);
  });

  it('refuses bad input per field and a suggestion or monitor that is gone, leaving the rest as it was', async () => {
    const bad = await invoke('suggestions.add', { id: 'not hex!', topic: '' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.fields?.map((f) => f.field).sort()).toEqual(['id', 'topic']);
    const gone = await invoke('suggestions.add', { id: 'abcdef0123' });
    expect(gone.ok ? null : gone.error).toMatchObject({
      code: 'SUGGESTION_NOT_FOUND',
      fields: [{ field: 'id' }],
    });
    const id = await idOf('how do i move contacts to a new crm');
    const noMonitor = await invoke('suggestions.add', { id, monitorId: 'no-such-monitor' });
    expect(noMonitor.ok ? null : noMonitor.error).toMatchObject({ fields: [{ field: 'monitorId' }] });
    expect((await list()).suggestions.map((s) => s.id)).toEqual([id]);
  });
});
