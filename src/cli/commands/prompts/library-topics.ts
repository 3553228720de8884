import {
  promptByText,
  savePromptWithTopics,
  type HistoryStore,
  type SaveAction,
} from '../../../core/history';
import type { SavedPromptView } from '../../../shared/ipc/channels/library';
import { CliUsageError } from '../../context';

// The library's prompts for the CLI: saving one with its topics, finding one by id or text,
// with the CLI's usage error (exit 2) when it cannot.

export type { SaveAction };

/** Saves one prompt with its topics (the library's rule: see savePromptWithTopics); exit 2 on a bad one. */
export function saveWithTopics(
  store: HistoryStore,
  known: SavedPromptView[],
  input: { text: string; topics: readonly string[]; replace: boolean },
): { prompt: SavedPromptView; action: SaveAction } {
  const saved = savePromptWithTopics(store, known, input);
  if (!saved.ok) throw new CliUsageError(saved.problem);
  return saved;
}

/** A library prompt by id, or by its exact text; exit 2 when none. */
export function requirePrompt(prompts: readonly SavedPromptView[], idOrText: string): SavedPromptView {
  const found = prompts.find((p) => p.id === idOrText.trim()) ?? promptByText(prompts, idOrText);
  if (!found)
    throw new CliUsageError(
      `No prompt "${idOrText.slice(0, 60)}" in the library (give its id or exact text; \`parallax prompts list\` lists them)`,
    );
  return found;
}
