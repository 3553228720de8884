import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  writeLine,
  type CliContext,
} from './context';

// The root `parallax` program and how a parse becomes an exit code, shared by the full program
// (program.ts: every command module) and the built CLI's lazy one (lazy-program.ts).

export const VERSION = '0.1.0';

/** The root `parallax` command with its global options, before any command is registered. */
export function createRootProgram(ctx: CliContext): Command {
  const program = new Command('parallax')
    .description('Parallax: monitor AI answers across engines and countries (headless CLI).')
    .version(VERSION)
    .option('--json', 'machine-readable JSON output')
    .option(
      '--profile <name|file>',
      'service profile: a built-in name (spec, live, preview) or a JSON file of engine paths, taskType tokens, costs',
    )
    .option(
      '--workspace <name>',
      'the client workspace whose history to use (default: the current one; --db wins)',
    )
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
  program.hook('preAction', async (root) => {
    const { json, profile, workspace } = root.opts<{
      json?: boolean;
      profile?: string;
      workspace?: string;
    }>();
    ctx.json = Boolean(json);
    if (profile !== undefined) await useProfile(ctx, profile);
    // Handed to the command's core as PARALLAX_WORKSPACE, as if set in the environment.
    if (workspace !== undefined) {
      if (workspace.trim() === '') throw new CliUsageError('--workspace needs a workspace name');
      ctx.env = { ...ctx.env, PARALLAX_WORKSPACE: workspace };
    }
  });
  return program;
}

/**
 * --profile NAME|FILE: a built-in name (spec, live, preview), else a file, checked now (an
 * invalid profile stops every command with its field errors, exit 2), then handed to the
 * command's core as PARALLAX_PROFILE (the name, or the file's absolute path), as if set in the
 * environment.
 */
async function useProfile(ctx: CliContext, ref: string): Promise<void> {
  // Loaded here: the profile schema (zod) is not needed by --help or commands without --profile.
  const { PROFILE_ENV, builtinIdOfRef, resolveProfileRef } = await import('./lazy/profile');
  const builtin = builtinIdOfRef(ref);
  const value = builtin ?? resolve(ref);
  try {
    resolveProfileRef(builtin ?? ref);
  } catch (err) {
    throw new CliUsageError(err instanceof Error ? err.message : String(err));
  }
  ctx.env = { ...ctx.env, [PROFILE_ENV]: value };
}

/**
 * Parses argv with a built program and turns its outcome into an exit code; errors `rethrow`
 * selects are thrown to the caller instead.
 */
export async function runProgram(
  program: Command,
  argv: string[],
  ctx: CliContext,
  opts: { rethrow?: (err: unknown) => boolean } = {},
): Promise<number> {
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (err) {
    if (opts.rethrow?.(err)) throw err;
    if (err instanceof CliExit) return err.code;
    if (err instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors were already printed.
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (err instanceof CliUsageError) {
      writeLine(ctx.stderr, `parallax: ${err.message}`);
      return EXIT_USAGE;
    }
    // Loaded here: it takes in the store (its error classes, and the store's modules with them),
    // which --version, --help and usage errors never need, so the entry does not import it.
    const { isEnvironmentFailure } = await import('./environment-failure');
    if (isEnvironmentFailure(err)) {
      // The history could not be written (full disk, a lock held too long, a read-only disk, an
      // I/O error): the command did not complete, through no fault of its input.
      writeLine(ctx.stderr, `parallax: ${(err as Error).message}`);
      return EXIT_JOBS_FAILED;
    }
    const message = err instanceof Error ? err.message : String(err);
    writeLine(ctx.stderr, `parallax: ${message}`);
    return EXIT_USAGE;
  }
}
