// The names of the service profiles that ship with Parallax (builtin.ts holds the profiles):
// apart, so the settings schema and the IPC contract name them without bundling the profiles.

export const BUILTIN_PROFILE_IDS = ['spec', 'live', 'preview'] as const;
export type BuiltinProfileId = (typeof BUILTIN_PROFILE_IDS)[number];

/** The preview profile's name, said wherever it is in use (the app's demo loader, the CLI). */
export const PREVIEW_PROFILE_NAME = 'Preview: all engines';
