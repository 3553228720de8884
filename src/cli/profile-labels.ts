import { resolveCliProfile, type Settings } from '../core/platform';
import { labelsOfProfile, type EngineLabels } from '../shared/narrative/places';

/** The engine labels of the profile the CLI uses (--profile, else Settings, else the spec's). */
export function cliLabels(settings: Settings | null | undefined, env: NodeJS.ProcessEnv): EngineLabels {
  try {
    return labelsOfProfile(resolveCliProfile(env, settings ?? undefined));
  } catch {
    return {};
  }
}
