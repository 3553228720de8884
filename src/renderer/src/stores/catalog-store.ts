import { create } from 'zustand';
import { US_STATES } from '../../../shared/api/engines';
import type { CountriesView, EngineAvailabilityView } from '../../../shared/ipc/channels/catalog';
import { call } from '../ipc/client';
import { countryOptions, type CountryOption } from '../lib/countries';
import { toShownError, type ShownError } from '../lib/errors';

interface CatalogState {
  engines: EngineAvailabilityView[] | null;
  countries: CountriesView | null;
  countryOptions: CountryOption[];
  stateOptions: Array<{ code: string; name: string }>;
  error: ShownError | null;
  loading: boolean;
  load(refresh?: boolean): Promise<void>;
  /** The engines only (their labels in the service profile in use), for every view's names. */
  loadEngines(): Promise<void>;
}

/** Engines with availability, and the country codes the service accepts (cached offline by main). */
export const useCatalogStore = create<CatalogState>((set) => ({
  engines: null,
  countries: null,
  countryOptions: [],
  stateOptions: US_STATES.map((s) => ({ code: s.code, name: s.name })),
  error: null,
  loading: false,
  async load(refresh = false) {
    set({ loading: true, error: null });
    try {
      const [engines, countries] = await Promise.all([
        call('engines.list', {}),
        call('countries.list', { refresh }),
      ]);
      set({ engines, countries, countryOptions: countryOptions(countries.codes), loading: false });
    } catch (error) {
      set({ error: toShownError(error), loading: false });
    }
  },
  async loadEngines() {
    try {
      set({ engines: await call('engines.list', {}) });
    } catch {
      // Without the catalog the views keep the spec's labels; Compose shows the error when opened.
    }
  },
}));
