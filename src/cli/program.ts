import type { Command } from 'commander';
import { commandModules } from './commands/index';
import type { CliContext } from './context';
import { createRootProgram, runProgram } from './root-program';

/** Builds the `parallax` program with every command; no Electron, no side effects until parse. */
export function buildProgram(ctx: CliContext): Command {
  const program = createRootProgram(ctx);
  for (const register of commandModules) register(program, ctx);
  return program;
}

/** Runs the CLI and resolves to its exit code instead of exiting, so tests can call it. */
export async function runCli(argv: string[], ctx: CliContext): Promise<number> {
  return runProgram(buildProgram(ctx), argv, ctx);
}
