import { resolveCliProfile } from '../core/platform';
import { labelsOfProfile, type EngineLabels } from '../shared/narrative/places';
import type { CliCore } from './core';

/** The engine labels of the profile the CLI uses (--profile, else Settings, else the spec's). */
export function cliLabels(core: Pick<CliCore, 'settings'>, env: NodeJS.ProcessEnv): EngineLabels {
  try {
    return labelsOfProfile(resolveCliProfile(env, core.settings?.get()));
  } catch {
    return {};
  }
}
