import { ENGINE_NAMES, type EngineName } from '../api/engines';
import { monitorPathOf } from './neutral';
import type { ServiceProfile } from './schema';

// Reads of a profile the client, the sandbox and the UI share.

/** POST path of an engine's monitor endpoint, e.g. /v1/monitor/assistant-a. */
export function enginePath(profile: ServiceProfile, engine: EngineName): string {
  return monitorPathOf(profile.engines[engine].path);
}

/** POST path of the redirect resolver, e.g. /v1/monitor/search/goto. */
export function redirectPath(profile: ServiceProfile): string {
  return monitorPathOf(profile.redirectPath);
}

/** The engine served at a full monitor path, if any. */
export function engineAtPath(profile: ServiceProfile, path: string): EngineName | undefined {
  return ENGINE_NAMES.find((name) => enginePath(profile, name) === path);
}

export function taskTypesOf(profile: ServiceProfile): Record<EngineName, string> {
  return Object.fromEntries(ENGINE_NAMES.map((n) => [n, profile.engines[n].taskType])) as Record<
    EngineName,
    string
  >;
}

export function baseCostsOf(profile: ServiceProfile): Record<EngineName, number> {
  return Object.fromEntries(ENGINE_NAMES.map((n) => [n, profile.engines[n].baseCost])) as Record<
    EngineName,
    number
  >;
}

export function countriesModelValues(profile: ServiceProfile): string[] {
  return ENGINE_NAMES.map((n) => profile.engines[n].countriesModel).filter((m): m is string => m !== null);
}
