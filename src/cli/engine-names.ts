import { ENGINE_NAMES } from '../shared/api/engines';
import { NEUTRAL_PROFILE, type EngineLabelOf } from '../shared/profile';

// The line the sandbox and the demo print about which engine names they use, so a user who
// expects ChatGPT, Perplexity… knows why they read Assistant A–E (and how to change it).

/** Each engine's name as the profile in use labels it (JSON: engine id → label). */
export function engineNames(labelOf: EngineLabelOf): Record<string, string> {
  return Object.fromEntries(ENGINE_NAMES.map((e) => [e, labelOf(e)]));
}

/** "Engine names: Assistant A, Assistant B, … (profile X)", with how to switch when they are the spec's. */
export function engineNamesLine(labelOf: EngineLabelOf, profileName: string): string {
  const names = ENGINE_NAMES.map(labelOf);
  const neutral = labelOf('assistant-a') === NEUTRAL_PROFILE.engines['assistant-a'].label;
  return (
    `Engine names: ${names.join(', ')} (profile "${profileName}").` +
    (neutral ? ' The live service names them ChatGPT, Perplexity, …: `parallax profile use live`.' : '')
  );
}
