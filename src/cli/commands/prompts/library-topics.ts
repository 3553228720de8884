import type { HistoryStore } from '../../../core/history';
import type { SavedPromptView } from '../../../shared/ipc/channels/library';
import { topicsProblem } from '../../../shared/library/prompt-topics-csv';
import { CliUsageError } from '../../context';

// Saving a prompt with its topics in the library: a prompt is one text, so saving a text that is
// there already adds the topics to it (or, with replace, sets them), never a second copy.

export type SaveAction = 'created' | 'updated' | 'unchanged';

const sameTopics = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((t) => b.some((u) => u.toLowerCase() === t.toLowerCase()));

/** The library's prompt with this text (as asked: trimmed), or null. */
export function promptByText(prompts: readonly SavedPromptView[], text: string): SavedPromptView | null {
  return prompts.find((p) => p.text === text.trim()) ?? null;
}

/** Topics as the user typed them: trimmed, empty ones dropped, each once (any case). */
export function cleanTopics(topics: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const t of topics.map((s) => s.trim()))
    if (t !== '' && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  return [...seen.values()];
}

export function saveWithTopics(
  store: HistoryStore,
  known: SavedPromptView[],
  input: { text: string; topics: readonly string[]; replace: boolean },
): { prompt: SavedPromptView; action: SaveAction } {
  const text = input.text.trim();
  if (text === '') throw new CliUsageError('A prompt cannot be empty');
  const given = cleanTopics(input.topics);
  const problem = topicsProblem(given);
  if (problem !== null) throw new CliUsageError(`"${text.slice(0, 40)}": ${problem}`);
  const found = promptByText(known, text);
  if (found === null) {
    const prompt = store.savePrompt({ text, tags: given });
    known.push(prompt);
    return { prompt, action: 'created' };
  }
  const tags = input.replace ? given : cleanTopics([...found.tags, ...given]);
  if (sameTopics(tags, found.tags)) return { prompt: found, action: 'unchanged' };
  const still = topicsProblem(tags);
  if (still !== null) throw new CliUsageError(`"${text.slice(0, 40)}": ${still}`);
  const prompt = store.savePrompt({ id: found.id, text, tags });
  known.splice(known.indexOf(found), 1, prompt);
  return { prompt, action: 'updated' };
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
