import { z } from 'zod';
import type { Availability, EngineName } from '../../api/engines';
import { engineNameSchema } from '../../domain/run-spec';
import { invokeChannel } from '../define';

export interface EngineAvailabilityView {
  name: EngineName;
  label: string;
  description: string;
  /** From the spec's table, then updated by what the service answered. */
  availability: Availability | 'unknown';
  learnedAt: number | null;
}

export interface CountriesView {
  codes: string[];
  /** Epoch ms of the cached list; null when it is the built-in fallback. */
  fetchedAt: number | null;
  source: 'service' | 'cache' | 'built-in';
}

export const catalogChannels = {
  'engines.list': invokeChannel(z.object({}).strict()).returns<EngineAvailabilityView[]>(),
  'countries.list': invokeChannel(
    z.object({ engine: engineNameSchema.optional(), refresh: z.boolean().default(false) }).strict(),
  ).returns<CountriesView>(),
  'states.list': invokeChannel(z.object({ country: z.string().regex(/^[A-Z]{2}$/) }).strict()).returns<
    Array<{ code: string; name: string }>
  >(),
};
