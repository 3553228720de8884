import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program';
import { readDoc } from './markdown';

// docs/reference/cli.md against the real program (every command module registered, as
// `parallax --help` sees them): each command has a section headed `parallax <command>`, every
// one of its options is named in that section, and every option a section's tables list is one
// the command really has. A new option without its line in the reference fails here, and so does
// a documented option that was renamed or removed.

const REFERENCE = 'docs/reference/cli.md';
/** Options described once, in the reference's "Global options" table. */
const GLOBAL_OPTIONS = new Set(['--json', '--profile', '--db', '--version', '--help']);

interface CommandInfo {
  /** "monitors options" */
  path: string;
  options: string[];
  hasSubcommands: boolean;
}

function commands(): CommandInfo[] {
  const sink = new Writable({ write: (_chunk, _enc, done) => done() });
  const program = buildProgram({ stdout: sink, stderr: sink, stdin: process.stdin, env: {}, json: false });
  const out: CommandInfo[] = [];
  const walk = (cmd: Command, prefix: string[]): void => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'help') continue;
      const path = [...prefix, sub.name()];
      out.push({
        path: path.join(' '),
        options: sub.options.map((o) => o.long).filter((l): l is string => l !== undefined),
        hasSubcommands: sub.commands.some((c) => c.name() !== 'help'),
      });
      walk(sub, path);
    }
  };
  walk(program, []);
  return out;
}

interface Section {
  /** The command a `### parallax …` heading names ("brands discover accept"), or null. */
  command: string | null;
  heading: string;
  text: string;
  /** Options in the first column of the section's tables. */
  tableOptions: string[];
}

/** The reference cut at its headings; a section runs to the next heading of any depth. */
function sections(): Section[] {
  const page = readDoc(REFERENCE);
  const lines = page.text.split('\n');
  return page.headings.map((h, i) => {
    const end = page.headings[i + 1]?.line ?? lines.length + 1;
    const text = lines.slice(h.line, end - 1).join('\n');
    const match = /^parallax ((?:[a-z][a-z-]*)(?: [a-z][a-z-]*)*)/.exec(h.text);
    const tableOptions = [...text.matchAll(/^\| `(--[a-z][a-z-]*)/gm)].map((m) => m[1] as string);
    return { command: match?.[1] ?? null, heading: h.text, text, tableOptions };
  });
}

const OPTION_NAMED = (option: string) => new RegExp(`(^|[^a-z-])${option}(?![a-z-])`);

describe(`${REFERENCE} documents the CLI as it is`, () => {
  const all = commands();
  const docs = sections();

  it('finds the commands and sections it compares', () => {
    expect(all.map((c) => c.path)).toEqual(expect.arrayContaining(['run', 'monitors options', 'db compact']));
    expect(docs.filter((s) => s.command !== null).length).toBeGreaterThan(30);
  });

  for (const command of all) {
    // A group with no options of its own (key, queue, monitors, brands, db) is documented
    // through its subcommands.
    if (command.hasSubcommands && command.options.every((o) => GLOBAL_OPTIONS.has(o))) continue;
    it(`parallax ${command.path}: a section, naming each of its options`, () => {
      const section = docs.find((s) => s.command === command.path);
      expect(section, `no "### \`parallax ${command.path}\`" heading`).toBeDefined();
      const missing = command.options.filter(
        (o) => !GLOBAL_OPTIONS.has(o) && !OPTION_NAMED(o).test(section?.text ?? ''),
      );
      expect(missing, `options of parallax ${command.path} its section does not name`).toEqual([]);
    });
  }

  it('every section heading names a real command, and its tables only real options', () => {
    const problems: string[] = [];
    for (const section of docs.filter((s) => s.command !== null)) {
      const command = all.find((c) => c.path === section.command);
      if (!command) {
        problems.push(`"${section.heading}": no such command`);
        continue;
      }
      for (const option of section.tableOptions) {
        if (!command.options.includes(option) && !GLOBAL_OPTIONS.has(option))
          problems.push(`"${section.heading}": ${option} is not an option of parallax ${command.path}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
