import type { SavedPromptView } from '../../../shared/ipc/channels/library';
import { topicsProblem, type PromptTopicsCsv } from '../../../shared/library/prompt-topics-csv';
import type { LibraryApi } from './library';

// Saving prompts with their topics (the library's tags): a prompt is one text, so saving a text
// that is there already adds the topics to it (or, with replace, sets them), never a second
// copy. One definition for `parallax prompts add|import` and the Library view's CSV import.

export type SaveAction = 'created' | 'updated' | 'unchanged';
type PromptsApi = Pick<LibraryApi, 'savePrompt'>;

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

export type SaveWithTopics =
  { ok: true; prompt: SavedPromptView; action: SaveAction } | { ok: false; problem: string };

/** Saves one prompt with its topics; `known` (the library's prompts) is kept up to date. */
export function savePromptWithTopics(
  store: PromptsApi,
  known: SavedPromptView[],
  input: { text: string; topics: readonly string[]; replace: boolean },
): SaveWithTopics {
  const text = input.text.trim();
  if (text === '') return { ok: false, problem: 'A prompt cannot be empty' };
  const given = cleanTopics(input.topics);
  const problem = topicsProblem(given);
  if (problem !== null) return { ok: false, problem: `"${text.slice(0, 40)}": ${problem}` };
  const found = promptByText(known, text);
  if (found === null) {
    const prompt = store.savePrompt({ text, tags: given });
    known.push(prompt);
    return { ok: true, prompt, action: 'created' };
  }
  const tags = input.replace ? given : cleanTopics([...found.tags, ...given]);
  if (sameTopics(tags, found.tags)) return { ok: true, prompt: found, action: 'unchanged' };
  const still = topicsProblem(tags);
  if (still !== null) return { ok: false, problem: `"${text.slice(0, 40)}": ${still}` };
  const prompt = store.savePrompt({ id: found.id, text, tags });
  known.splice(known.indexOf(found), 1, prompt);
  return { ok: true, prompt, action: 'updated' };
}

export interface PromptTopicsImport {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows left out, by line: the file's own faults and the prompts that could not be saved. */
  errors: Array<{ line: number; message: string }>;
}

/** Saves every readable row of a parsed prompts CSV; a bad row is named and skipped. */
export function importPromptTopics(
  store: PromptsApi & Pick<LibraryApi, 'listPrompts'>,
  csv: PromptTopicsCsv,
  replace: boolean,
): PromptTopicsImport {
  const known = store.listPrompts();
  const out: PromptTopicsImport = { created: 0, updated: 0, unchanged: 0, errors: [...csv.errors] };
  for (const row of csv.rows) {
    const saved = savePromptWithTopics(store, known, { ...row, replace });
    if (saved.ok) out[saved.action] += 1;
    else out.errors.push({ line: row.line, message: saved.problem });
  }
  out.errors.sort((a, b) => a.line - b.line);
  return out;
}
