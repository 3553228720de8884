import { ENGINE_NAMES, ENGINES, US_STATES } from '../../../shared/api/engines';
import { profileOfSettings } from '../../platform';
import { COUNTRY_CODES } from '../../../shared/api/countries';
import type { CountriesView, EngineAvailabilityView } from '../../../shared/ipc/channels/catalog';
import type { HandlerModule } from './types';

type Channels = 'engines.list' | 'countries.list' | 'states.list';

/** Engines with availability, countries and states; answered from cache or built-ins when offline. */
export const catalogHandlers: HandlerModule<Channels> = (ctx) => ({
  'engines.list': async () => {
    const settings = ctx.settings.get();
    const learned = settings.engineAvailability;
    let live: Partial<Record<string, 'available' | 'coming-soon' | 'unknown'>> = {};
    try {
      const connection = await ctx.connections.current();
      live = connection.client.availability();
      // What the paid service says is kept for offline use; the sandbox's is not.
      if (!connection.sandbox) {
        ctx.settings.update({
          engineAvailability: {
            byEngine: { ...learned.byEngine, ...live },
            updatedAt: new Date(ctx.now()).toISOString(),
          },
        });
      }
    } catch {
      // Offline or not configured: the learned table, then the spec's.
    }
    // Labels and the availability before any answer come from the service profile.
    const profile = profileOfSettings(settings);
    return ENGINE_NAMES.map((name): EngineAvailabilityView => {
      const engine = profile.engines[name];
      const availability = live[name] ?? learned.byEngine[name] ?? engine.availability;
      return {
        name,
        label: engine.label,
        description: ENGINES[name].description,
        availability,
        learnedAt: learned.updatedAt ? Date.parse(learned.updatedAt) : null,
      };
    });
  },

  'countries.list': async ({ engine, refresh }): Promise<CountriesView> => {
    const model = engine ? profileOfSettings(ctx.settings.get()).engines[engine].countriesModel : null;
    const cacheKey = model ?? 'all';
    const cache = ctx.settings.get().countriesCache;
    const cached = cache?.byModel[cacheKey];
    if (cached && !refresh) return { codes: cached, fetchedAt: Date.parse(cache.fetchedAt), source: 'cache' };
    try {
      const { client } = await ctx.connections.current();
      const { data } = await client.countries(model ? { model } : {});
      const fetchedAt = new Date(ctx.now()).toISOString();
      ctx.settings.update({
        countriesCache: { byModel: { ...(cache?.byModel ?? {}), [cacheKey]: data }, fetchedAt },
      });
      return { codes: data, fetchedAt: Date.parse(fetchedAt), source: 'service' };
    } catch {
      if (cached && cache) return { codes: cached, fetchedAt: Date.parse(cache.fetchedAt), source: 'cache' };
      return { codes: [...COUNTRY_CODES], fetchedAt: null, source: 'built-in' };
    }
  },

  'states.list': async ({ country }) => {
    try {
      const { client } = await ctx.connections.current();
      const { data } = await client.states(country);
      return data.map((s) => ({ code: s.code, name: s.name }));
    } catch {
      return country === 'US' ? US_STATES.map((s) => ({ ...s })) : [];
    }
  },
});
