import { describe, expect, it } from 'vitest';
import { ENGINE_NAMES, ENGINES, GOTO_PATH } from '../../../src/shared/api/engines';
import {
  NEUTRAL_PROFILE,
  enginePath,
  engineAtPath,
  formatProfileErrors,
  neutralProfile,
  parseServiceProfile,
  parseServiceProfileText,
  profileToJson,
  redirectPath,
  taskTypesOf,
} from '../../../src/shared/profile';

// Service profiles: the neutral default matches the spec's table, a file
// may leave engines out, and every invalid field is reported by name.

describe('the neutral profile', () => {
  it('is the spec table: paths, task types, countries models, costs, availability', () => {
    for (const name of ENGINE_NAMES) {
      expect(enginePath(NEUTRAL_PROFILE, name)).toBe(ENGINES[name].path);
      expect(taskTypesOf(NEUTRAL_PROFILE)[name]).toBe(ENGINES[name].taskType);
      expect(NEUTRAL_PROFILE.engines[name]).toMatchObject({
        countriesModel: ENGINES[name].countriesModel,
        baseCost: ENGINES[name].baseCost,
        availability: ENGINES[name].specAvailability,
        label: ENGINES[name].label,
      });
    }
    expect(redirectPath(NEUTRAL_PROFILE)).toBe(GOTO_PATH);
    expect(engineAtPath(NEUTRAL_PROFILE, '/v1/monitor/search/news')).toBe('search-news');
  });

  it('survives export and import unchanged', () => {
    const parsed = parseServiceProfileText(profileToJson(NEUTRAL_PROFILE));
    expect(parsed).toEqual({ ok: true, profile: NEUTRAL_PROFILE });
  });
});

describe('parseServiceProfile', () => {
  it('fills engines, name and redirect path a file leaves out from the neutral profile', () => {
    const alpha = { ...neutralProfile().engines['assistant-a'], path: 'chat/alpha', taskType: 'ALPHA' };
    const parsed = parseServiceProfile({ engines: { 'assistant-a': alpha } });
    if (!parsed.ok) throw new Error(formatProfileErrors(parsed.errors));
    expect(parsed.profile.engines['assistant-a']).toEqual(alpha);
    expect(parsed.profile.engines.search).toEqual(NEUTRAL_PROFILE.engines.search);
    expect(parsed.profile.name).toBe(NEUTRAL_PROFILE.name);
    expect(enginePath(parsed.profile, 'assistant-a')).toBe('/v1/monitor/chat/alpha');
  });

  it('names every invalid field', () => {
    const base = neutralProfile();
    const parsed = parseServiceProfile({
      name: '',
      redirectPath: '/v1/monitor/search/goto',
      engines: {
        ...base.engines,
        'assistant-a': { ...base.engines['assistant-a'], taskType: 'assistant_a', baseCost: 2.5 },
        'assistant-b': { ...base.engines['assistant-b'], availability: 'soon', countriesModel: 'x y' },
        'assistant-c': { ...base.engines['assistant-c'], path: 'assistant-d' },
        'assistant-e': { ...base.engines['assistant-e'], taskType: 'SEARCH' },
      },
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const byField = Object.fromEntries(parsed.errors.map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      name: 'cannot be empty',
      redirectPath: expect.stringContaining('no leading slash'),
      'engines.assistant-a.taskType': expect.stringContaining('upper-case'),
      'engines.assistant-a.baseCost': 'must be a whole number of credits',
      'engines.assistant-b.availability': "must be 'available' or 'coming-soon'",
      'engines.assistant-b.countriesModel': expect.stringContaining('letters, digits'),
    });
    // Clashes are only judged once every field is well-formed: fix the rest and they show.
    const clash = parseServiceProfile({
      engines: {
        'assistant-c': { ...base.engines['assistant-c'], path: 'assistant-d' },
        'assistant-e': { ...base.engines['assistant-e'], taskType: 'SEARCH' },
      },
    });
    expect(clash.ok ? [] : clash.errors).toEqual([
      {
        field: 'engines.assistant-d.path',
        message: 'is already used by engines.assistant-c: each engine needs its own path',
      },
      {
        field: 'engines.search.taskType',
        message: 'is already the taskType of assistant-e: each engine needs its own',
      },
    ]);
  });

  it('rejects unknown engines, unknown fields, incomplete engines and non-objects', () => {
    const errors = (input: unknown): string[] => {
      const parsed = parseServiceProfile(input);
      return parsed.ok ? [] : parsed.errors.map((e) => `${e.field}: ${e.message}`);
    };
    expect(errors({ engines: { 'assistant-z': {} } })[0]).toMatch(
      /^engines: unknown engine assistant-z; engines are assistant-a, /,
    );
    expect(errors({ engines: {}, colour: 'red' })).toEqual([': unknown field colour']);
    expect(errors({ engines: { search: { path: 'web' } } })).toContain(
      'engines.search.taskType: must be a text such as ASSISTANT_A',
    );
    expect(errors([])).toEqual([
      ': A service profile must be a JSON object with name, redirectPath and engines',
    ]);
    expect(parseServiceProfileText('{ nope')).toMatchObject({
      ok: false,
      errors: [{ field: '', message: expect.stringContaining('not valid JSON') }],
    });
  });
});
