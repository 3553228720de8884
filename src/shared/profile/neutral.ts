import { ENGINE_NAMES, ENGINES, GOTO_PATH, type EngineName } from '../api/engines';
import type { EngineProfile, ServiceProfile } from './schema';

// The spec's own naming: the default profile, and what a profile file's missing parts take.

const MONITOR_PREFIX = '/v1/monitor/';

/** The path segment(s) after /v1/monitor/ of a full monitor path. */
export function segmentOf(fullPath: string): string {
  return fullPath.startsWith(MONITOR_PREFIX) ? fullPath.slice(MONITOR_PREFIX.length) : fullPath;
}

/** The full path of a monitor endpoint from its segment(s). */
export function monitorPathOf(segment: string): string {
  return `${MONITOR_PREFIX}${segment}`;
}

function neutralEngine(name: EngineName): EngineProfile {
  const e = ENGINES[name];
  return {
    path: segmentOf(e.path),
    taskType: e.taskType,
    countriesModel: e.countriesModel,
    label: e.label,
    baseCost: e.baseCost,
    availability: e.specAvailability,
  };
}

export const NEUTRAL_PROFILE_NAME = 'Spec (neutral names)';

export const NEUTRAL_PROFILE: Readonly<ServiceProfile> = Object.freeze({
  name: NEUTRAL_PROFILE_NAME,
  redirectPath: segmentOf(GOTO_PATH),
  engines: Object.fromEntries(ENGINE_NAMES.map((name) => [name, neutralEngine(name)])) as Record<
    EngineName,
    EngineProfile
  >,
});

/** A fresh, editable copy of the neutral profile. */
export function neutralProfile(): ServiceProfile {
  return structuredClone(NEUTRAL_PROFILE) as ServiceProfile;
}
