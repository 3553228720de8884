import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program';

// Messages name commands that exist: every `parallax WORD [WORD]` the sources
// write (messages, help, notes) names a command of the real program, and a subcommand where the
// command has them. A damaged history's message named a "CLI restore command" there is not.

const ROOT = join(import.meta.dirname, '..', '..', '..', 'src');
const MENTION = /\bparallax ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g;
// Words around a command name that are prose ("the parallax command or…", "parallax history
// lists them"): never a command's name.
const PROSE = new Set(['command', 'lists', 'or', 'and', 'to', 'is', 'in', 'on', 'with', 'for']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const stream = (): PassThrough => new PassThrough();

describe('commands named in messages', () => {
  it('every `parallax X [Y]` the sources mention is a command (and Y a subcommand when X has them)', () => {
    const program = buildProgram({
      stdout: stream(),
      stderr: stream(),
      stdin: stream(),
      env: {},
      json: false,
    });
    const byName = new Map<string, Command>(program.commands.map((c) => [c.name(), c]));
    const wrong: string[] = [];
    for (const file of sources(ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(MENTION)) {
        const [, name, sub] = m as unknown as [string, string, string | undefined];
        const command = byName.get(name);
        if (!command) {
          if (!PROSE.has(name)) wrong.push(`${file.slice(ROOT.length)}: parallax ${name}`);
          continue;
        }
        const subs = command.commands.map((c) => c.name());
        if (sub && subs.length > 0 && !subs.includes(sub) && !PROSE.has(sub))
          wrong.push(`${file.slice(ROOT.length)}: parallax ${name} ${sub}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
