import type { EngineName } from '../api/engines';
import { ENGINE_INCLUDES } from './engine-includes';
import type { CommerceOption, EngineOptions, IncludeFlags, RunSpec } from './run-spec';

// The "track shopping and ads" option as request flags. Only assistant-a takes include.shopping
// and include.ads (+2 credits, the same +2 its raw response and search queries share) and only
// search-ai include.expandProducts (+1 credit per product cluster returned, at most +6); the
// other engines return their shopping cards and ads without being asked. A flag goes only to an
// engine whose endpoint takes it: the service refuses unknown include keys with a 400.

type CommerceFlag = 'shopping' | 'ads' | 'expandProducts';

/** The include flags the option sets on one engine (none when the engine takes none of them). */
export function commerceIncludesFor(engine: EngineName, option: CommerceOption | undefined): CommerceFlag[] {
  if (!option) return [];
  const wanted: CommerceFlag[] = [
    ...(option.shoppingAndAds ? (['shopping', 'ads'] as const) : []),
    ...(option.expandProducts ? (['expandProducts'] as const) : []),
  ];
  return wanted.filter((flag) => ENGINE_INCLUDES[engine].includes(flag));
}

/** One engine's options with the option's flags added (what the run engine sends). */
export function withCommerceIncludes(
  engine: EngineName,
  options: EngineOptions | undefined,
  option: CommerceOption | undefined,
): EngineOptions | undefined {
  const flags = commerceIncludesFor(engine, option);
  if (flags.length === 0) return options;
  const include: IncludeFlags = { ...options?.include };
  for (const flag of flags) include[flag] = true;
  return { ...options, include };
}

/**
 * The spec as it is run: the option's flags written into each chosen engine's include flags, so
 * the estimate, the jobs' requests and the stored run all carry them. The option stays on the
 * spec, so a monitor saved from it shows it on.
 */
export function applyCommerceOption(spec: RunSpec): RunSpec {
  if (!spec.commerce) return spec;
  const engineOptions: RunSpec['engineOptions'] = { ...spec.engineOptions };
  for (const engine of spec.engines) {
    const options = withCommerceIncludes(engine, spec.engineOptions[engine], spec.commerce);
    if (options) engineOptions[engine] = options;
  }
  return { ...spec, engineOptions };
}

/** The spec without the option: what the estimate prices to tell the option's own credits. */
export function withoutCommerceOption(spec: RunSpec): RunSpec {
  const rest: RunSpec = { ...spec };
  delete rest.commerce;
  return rest;
}

/** The engines of a run the option sets flags on, with the flags (for the estimate and Compose). */
export function commerceTargets(
  engines: readonly EngineName[],
  option: CommerceOption | undefined,
): Array<{ engine: EngineName; flags: CommerceFlag[] }> {
  return engines
    .map((engine) => ({ engine, flags: commerceIncludesFor(engine, option) }))
    .filter((t) => t.flags.length > 0);
}
