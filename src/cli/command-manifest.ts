import { Argument, Option, type Command } from 'commander';
import type { RegisterCommand } from './commands/register-command';
import type { CliContext } from './context';

// What the root help needs of every top-level command, recorded when the CLI is bundled
// (scripts/build-cli.mjs), so the built CLI can list every command while loading only the
// module of the command it runs: `parallax --help` then loads no command module at all.

/** One top-level command as the root help shows it. */
export interface CommandStub {
  name: string;
  aliases: string[];
  description: string;
  summary: string;
  /** As the help prints them: `<run>`, `[files...]`. */
  args: string[];
  hasOptions: boolean;
  hidden: boolean;
  helpGroup: string;
}

/** The commands one module of src/cli/commands/index.ts registers, named by its register function. */
export interface ManifestModule {
  id: string;
  commands: CommandStub[];
}

/** A command module's register function, named as src/cli/commands/index.ts imports it. */
export type NamedRegister = readonly [id: string, register: RegisterCommand];

function argTerm(arg: Argument): string {
  const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
  return arg.required ? `<${name}>` : `[${name}]`;
}

function describeCommand(root: Command, cmd: Command): CommandStub {
  return {
    name: cmd.name(),
    aliases: cmd.aliases(),
    description: cmd.description(),
    summary: cmd.summary(),
    args: cmd.registeredArguments.map(argTerm),
    hasOptions: cmd.options.length > 0,
    hidden: !root.createHelp().visibleCommands(root).includes(cmd),
    helpGroup: cmd.helpGroup(),
  };
}

/**
 * Registers each module of `modules` (commandModules, in order) on a root of its own and records
 * the top-level commands it added. `named` gives each register function its import name.
 */
export function describeCommandModules(
  root: () => Command,
  modules: readonly RegisterCommand[],
  named: readonly NamedRegister[],
  ctx: CliContext,
): ManifestModule[] {
  return modules.map((register) => {
    const id = named.find(([, fn]) => fn === register)?.[0];
    if (!id) throw new Error(`command module ${register.name} is not imported by name in commands/index.ts`);
    const program = root();
    register(program, ctx);
    return { id, commands: program.commands.map((cmd) => describeCommand(program, cmd)) };
  });
}

/** Thrown by a stand-in's action: the command word was not recognised before parsing. */
export class StubInvoked extends Error {
  override readonly name = 'StubInvoked';
}

/** Registers a stand-in that looks like `stub` in the root help and is never meant to run. */
export function registerStub(program: Command, stub: CommandStub): void {
  const cmd = program
    .command(stub.name, { hidden: stub.hidden })
    .aliases(stub.aliases)
    .description(stub.description)
    .summary(stub.summary)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new StubInvoked(stub.name);
    });
  if (stub.helpGroup) cmd.helpGroup(stub.helpGroup);
  for (const term of stub.args) cmd.addArgument(new Argument(term));
  if (stub.hasOptions) cmd.addOption(new Option('--parallax-stub').hideHelp());
}
