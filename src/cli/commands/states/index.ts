import type { Command } from 'commander';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { withCliCore, type CoreFlags } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax states --country US`: states usable for state-level targeting (GET /v1/states).

export const registerStatesCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('states')
    .description('List US states usable for state-level targeting (GET /v1/states)')
    .requiredOption('--country <code>', 'country code (only US has states)')
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'ask the built-in sandbox')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: CoreFlags & { country: string }) => {
      const country = flags.country.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(country))
        throw new CliUsageError(`--country must be a two-letter code, got "${flags.country}"`);
      await withCliCore(ctx, flags, async (core) => {
        const { client } = await core.online();
        const { data } = await client.states(country);
        if (ctx.json) return writeJson(ctx, { country, states: data });
        if (data.length === 0) return writeLine(ctx.stdout, `No state-level targeting for ${country}.`);
        for (const s of data) writeLine(ctx.stdout, `${s.code}  ${s.name}`);
      });
    });
};
