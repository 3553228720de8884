import type { Command } from 'commander';
import { registerStub, StubInvoked, type ManifestModule } from './command-manifest';
import type { RegisterCommand } from './commands/register-command';
import type { CliContext } from './context';
import { createRootProgram, runProgram } from './root-program';

// The built CLI's program: every command of the manifest is listed, but only the module of the
// command being run is loaded (its dependencies with it); the others are stand-ins that give
// the root help, `help`, and unknown-command suggestions the same text as the full program.

/** Loads one command module's register function, by its import name in commands/index.ts. */
export type CommandLoaders = Readonly<Record<string, () => Promise<RegisterCommand>>>;

/**
 * The command word of argv: the first operand, skipping the root's options and their values
 * (`--profile FILE`); for `help NAME`, NAME. Undefined for `--help`, `--version` or nothing.
 */
export function commandWord(argv: readonly string[], root: Command): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return argv[i + 1];
    if (!arg.startsWith('-')) return arg === 'help' ? argv[i + 1] : arg;
    const option = root.options.find((o) => o.long === arg || o.short === arg);
    if (option && (option.required || option.optional)) i++;
  }
  return undefined;
}

/** Builds the program, loading the module of `word` (all modules when `loadAll`). */
async function buildProgramFor(
  argv: readonly string[],
  ctx: CliContext,
  manifest: readonly ManifestModule[],
  loaders: CommandLoaders,
  loadAll: boolean,
): Promise<Command> {
  const program = createRootProgram(ctx);
  const word = commandWord(argv, program);
  const wanted = (m: ManifestModule): boolean =>
    loadAll || m.commands.some((c) => c.name === word || c.aliases.includes(word ?? ''));
  const registers = await Promise.all(
    manifest.map((m) => (wanted(m) ? loadRegister(loaders, m.id) : Promise.resolve(null))),
  );
  manifest.forEach((m, i) => {
    const register = registers[i];
    if (register) register(program, ctx);
    else for (const stub of m.commands) registerStub(program, stub);
  });
  return program;
}

function loadRegister(loaders: CommandLoaders, id: string): Promise<RegisterCommand> {
  const load = loaders[id];
  if (!load) throw new Error(`the built CLI has no loader for ${id}: rebuild it (npm run build:cli)`);
  return load();
}

/**
 * Runs the built CLI. Should a stand-in ever run (argv named its command in a way commandWord
 * did not see), the whole program is built with every module and argv parsed again.
 */
export async function runLazyCli(
  argv: string[],
  ctx: CliContext,
  manifest: readonly ManifestModule[],
  loaders: CommandLoaders,
): Promise<number> {
  const lazy = await buildProgramFor(argv, ctx, manifest, loaders, false);
  try {
    return await runProgram(lazy, argv, ctx, { rethrow: (err) => err instanceof StubInvoked });
  } catch (err) {
    if (!(err instanceof StubInvoked)) throw err;
    return runProgram(await buildProgramFor(argv, ctx, manifest, loaders, true), argv, ctx);
  }
}
