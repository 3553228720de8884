import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSettingsStore, type SettingsStore } from '../../../src/core/platform/settings';
import { createWorkspaceRegistry, toSlug, WorkspaceError } from '../../../src/core/team/workspaces';

// Local workspaces on a real folder and settings file.

let dir: string;
let settings: SettingsStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'parallax-workspaces-'));
  settings = openSettingsStore({ userDataDir: dir });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('toSlug', () => {
  it('makes a folder name from a client name', () => {
    expect(toSlug('Acme Corp.')).toBe('acme-corp');
    expect(toSlug('  Société Générale  ')).toBe('societe-generale');
    expect(toSlug('x'.repeat(80))).toHaveLength(63);
    expect(() => toSlug('???')).toThrow(WorkspaceError);
  });
});

describe('the workspace registry', () => {
  it('starts with the default workspace, the history Parallax always had', () => {
    const registry = createWorkspaceRegistry({ dataFolder: dir, settings, env: {} });
    expect(registry.list()).toEqual([
      {
        slug: 'default',
        name: 'Default',
        dbPath: join(dir, 'parallax.db'),
        hasHistory: false,
        current: true,
      },
    ]);
  });

  it('creates, resolves by name or slug, and switches', () => {
    const registry = createWorkspaceRegistry({ dataFolder: dir, settings, env: {} });
    expect(registry.create('Acme Corp')).toMatchObject({
      slug: 'acme-corp',
      name: 'Acme Corp',
      current: false,
    });
    expect(registry.resolve('ACME CORP').slug).toBe('acme-corp');
    expect(() => registry.create('acme corp')).toThrow(/already exists/);
    expect(registry.use('acme-corp').dbPath).toBe(join(dir, 'workspaces', 'acme-corp', 'parallax.db'));
    expect(settings.get().workspace).toBe('acme-corp');
    expect(registry.current().slug).toBe('acme-corp');
    expect(() => registry.use('globex')).toThrow(/No workspace named "globex"/);
  });

  it('lets PARALLAX_WORKSPACE pick one for a process, and falls back to default when a folder is gone', () => {
    createWorkspaceRegistry({ dataFolder: dir, settings, env: {} }).create('Globex');
    expect(
      createWorkspaceRegistry({ dataFolder: dir, settings, env: { PARALLAX_WORKSPACE: 'globex' } }).current()
        .slug,
    ).toBe('globex');
    settings.update({ workspace: 'vanished' });
    expect(createWorkspaceRegistry({ dataFolder: dir, settings, env: {} }).current().slug).toBe('default');
  });
});
