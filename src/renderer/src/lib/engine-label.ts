import { ENGINE_NAMES, ENGINES, isEngineName } from '../../../shared/api/engines';
import { useCatalogStore } from '../stores/catalog-store';

// The one lookup from Parallax's engine id to the name the analyst reads: the label of the
// service profile in use (Settings → Service profile: ChatGPT for assistant-a under the live
// profile), from the engine catalog main sends; the spec's label until the catalog has arrived.

export function engineLabel(engine: string): string {
  const fromProfile = useCatalogStore.getState().engines?.find((e) => e.name === engine)?.label;
  return fromProfile ?? (isEngineName(engine) ? ENGINES[engine].label : engine);
}

/**
 * Orders engines as the catalog lists them (the assistants, then web, news and AI-mode search),
 * as the Engines filter and Compose do, so a heatmap's or Compare's columns read in the same
 * order everywhere; a name the catalog does not know comes after them, alphabetically.
 */
export function byEngineOrder(a: string, b: string): number {
  const rank = (e: string): number => (isEngineName(e) ? ENGINE_NAMES.indexOf(e) : ENGINE_NAMES.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}
