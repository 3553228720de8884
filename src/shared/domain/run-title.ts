// What a run is called wherever it is listed (History, run pickers, Compare's headers,
// `parallax history`): its name (a monitor's or a prompt set's, or the one given in Compose),
// else its first prompt with how many more it has. Never its id: an id is a handle, not a name.

export interface RunTitleInput {
  name: string | null;
  firstPrompt?: string | null;
  promptCount: number;
}

/** A prompt is cut to this many characters in a title (at a word when one ends near). */
export const TITLE_PROMPT_CHARS = 60;

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/**
 * "Demo · Trail and race"; "“best trail running shoes” + 2 more prompts" for a run without a
 * name; "3 prompts" when neither is known.
 */
export function runTitle(run: RunTitleInput): string {
  const name = run.name?.trim();
  if (name) return name;
  const others = run.promptCount - 1;
  const more = others <= 0 ? '' : ` + ${others} more ${others === 1 ? 'prompt' : 'prompts'}`;
  const first = run.firstPrompt?.trim();
  if (first) return `“${shorten(first, TITLE_PROMPT_CHARS)}”${more}`;
  return run.promptCount === 1 ? '1 prompt' : `${run.promptCount} prompts`;
}
