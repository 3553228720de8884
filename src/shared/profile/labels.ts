import { ENGINE_NAMES, ENGINES, isEngineName, type EngineName } from '../api/engines';
import type { ServiceProfile } from './schema';

// The one lookup from Parallax's engine id (stored with every answer) to the name a person
// reads: the service profile's label. Every printed engine goes through it (the CLI, exports,
// client reports, the MCP tools' text and the app), so a profile that calls assistant-a
// "ChatGPT" is read as ChatGPT everywhere; JSON keeps the id beside it (`engineLabel`).

/** Engine id → label. An id the table does not know (a newer history) is printed as it is. */
export type EngineLabelOf = (engine: string) => string;

/** Every engine's label in a profile, by engine id. */
export function engineLabelsOf(profile: Pick<ServiceProfile, 'engines'>): Record<EngineName, string> {
  return Object.fromEntries(ENGINE_NAMES.map((name) => [name, profile.engines[name].label])) as Record<
    EngineName,
    string
  >;
}

/** The spec's labels (Assistant A …), for code that has no profile at hand. */
export const NEUTRAL_ENGINE_LABELS: Readonly<Record<EngineName, string>> = Object.freeze(
  Object.fromEntries(ENGINE_NAMES.map((name) => [name, ENGINES[name].label])) as Record<EngineName, string>,
);

/** The lookup over a label table (a profile's, or one carried by a report or an IPC answer). */
export function engineLabelFrom(labels: Readonly<Partial<Record<string, string>>>): EngineLabelOf {
  return (engine) => labels[engine] ?? (isEngineName(engine) ? NEUTRAL_ENGINE_LABELS[engine] : engine);
}

/** The lookup of a profile's labels. */
export function engineLabeler(profile: Pick<ServiceProfile, 'engines'>): EngineLabelOf {
  return engineLabelFrom(engineLabelsOf(profile));
}

/** Engines as a person reads them: labels joined, in the given order. */
export function engineListText(engines: readonly string[], labelOf: EngineLabelOf, separator = ', '): string {
  return engines.map(labelOf).join(separator);
}
