import { ENGINES, US_STATES } from '../api/engines';

// Where an answer was asked and by which engine, in the words a client reads: country names
// (not ISO codes), US states by name, engines by the label of the service profile in use.

/** Engine name → label, e.g. from the active service profile ({ 'assistant-a': 'ChatGPT' }). */
export type EngineLabels = Readonly<Partial<Record<string, string>>>;

// Made on first use: ICU's display names cost a process that never prints a country (most CLI
// commands import this module) several milliseconds of its start.
let regions: Intl.DisplayNames | null = null;
const STATES = new Map(US_STATES.map((s) => [s.code, s.name]));

/** 'DE' → 'Germany', 'US-CA' → 'California (US)', an unknown code as it is. */
export function placeName(loc: string): string {
  const [country = '', state] = loc.split('-');
  if (state !== undefined && country === 'US') return `${STATES.get(state) ?? state} (US)`;
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    const name = regions.of(country.toUpperCase());
    return name && name !== country.toUpperCase() ? name : loc;
  } catch {
    return loc;
  }
}

/** An engine's label: the profile's when given, else the spec's, else its name. */
export function engineLabel(engine: string, labels?: EngineLabels): string {
  return (
    labels?.[engine] ??
    (ENGINES as Readonly<Record<string, { label: string } | undefined>>)[engine]?.label ??
    engine
  );
}

/** The labels of a service profile's engines (what EngineLabels callers pass). */
export function labelsOfProfile(profile: {
  engines: Readonly<Record<string, { label: string }>>;
}): EngineLabels {
  return Object.fromEntries(Object.entries(profile.engines).map(([name, e]) => [name, e.label]));
}

/**
 * "(Germany, Assistant A)", with the prompt first when given; '' when nothing is known (a
 * whole-monitor figure needs no place).
 */
export function whereWords(
  place: { prompt?: string | null; engine?: string | null; loc?: string | null },
  labels?: EngineLabels,
  quote: (prompt: string) => string = (p) => p,
): string {
  const parts = [
    place.prompt ? quote(place.prompt) : null,
    place.loc ? placeName(place.loc) : null,
    place.engine ? engineLabel(place.engine, labels) : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}
