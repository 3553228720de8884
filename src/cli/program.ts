import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { PROFILE_ENV, readProfileFile } from '../main/profile';
import { commandModules } from './commands/index';
import { CliExit, CliUsageError, EXIT_OK, EXIT_USAGE, writeLine, type CliContext } from './context';

const VERSION = '0.1.0';

/** Builds the `parallax` program; no Electron, no side effects until parse. */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('parallax')
    .description('Parallax: monitor AI answers across engines and countries (headless CLI).')
    .version(VERSION)
    .option('--json', 'machine-readable JSON output')
    .option('--profile <file>', 'service profile JSON: engine paths, taskType tokens, costs (see Settings)')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
  program.hook('preAction', (root) => {
    const { json, profile } = root.opts<{ json?: boolean; profile?: string }>();
    ctx.json = Boolean(json);
    if (profile !== undefined) useProfileFile(ctx, profile);
  });
  for (const register of commandModules) register(program, ctx);
  return program;
}

/**
 * --profile FILE: checked now (an invalid profile stops every command with its field errors,
 * exit 2), then handed to the command's core as PARALLAX_PROFILE, as if set in the environment.
 */
function useProfileFile(ctx: CliContext, file: string): void {
  const path = resolve(file);
  try {
    readProfileFile(path);
  } catch (err) {
    throw new CliUsageError(err instanceof Error ? err.message : String(err));
  }
  ctx.env = { ...ctx.env, [PROFILE_ENV]: path };
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
