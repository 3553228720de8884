import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { describeCommandModules, type NamedRegister } from '../../../src/cli/command-manifest';
import type { RegisterCommand } from '../../../src/cli/commands/register-command';
import type { CliContext } from '../../../src/cli/context';
import { commandWord, runLazyCli, type CommandLoaders } from '../../../src/cli/lazy-program';
import { createRootProgram } from '../../../src/cli/root-program';

// The built CLI's program loads only the module of the command it runs; the others are
// stand-ins built from the manifest, indistinguishable in the root help.

function context(): { ctx: CliContext; out: () => string } {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { ctx: { stdout: sink, stderr: sink, stdin: process.stdin, env: {}, json: false }, out: () => text };
}

const registerGreet: RegisterCommand = (program, ctx) => {
  program
    .command('greet')
    .description('Say hello')
    .argument('<name>', 'who')
    .option('--loud', 'in capitals')
    .action((name: string, flags: { loud?: boolean }) => {
      ctx.stdout.write(`${flags.loud ? 'HELLO' : 'hello'} ${name}${ctx.json ? ' (json)' : ''}\n`);
    });
};
const registerTools: RegisterCommand = (program, ctx) => {
  const tools = program.command('tools').alias('t').description('Tool commands');
  tools.command('list').action(() => {
    ctx.stdout.write('listed\n');
  });
  program.command('secret', { hidden: true }).action(() => {
    ctx.stdout.write('hidden ran\n');
  });
};
const named: NamedRegister[] = [
  ['registerGreet', registerGreet],
  ['registerTools', registerTools],
];

/** The manifest of the two modules, and loaders that count what they load. */
function lazyParts(): {
  manifest: ReturnType<typeof describeCommandModules>;
  loaders: CommandLoaders;
  loaded: string[];
} {
  const { ctx } = context();
  const manifest = describeCommandModules(
    () => createRootProgram(ctx),
    [registerGreet, registerTools],
    named,
    ctx,
  );
  const loaded: string[] = [];
  const loaders = Object.fromEntries(
    named.map(([id, fn]) => [
      id,
      async () => {
        loaded.push(id);
        return fn;
      },
    ]),
  );
  return { manifest, loaders, loaded };
}

async function fullHelp(): Promise<string> {
  const { ctx, out } = context();
  const program: Command = createRootProgram(ctx);
  registerGreet(program, ctx);
  registerTools(program, ctx);
  program.outputHelp();
  return out();
}

describe('commandWord', () => {
  const root = createRootProgram(context().ctx);
  it.each([
    [['greet', 'x'], 'greet'],
    [['--json', 'greet', 'x'], 'greet'],
    [['--profile', 'p.json', 'greet'], 'greet'],
    [['--profile=p.json', 'greet'], 'greet'],
    [['help', 'tools'], 'tools'],
    [['--', 'greet'], 'greet'],
    [['--help'], undefined],
    [[], undefined],
  ])('%j names %s', (argv, word) => {
    expect(commandWord(argv, root)).toBe(word);
  });
});

describe('runLazyCli', () => {
  it('prints the full root help, hidden commands included as hidden, loading no module', async () => {
    const { manifest, loaders, loaded } = lazyParts();
    const { ctx, out } = context();
    expect(await runLazyCli(['--help'], ctx, manifest, loaders)).toBe(0);
    expect(out()).toBe(await fullHelp());
    expect(out()).not.toContain('secret');
    expect(loaded).toEqual([]);
  });

  it("loads only the module of the command it runs, the root's flags applied", async () => {
    const { manifest, loaders, loaded } = lazyParts();
    const { ctx, out } = context();
    expect(await runLazyCli(['--json', 'greet', 'ada', '--loud'], ctx, manifest, loaders)).toBe(0);
    expect(out()).toBe('HELLO ada (json)\n');
    expect(loaded).toEqual(['registerGreet']);
  });

  it('finds a command by its alias, subcommands included', async () => {
    const { manifest, loaders, loaded } = lazyParts();
    const { ctx, out } = context();
    expect(await runLazyCli(['t', 'list'], ctx, manifest, loaders)).toBe(0);
    expect(out()).toBe('listed\n');
    expect(loaded).toEqual(['registerTools']);
  });

  it('refuses a register function that commands/index.ts does not import by name', () => {
    const { ctx } = context();
    const stray: RegisterCommand = () => undefined;
    expect(() => describeCommandModules(() => createRootProgram(ctx), [stray], named, ctx)).toThrow(
      /not imported by name/,
    );
  });
});
