import type { ProfileInUse } from '../core/platform';

// How the CLI names the service profile in use: one line in text output when it is not the
// spec's (so a run through a preview or a renamed deployment says so), one object in JSON.

export interface ProfileJson {
  name: string;
  /** The built-in's name (spec, live, preview), or null for a file or a profile saved in Settings. */
  builtin: string | null;
  /** Calls engines the spec lists as coming soon (the sandbox and the demo answer for them). */
  preview: boolean;
}

export function profileJson(inUse: ProfileInUse): ProfileJson {
  return { name: inUse.profile.name, builtin: inUse.builtin, preview: inUse.preview };
}

/** "Service profile: Live service", with the preview said in words; null for the spec's names. */
export function profileSentence(inUse: ProfileInUse): string | null {
  if (inUse.builtin === 'spec') return null;
  const preview = inUse.preview
    ? ' (a preview: it also calls the engines the spec lists as coming soon, which only the sandbox answers today)'
    : '';
  return `Service profile: ${inUse.profile.name}${preview}`;
}
