import { byEngineOrder, ENGINES, isEngineName } from '../../../shared/api/engines';
import { useCatalogStore } from '../stores/catalog-store';

// The one lookup from Parallax's engine id to the name the analyst reads: the label of the
// service profile in use (Settings → Service profile: ChatGPT for assistant-a under the live
// profile), from the engine catalog main sends; the spec's label until the catalog has arrived.

export function engineLabel(engine: string): string {
  const fromProfile = useCatalogStore.getState().engines?.find((e) => e.name === engine)?.label;
  return fromProfile ?? (isEngineName(engine) ? ENGINES[engine].label : engine);
}

/**
 * Engines by their labels in the catalog's order, as `full` ("Assistant A, Web search, …") and
 * as `short` for a narrow column: the labels while two or fewer, else how many ("8 engines");
 * the full list goes beside it for screen readers and as its title.
 */
export function enginesText(engines: readonly string[]): { full: string; short: string } {
  const labels = [...engines].sort(byEngineOrder).map(engineLabel);
  const full = labels.join(', ');
  return { full, short: labels.length <= 2 ? full : `${labels.length} engines` };
}
