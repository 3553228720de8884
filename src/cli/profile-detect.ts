import type { Writable } from 'node:stream';
import {
  builtinInUse,
  PROFILE_ENV,
  profileChosen,
  type ProfileInUse,
  type SettingsStore,
} from '../core/platform';
import type { BuiltinProfileId } from '../shared/profile/builtin-ids';
import { labelsOfProfile } from '../shared/narrative/places';

// The CLI's side of picking the service profile by what the service answers: on a base URL with
// no profile chosen (no --profile, none in Settings), the profile detected for that URL before,
// else the one the service answers now (kept in Settings for the app and the next command).

export interface CliDetectDeps {
  env: NodeJS.ProcessEnv;
  settings: SettingsStore | null;
  baseUrl: string;
  apiKey: string;
  stderr: Writable;
  now: () => number;
  detect: (deps: {
    baseUrl: string;
    apiKey: string | null;
    fetch: typeof fetch;
  }) => Promise<BuiltinProfileId | null>;
}

/** The detected profile to use for this base URL, or null when the user chose one or none is answered. */
export async function detectedCliProfile(deps: CliDetectDeps): Promise<ProfileInUse | null> {
  if (deps.env[PROFILE_ENV]) return null;
  const s = deps.settings?.get() ?? null;
  if (profileChosen(s)) return null;
  const known = s?.serviceProfileDetected ?? null;
  if (known !== null && known.baseUrl === deps.baseUrl) return builtinInUse(known.builtin, true);
  const builtin = await deps.detect({ baseUrl: deps.baseUrl, apiKey: deps.apiKey, fetch: globalThis.fetch });
  if (builtin === null) return null;
  const inUse = builtinInUse(builtin, true);
  // The spec's names are what a CLI without a profile uses anyway: nothing to keep or say (and
  // no settings write from each of several commands started at once).
  if (builtin === 'spec') return inUse;
  try {
    deps.settings?.update({
      serviceProfileDetected: {
        baseUrl: deps.baseUrl,
        builtin,
        detectedAt: new Date(deps.now()).toISOString(),
      },
    });
  } catch {
    // A settings file that cannot be written: the profile still applies to this command.
  }
  const names = Object.values(labelsOfProfile(inUse.profile)).slice(0, 3).join(', ');
  deps.stderr.write(
    `${deps.baseUrl} answers the engine names of the "${inUse.profile.name}" profile (${names}, …): using it. ` +
      '`parallax profile use NAME` chooses another.\n',
  );
  return inUse;
}
