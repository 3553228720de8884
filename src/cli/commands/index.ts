import type { Command } from 'commander';
import type { CliContext } from '../context';
import { registerKeyCommands } from './key';
import { registerSandboxCommand } from './sandbox';

/** A CLI command module registers its subcommands on the root program. */
export type RegisterCommand = (program: Command, ctx: CliContext) => void;

// Each feature adds its module here (one file per command family in this folder).
export const commandModules: RegisterCommand[] = [registerKeyCommands, registerSandboxCommand];
