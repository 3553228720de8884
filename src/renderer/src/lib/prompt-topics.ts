import { call } from '../ipc/client';

// Topics live on the library's prompts (their tags), keyed by text: a monitor's prompts are
// filed under topics by saving each one in the library with them, the existing library prompt
// of the same text keeping its tags and gaining these.

/** Saves each prompt in the library with these topics added; returns how many were saved. */
export async function fileUnderTopics(
  prompts: readonly string[],
  topics: readonly string[],
): Promise<number> {
  if (topics.length === 0) return 0;
  const library = await call('prompts.list', {});
  const byText = new Map(library.map((p) => [p.text, p]));
  let saved = 0;
  for (const text of new Set(prompts.map((p) => p.trim()).filter((p) => p !== ''))) {
    const found = byText.get(text);
    const had = found?.tags ?? [];
    const tags = [...had, ...topics.filter((t) => !had.some((h) => h.toLowerCase() === t.toLowerCase()))];
    if (found && tags.length === had.length) continue;
    await call('prompts.save', { ...(found ? { id: found.id } : {}), text, tags });
    saved += 1;
  }
  return saved;
}
