import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The runner's deployment files (deploy/) read the way systemd and docker read them, since
// neither runs here: the unit's ExecStart split into words, the image's CMD as its JSON array.

const ROOT = join(import.meta.dirname, '..', '..');

export const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** The words of the unit's ExecStart (systemd splits on spaces; ours has no quoting). */
export function unitExecStart(unit: string): string[] {
  const lines = unit.split('\n').filter((l) => l.startsWith('ExecStart='));
  if (lines.length !== 1) throw new Error(`expected one ExecStart, found ${lines.length}`);
  return (lines[0] as string).slice('ExecStart='.length).trim().split(/\s+/);
}

/** The image's CMD in exec form (a JSON array: no shell between docker and the runner). */
export function dockerCmd(dockerfile: string): string[] {
  const lines = dockerfile.split('\n').filter((l) => /^CMD\s/.test(l));
  if (lines.length !== 1) throw new Error(`expected one CMD, found ${lines.length}`);
  const parsed: unknown = JSON.parse((lines[0] as string).replace(/^CMD\s+/, ''));
  if (!Array.isArray(parsed) || !parsed.every((w) => typeof w === 'string'))
    throw new Error('CMD must be in exec form: a JSON array of strings');
  return parsed as string[];
}

/** What follows the word `parallax`: the command the launcher (npx) runs. */
export function parallaxArgs(words: string[]): string[] {
  const at = words.indexOf('parallax');
  if (at < 0) throw new Error(`no "parallax" in ${words.join(' ')}`);
  return words.slice(at + 1);
}

/** The body of each fence of a language in a Markdown file. */
export function fences(markdown: string, lang: string): string[] {
  const out: string[] = [];
  const re = new RegExp('^```' + lang + '\\n([\\s\\S]*?)^```', 'gm');
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) out.push(m[1] as string);
  return out;
}
