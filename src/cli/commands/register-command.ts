import type { Command } from 'commander';
import type { CliContext } from '../context';

// The shape of a command module, on its own so the modules and the list of them in index.ts
// both import it without importing each other.

/** A CLI command module registers its subcommands on the root program. */
export type RegisterCommand = (program: Command, ctx: CliContext) => void;
