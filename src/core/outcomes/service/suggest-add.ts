import type { HistoryStore } from '../../history';
import type { PromptSuggestion } from '../suggest';
import type { AddedSuggestion } from './suggest-types';

// A suggestion put where the analyst tracks prompts: the library, filed under topics (the
// library's tags; a prompt already there keeps its topics and gains these), or a monitor's
// prompts.

const sameTopic = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export function addToLibrary(
  store: HistoryStore,
  suggestion: PromptSuggestion,
  topics: readonly string[],
): AddedSuggestion {
  const found = store.listPrompts().find((p) => p.text === suggestion.text);
  const had = found?.tags ?? [];
  const wanted = topics.map((t) => t.trim()).filter((t) => t !== '');
  const fresh = wanted.filter((t, i) => !had.some((h) => sameTopic(h, t)) && wanted.indexOf(t) === i);
  const added = !found || fresh.length > 0;
  const kept = added
    ? store.savePrompt({
        ...(found ? { id: found.id } : {}),
        text: suggestion.text,
        tags: [...had, ...fresh],
      }).tags
    : had;
  return { suggestion, target: 'library', monitor: null, added, topics: kept };
}

/** Null when no monitor has that id or name. */
export function addToMonitor(
  store: HistoryStore,
  suggestion: PromptSuggestion,
  monitorId: string,
): AddedSuggestion | null {
  const monitor = store.listMonitors().find((m) => m.id === monitorId || m.name === monitorId);
  if (!monitor) return null;
  const had = monitor.spec.prompts.includes(suggestion.text);
  if (!had) {
    store.saveMonitor({
      id: monitor.id,
      name: monitor.name,
      cadence: monitor.cadence,
      enabled: monitor.enabled,
      nextDueAt: monitor.nextDueAt,
      spec: { ...monitor.spec, prompts: [...monitor.spec.prompts, suggestion.text] },
    });
  }
  return { suggestion, target: 'monitor', monitor: monitor.name, added: !had, topics: [] };
}
