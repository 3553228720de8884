import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  defaultSettings,
  parseSettingsLeniently,
  settingsPatchSchema,
  settingsSchema,
} from '../../../src/core/platform/settings/schema';
import { toSettingsView } from '../../../src/core/platform/settings/view';

describe('settings schema', () => {
  it('has defaults that validate: no base URL yet, sandbox off until chosen, Free plan, assistant-a in the US', () => {
    expect(settingsSchema.parse(defaultSettings())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      baseUrl: null,
      sandboxMode: false,
      plan: 'Free',
      defaultEngines: ['assistant-a'],
      defaultCountries: ['US'],
      theme: 'system',
      dataFolder: null,
      windowState: null,
      monitorsPaused: false,
    });
  });

  it('hands out copies of the defaults', () => {
    const a = defaultSettings();
    a.defaultCountries.push('DE');
    expect(defaultSettings().defaultCountries).toEqual(['US']);
  });

  it('rejects unknown keys, so an apiKey can never become a setting', () => {
    expect(settingsPatchSchema.safeParse({ apiKey: 'sk_x' }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...defaultSettings(), key: 'x' }).success).toBe(false);
  });

  it.each([
    ['baseUrl', 'ftp://example.com'],
    ['baseUrl', 'not a url'],
    ['plan', 'Platinum'],
    ['defaultEngines', []],
    ['defaultEngines', ['assistant-z']],
    ['defaultCountries', ['us']],
    ['theme', 'blue'],
    ['maxRetries', 11],
    ['budgetCap', 0],
    ['windowState', { width: 10, height: 10, maximized: false }],
    ['taskTypeOverrides', { 'assistant-a': 'lower case' }],
    ['engineAvailability', { byEngine: { search: 'maybe' }, updatedAt: null }],
  ])('rejects %s = %j', (field, value) => {
    expect(settingsPatchSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it('accepts realistic values', () => {
    const patch = {
      baseUrl: 'https://api.example.test',
      plan: 'Enterprise 2K',
      defaultEngines: ['assistant-a', 'search'],
      defaultCountries: ['US', 'DE'],
      defaultEngineOptions: { 'assistant-a': { include: { markdown: true, ads: true }, legacy: true } },
      windowState: { x: -1200, y: 40, width: 1400, height: 900, maximized: true },
      taskTypeOverrides: { 'search-news': 'SEARCH_NEWS_V2' },
      engineAvailability: { byEngine: { 'assistant-b': 'available' }, updatedAt: '2026-10-01T10:00:00.000Z' },
      countriesCache: { byModel: { 'assistant-a': ['US', 'DE'] }, fetchedAt: '2026-10-01T10:00:00.000Z' },
      budgetCap: 5000,
    };
    expect(settingsPatchSchema.parse(patch)).toEqual(patch);
  });

  it('reads a damaged file field by field: bad values fall back, good ones stay', () => {
    const parsed = parseSettingsLeniently({
      settingsVersion: 2,
      plan: 'Growth',
      theme: 'neon',
      defaultCountries: 'US',
      sandboxMode: true,
      leftover: 1,
    });
    expect(parsed.settings.plan).toBe('Growth');
    expect(parsed.settings.sandboxMode).toBe(true);
    expect(parsed.settings.theme).toBe('system');
    expect(parsed.settings.defaultCountries).toEqual(['US']);
    expect(parsed.problems.map((p) => p.split(':')[0])).toEqual(['defaultCountries', 'theme']);
    expect(parsed.unknownKeys).toEqual(['leftover']);
  });

  it('maps to the renderer view with the data folder resolved', () => {
    const view = toSettingsView(defaultSettings(), '/home/u/.config/Parallax');
    expect(view.dataFolder).toBe('/home/u/.config/Parallax');
    expect(Object.keys(view)).not.toContain('countriesCache');
    expect(toSettingsView({ ...defaultSettings(), dataFolder: '/data' }, '/x').dataFolder).toBe('/data');
  });
});
