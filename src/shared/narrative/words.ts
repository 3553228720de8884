// Word rules shared by every sentence Parallax writes for a client: plurals, lists, the first
// letter, the end of a sentence, and a quoted prompt cut to a readable length.

/** "1 answer", "3 answers" (with thousands separators); `many` for irregular plurals. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${Math.round(n).toLocaleString('en')} ${Math.round(n) === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The first letter in upper case (for words of ours, never for a name). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One sentence, ending in exactly one full stop (or its own ? or !). Its first letter is left as
 * the builder wrote it: a sentence may start with a name ("iPhone", "reviewhub.com").
 */
export function sentence(text: string): string {
  const body = text.trim().replace(/\s+/g, ' ');
  if (body === '') return '';
  return /[.!?]$/.test(body) ? body : `${body}.`;
}

/** A prompt as a quote of at most `max` characters, cut at a word: “best running shoes for…”. */
export function quotePrompt(prompt: string, max = 48): string {
  const text = prompt.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return `“${text}”`;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `“${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…”`;
}

/** "Veloxa’s"; a name ending in s takes the apostrophe alone ("Brooks’"). */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}
