import type { Command } from 'commander';
import { isCountryModel, COUNTRY_MODEL_VALUES } from '../../shared/api/countries';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../context';
import { withCliCore, type CoreFlags } from '../core';
import type { RegisterCommand } from './index';

// `parallax countries [--model NAME]`: the countries the service supports (GET /v1/countries).

export const registerCountriesCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('countries')
    .description('List supported countries (GET /v1/countries), optionally for one engine')
    .option('--model <name>', `filter by engine: ${COUNTRY_MODEL_VALUES.join(', ')}`)
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'ask the built-in sandbox')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: CoreFlags & { model?: string }) => {
      if (flags.model !== undefined && !isCountryModel(flags.model)) {
        throw new CliUsageError(`--model must be one of ${COUNTRY_MODEL_VALUES.join(', ')}`);
      }
      await withCliCore(ctx.env, flags, async (core) => {
        const { client } = await core.online();
        const { data } = await client.countries(flags.model ? { model: flags.model } : {});
        if (ctx.json) return writeJson(ctx, { model: flags.model ?? null, countries: data });
        writeLine(ctx.stdout, data.join(' '));
        writeLine(ctx.stdout, `${data.length} countries`);
      });
    });
};
