import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core, OpenRequest, SaveRequest } from '../../../src/core/app';
import { openSettingsStore } from '../../../src/core/platform/settings';
import type { PromptsCsvExportView, PromptsCsvImportView } from '../../../src/shared/ipc/channels/library';
import { createTestCore } from '../../support/test-core';

// The Library's "Import CSV…" and "Export CSV…" over the app's IPC router and the real core (a
// SQLite history file): the open and save dialogs are the only stand-ins (no window exists
// here). Topics land on the library's prompts, a bad row is named with its line and skipped,
// a prompt saved before gets the file's topics added (or set, with replaceTopics), and the
// export writes the file `parallax prompts import` reads back.

describe('prompts CSV through the app core', () => {
  let dir = '';
  let core: Core;
  let openPath: string | null = null;
  let savePath: string | null = null;
  const asked: Array<OpenRequest | SaveRequest> = [];

  const value = async <T>(channel: string, payload: unknown = {}): Promise<T> => {
    const result = await core.router.invoke(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parallax-prompts-csv-'));
    core = await createTestCore(dir, openSettingsStore({ userDataDir: dir }), {
      chooseOpenFile: async (request) => {
        asked.push(request);
        return openPath;
      },
      chooseSavePath: async (request) => {
        asked.push(request);
        return savePath;
      },
    });
  });
  afterAll(async () => {
    await core?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports prompts with their topics, naming and skipping a bad row; a canceled dialog imports nothing', async () => {
    core.store.savePrompt({ text: 'best trail shoes', tags: ['Trail'] });
    openPath = join(dir, 'prompts.csv');
    writeFileSync(
      openPath,
      [
        'prompt,topic',
        'best trail shoes,Buying guides',
        'is Veloxa good for trail running,Brand questions; Trail',
        `too many topics,${Array.from({ length: 21 }, (_, i) => `t${i}`).join(';')}`,
        ',Orphan topic',
        'running shoes for flat feet,',
      ].join('\n'),
    );
    const done = await value<PromptsCsvImportView>('prompts.importCsv', {});
    expect(asked.at(-1)).toMatchObject({ extensions: ['csv'] });
    expect(done).toMatchObject({ path: openPath, created: 2, updated: 1, unchanged: 0 });
    expect(done.errors.map((e) => e.line)).toEqual([4, 5]);
    const byText = new Map(core.store.listPrompts().map((p) => [p.text, p.tags]));
    expect(byText.get('best trail shoes')?.sort()).toEqual(['Buying guides', 'Trail']);
    expect(byText.get('is Veloxa good for trail running')?.sort()).toEqual(['Brand questions', 'Trail']);
    expect(byText.get('running shoes for flat feet')).toEqual([]);
    expect(byText.has('too many topics')).toBe(false);

    // The same file again, replacing topics: the saved prompt keeps only the file's.
    const again = await value<PromptsCsvImportView>('prompts.importCsv', { replaceTopics: true });
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(core.store.listPrompts().find((p) => p.text === 'best trail shoes')?.tags).toEqual([
      'Buying guides',
    ]);

    openPath = null;
    const count = core.store.listPrompts().length;
    expect(await value<PromptsCsvImportView>('prompts.importCsv', {})).toEqual({
      path: null,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    expect(core.store.listPrompts()).toHaveLength(count);
  });

  it('refuses a file with no prompt column, and a payload main does not know', async () => {
    openPath = join(dir, 'no-prompts.csv');
    writeFileSync(openPath, 'query,topic\nbest shoes,Guides\n');
    const refused = await core.router.invoke('prompts.importCsv', {});
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/prompt/i);
    const bad = await core.router.invoke('prompts.importCsv', { replaceTopics: 'yes', path: '/etc/passwd' });
    expect(bad.ok).toBe(false);
  });

  it('exports the prompts and topics (one topic: its prompts) as the CSV the import reads', async () => {
    savePath = join(dir, 'out.csv');
    const all = await value<PromptsCsvExportView>('prompts.exportCsv', {});
    expect(all).toEqual({ path: savePath, prompts: core.store.listPrompts().length });
    const text = readFileSync(savePath, 'utf8');
    expect(text.split('\n')[0]).toMatch(/^prompt,topic/);
    expect(text).toContain('is Veloxa good for trail running,Brand questions; Trail');

    const trail = await value<PromptsCsvExportView>('prompts.exportCsv', { topic: 'Trail' });
    expect(trail.prompts).toBe(1);
    expect(readFileSync(savePath, 'utf8').trim().split('\n')).toHaveLength(2);

    savePath = null;
    expect(await value<PromptsCsvExportView>('prompts.exportCsv', {})).toEqual({ path: null, prompts: 0 });
  });
});
