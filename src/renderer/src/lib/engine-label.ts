import { ENGINES, isEngineName } from '../../../shared/api/engines';
import { useCatalogStore } from '../stores/catalog-store';

// The one lookup from Parallax's engine id to the name the analyst reads: the label of the
// service profile in use (Settings → Service profile: ChatGPT for assistant-a under the live
// profile), from the engine catalog main sends; the spec's label until the catalog has arrived.

export function engineLabel(engine: string): string {
  const fromProfile = useCatalogStore.getState().engines?.find((e) => e.name === engine)?.label;
  return fromProfile ?? (isEngineName(engine) ? ENGINES[engine].label : engine);
}
