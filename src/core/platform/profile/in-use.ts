import { NEUTRAL_PROFILE, type ServiceProfile } from '../../../shared/profile';
import {
  BUILTIN_PROFILE_IDS,
  builtinProfile,
  isBuiltinProfileId,
  type BuiltinProfileId,
} from '../../../shared/profile/builtin';
import { ProfileFileError, readProfileFile } from './profile-file';
import { labelsOfProfile, type EngineLabels } from '../../../shared/narrative/places';

// Which service profile is in use: a built-in chosen by name, a profile saved in Settings (an
// imported or edited one), or the spec's neutral names; on the CLI, --profile NAME|FILE (or
// PARALLAX_PROFILE) first.

/** What the settings file says about the profile (both null: the one detected, else the spec's names). */
export interface ProfileSettings {
  serviceProfile?: ServiceProfile | null;
  serviceProfileBuiltin?: BuiltinProfileId | null;
  /** The built-in the service at baseUrl answered (detect-profile.ts in the runs room). */
  serviceProfileDetected?: { baseUrl: string; builtin: BuiltinProfileId } | null;
  baseUrl?: string | null;
  sandboxMode?: boolean;
}

/** The profile in use with where it comes from. */
export interface ProfileInUse {
  profile: ServiceProfile;
  /** The built-in it is, when chosen by name (spec when nothing is saved). */
  builtin: BuiltinProfileId | null;
  /** A profile that calls engines the spec lists as coming soon: say "preview" wherever it shows. */
  preview: boolean;
  /** Picked because the service answered its engine names, not chosen by the user. */
  detected?: boolean;
}

/** Whether the user chose a profile (a built-in by name or a saved one): detection never overrides it. */
export function profileChosen(settings: ProfileSettings | null | undefined): boolean {
  return (settings?.serviceProfileBuiltin ?? null) !== null || (settings?.serviceProfile ?? null) !== null;
}

/** The built-in detected for the service in settings, when it applies (no choice, not the sandbox). */
function detectedFor(settings: ProfileSettings | null | undefined): BuiltinProfileId | null {
  const d = settings?.serviceProfileDetected ?? null;
  if (d === null || settings?.sandboxMode === true || profileChosen(settings)) return null;
  return d.baseUrl === settings?.baseUrl ? d.builtin : null;
}

/** A built-in by id as the profile in use. */
export function builtinInUse(id: BuiltinProfileId, detected = false): ProfileInUse {
  const b = builtinProfile(id);
  return { profile: b.profile, builtin: id, preview: b.preview, ...(detected ? { detected: true } : {}) };
}

/**
 * The profile in use: the built-in chosen in Settings, else the one saved there, else the one
 * the service in Settings answered the names of, else the spec's names.
 */
export function profileInUseOfSettings(settings: ProfileSettings | null | undefined): ProfileInUse {
  const id = settings?.serviceProfileBuiltin ?? null;
  if (id !== null) return builtinInUse(id);
  const saved = settings?.serviceProfile ?? null;
  if (saved !== null) return { profile: saved, builtin: null, preview: false };
  const detected = detectedFor(settings);
  if (detected !== null) return builtinInUse(detected, true);
  return { profile: NEUTRAL_PROFILE, builtin: 'spec', preview: false };
}

/** The profile in use (see profileInUseOfSettings). */
export function profileOfSettings(settings: ProfileSettings | null | undefined): ServiceProfile {
  return profileInUseOfSettings(settings).profile;
}

/** The engine labels of the profile in use (what findings, alerts and reports name engines by). */
export function engineLabelsOfSettings(settings: ProfileSettings | null | undefined): EngineLabels {
  return labelsOfProfile(profileOfSettings(settings));
}

/** Environment variable naming a profile (what the CLI's global --profile sets): a built-in name or a file. */
export const PROFILE_ENV = 'PARALLAX_PROFILE';

/**
 * The built-in a --profile value names, or null for a file path. A bare built-in name (spec,
 * live, preview, any case) is the built-in; `./live` or `live.json` is a file.
 */
export function builtinIdOfRef(ref: string): BuiltinProfileId | null {
  const name = ref.trim().toLowerCase();
  return isBuiltinProfileId(name) ? name : null;
}

/** A --profile value: a built-in by name, else a profile file (ProfileFileError when it cannot be used). */
export function resolveProfileRef(ref: string): ProfileInUse {
  const id = builtinIdOfRef(ref);
  if (id !== null) return builtinInUse(id);
  try {
    return { profile: readProfileFile(ref), builtin: null, preview: false };
  } catch (err) {
    // A mistyped name ("liv") reads as a missing file: keep the reason and say which names exist.
    if (err instanceof ProfileFileError && err.errors.some((e) => e.message.includes('no such file')))
      throw new ProfileFileError(ref, [
        {
          field: '',
          message: `is neither a built-in profile nor a file (no such file; ${BUILTIN_NAMES_TEXT})`,
        },
      ]);
    throw err;
  }
}

/** Named in errors about a --profile value that is neither a built-in nor a readable file. */
export const BUILTIN_NAMES_TEXT = `built-in profiles: ${BUILTIN_PROFILE_IDS.join(', ')}`;

/**
 * The CLI's profile: PARALLAX_PROFILE (what --profile sets: a built-in name or a file; an
 * invalid file is an error, never a silent fallback), else the one chosen in Settings.
 */
export function resolveCliProfileInUse(
  env: NodeJS.ProcessEnv,
  settings: ProfileSettings | null | undefined,
): ProfileInUse {
  const ref = env[PROFILE_ENV];
  return ref ? resolveProfileRef(ref) : profileInUseOfSettings(settings);
}

/** The CLI's profile (see resolveCliProfileInUse). */
export function resolveCliProfile(
  env: NodeJS.ProcessEnv,
  settings: ProfileSettings | null | undefined,
): ServiceProfile {
  return resolveCliProfileInUse(env, settings).profile;
}
