import { describe, expect, it } from 'vitest';
import {
  profileChosen,
  profileInUseOfSettings,
  type ProfileSettings,
} from '../../../src/core/platform/profile';
import { builtinProfile } from '../../../src/shared/profile/builtin';

// The profile in use: the user's choice, else the one the service in Settings answered the names
// of (only for that base URL and off the sandbox), else the spec's names.

const URL = 'https://api.example.test';
const detected = { baseUrl: URL, builtin: 'live' as const };

describe('profileInUseOfSettings', () => {
  it('uses the detected profile for the base URL it was detected on', () => {
    const inUse = profileInUseOfSettings({ baseUrl: URL, serviceProfileDetected: detected });
    expect(inUse).toMatchObject({ builtin: 'live', detected: true });
    expect(inUse.profile.engines['assistant-a'].label).toBe('ChatGPT');
  });

  it('ignores it for another base URL and in Sandbox mode', () => {
    const other = profileInUseOfSettings({ baseUrl: 'https://other.test', serviceProfileDetected: detected });
    expect(other).toMatchObject({ builtin: 'spec' });
    expect(other.detected).toBeUndefined();
    const sandbox = profileInUseOfSettings({
      baseUrl: URL,
      sandboxMode: true,
      serviceProfileDetected: detected,
    });
    expect(sandbox.builtin).toBe('spec');
  });

  it('never puts it over a profile the user chose, by name or saved', () => {
    const byName: ProfileSettings = {
      baseUrl: URL,
      serviceProfileDetected: detected,
      serviceProfileBuiltin: 'spec',
    };
    expect(profileChosen(byName)).toBe(true);
    expect(profileInUseOfSettings(byName)).toMatchObject({ builtin: 'spec' });
    expect(profileInUseOfSettings(byName).detected).toBeUndefined();
    const saved = { ...builtinProfile('preview').profile, name: 'Mine' };
    const withSaved: ProfileSettings = {
      baseUrl: URL,
      serviceProfileDetected: detected,
      serviceProfile: saved,
    };
    expect(profileInUseOfSettings(withSaved)).toMatchObject({ builtin: null, profile: { name: 'Mine' } });
    expect(profileChosen({ baseUrl: URL, serviceProfileDetected: detected })).toBe(false);
  });
});
