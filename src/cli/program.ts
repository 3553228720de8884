import { Command, CommanderError } from 'commander';
import { commandModules } from './commands/index';
import { CliExit, CliUsageError, EXIT_OK, EXIT_USAGE, writeLine, type CliContext } from './context';

const VERSION = '0.1.0';

/** Builds the `parallax` program; no Electron, no side effects until parse. */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('parallax')
    .description('Parallax: monitor AI answers across engines and countries (headless CLI).')
    .version(VERSION)
    .option('--json', 'machine-readable JSON output')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
  program.hook('preAction', (root) => {
    ctx.json = Boolean(root.opts<{ json?: boolean }>().json);
  });
  for (const register of commandModules) register(program, ctx);
  return program;
}

/** Runs the CLI and resolves to its exit code instead of exiting, so tests can call it. */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (err) {
    if (err instanceof CliExit) return err.code;
    if (err instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors were already printed.
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (err instanceof CliUsageError) {
      writeLine(ctx.stderr, `parallax: ${err.message}`);
      return EXIT_USAGE;
    }
    const message = err instanceof Error ? err.message : String(err);
    writeLine(ctx.stderr, `parallax: ${message}`);
    return EXIT_USAGE;
  }
}
