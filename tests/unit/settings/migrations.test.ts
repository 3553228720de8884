import { describe, expect, it } from 'vitest';
import { fileVersion, migrateSettings } from '../../../src/core/platform/settings/migrations';
import { SETTINGS_VERSION } from '../../../src/core/platform/settings/schema';

describe('settings migrations', () => {
  it('treats a file with settings but no version as version 1, an empty one as current', () => {
    expect(fileVersion({ apiBaseUrl: 'https://a.test' })).toBe(1);
    expect(fileVersion({})).toBe(SETTINGS_VERSION);
    expect(fileVersion({ settingsVersion: 2 })).toBe(2);
  });

  it('v1 → v2: renames apiBaseUrl to baseUrl and moves include flags into engine options', () => {
    const result = migrateSettings({
      apiBaseUrl: 'https://api.example.test',
      defaultInclude: { 'assistant-a': { markdown: true }, search: { html: true } },
      theme: 'dark',
    });
    expect(result).toMatchObject({ fromVersion: 1, toVersion: 2, newer: false });
    expect(result.raw).toEqual({
      baseUrl: 'https://api.example.test',
      defaultEngineOptions: {
        'assistant-a': { include: { markdown: true } },
        search: { include: { html: true } },
      },
      theme: 'dark',
      settingsVersion: 2,
    });
  });

  it('does not overwrite a baseUrl that already exists', () => {
    const result = migrateSettings({
      settingsVersion: 1,
      apiBaseUrl: 'https://old.test',
      baseUrl: 'https://new.test',
    });
    expect(result.raw['baseUrl']).toBe('https://new.test');
    expect(result.raw).not.toHaveProperty('apiBaseUrl');
  });

  it('leaves a current file alone and never downgrades a newer one', () => {
    expect(migrateSettings({ settingsVersion: 2, theme: 'light' }).raw).toEqual({
      settingsVersion: 2,
      theme: 'light',
    });
    const newer = migrateSettings({ settingsVersion: 9, futureThing: true });
    expect(newer).toMatchObject({ newer: true, fromVersion: 9, toVersion: 9 });
    expect(newer.raw).toEqual({ settingsVersion: 9, futureThing: true });
  });
});
