import liveFile from '../../../resources/profiles/live.json';
import { ENGINE_NAMES } from '../api/engines';
import { BUILTIN_PROFILE_IDS, PREVIEW_PROFILE_NAME, type BuiltinProfileId } from './builtin-ids';
import { NEUTRAL_PROFILE, neutralProfile } from './neutral';
import { formatProfileErrors, parseServiceProfile } from './parse';
import type { ServiceProfile } from './schema';

// The service profiles that ship with Parallax, chosen by name (Settings → Service profile's
// picker, `--profile NAME`, `parallax profile use NAME`):
// - spec: the spec's neutral names, the default, and what the sandbox serves unless told;
// - live: the live service as its official SDK names its engines (resources/profiles/live.json,
//   from /work/shared/spec/live-service.md), so a real key works without writing a profile;
// - preview: the spec's names with every engine served, for the demo and for trying the engines
//   the spec still lists as coming soon in the sandbox (labelled a preview wherever it is in use).
// Not exported from the profile index: the renderer reaches them only through IPC.

export { BUILTIN_PROFILE_IDS, PREVIEW_PROFILE_NAME, type BuiltinProfileId };

export interface BuiltinProfile {
  id: BuiltinProfileId;
  profile: ServiceProfile;
  /** One sentence for the picker and `parallax profile list`. */
  description: string;
  /** True for a profile that calls engines the spec lists as coming soon: labelled "preview". */
  preview: boolean;
}

function parsedFile(id: string, json: unknown): ServiceProfile {
  const parsed = parseServiceProfile(json);
  // A broken built-in is a packaging bug: fail loudly (a unit test parses each one).
  if (!parsed.ok)
    throw new Error(`Built-in profile ${id} is invalid:\n${formatProfileErrors(parsed.errors)}`);
  return parsed.profile;
}

function previewProfile(): ServiceProfile {
  const profile = neutralProfile();
  profile.name = PREVIEW_PROFILE_NAME;
  for (const name of ENGINE_NAMES) profile.engines[name].availability = 'available';
  return profile;
}

let table: ReadonlyMap<BuiltinProfileId, BuiltinProfile> | null = null;

function builtins(): ReadonlyMap<BuiltinProfileId, BuiltinProfile> {
  table ??= new Map<BuiltinProfileId, BuiltinProfile>([
    [
      'spec',
      {
        id: 'spec',
        profile: structuredClone(NEUTRAL_PROFILE) as ServiceProfile,
        description: 'The spec’s neutral engine names (assistant-a … search-ai); the default.',
        preview: false,
      },
    ],
    [
      'live',
      {
        id: 'live',
        profile: parsedFile('live', liveFile),
        description:
          'The live service as its official SDK names the engines (chatgpt, perplexity, grok, copilot, gemini, google, google/news, aimode).',
        preview: false,
      },
    ],
    [
      'preview',
      {
        id: 'preview',
        profile: previewProfile(),
        description:
          'The spec’s names with every engine served, including those the spec lists as coming soon (sandbox and demo).',
        preview: true,
      },
    ],
  ]);
  return table;
}

export function isBuiltinProfileId(value: string): value is BuiltinProfileId {
  return (BUILTIN_PROFILE_IDS as readonly string[]).includes(value);
}

/** A built-in profile by id (a fresh copy of its profile, safe to edit). */
export function builtinProfile(id: BuiltinProfileId): BuiltinProfile {
  const found = builtins().get(id) as BuiltinProfile;
  return { ...found, profile: structuredClone(found.profile) };
}

export function listBuiltinProfiles(): BuiltinProfile[] {
  return BUILTIN_PROFILE_IDS.map(builtinProfile);
}

/** The built-in a profile is, by content (a saved copy of one counts), else null. */
export function builtinIdOf(profile: ServiceProfile): BuiltinProfileId | null {
  const text = canonicalJson(profile);
  for (const [id, b] of builtins()) if (canonicalJson(b.profile) === text) return id;
  return null;
}

/** JSON with every object's keys sorted: equal profiles give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
