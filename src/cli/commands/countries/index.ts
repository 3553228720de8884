import type { Command } from 'commander';
import { ENGINE_NAMES, isEngineName } from '../../../shared/api/engines';
import { countriesModelValues, type ServiceProfile } from '../../../shared/profile';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { withCliCore, type CoreFlags } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax countries [--model NAME]`: the countries the service supports (GET /v1/countries).
// NAME is an engine (its `model` value comes from the service profile) or a model value the
// profile names, or `aioverview`.

/** The `model` query value for --model, read through the profile in use. */
export function countriesModelFor(profile: ServiceProfile, name: string): string {
  if (isEngineName(name)) {
    const model = profile.engines[name].countriesModel;
    if (model === null)
      throw new CliUsageError(`--model: ${name} has no countries filter in this service profile`);
    return model;
  }
  const values = [...countriesModelValues(profile), 'aioverview'];
  if (values.includes(name)) return name;
  throw new CliUsageError(
    `--model must be an engine (${ENGINE_NAMES.join(', ')}) or one of ${values.join(', ')}`,
  );
}

export const registerCountriesCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('countries')
    .description('List supported countries (GET /v1/countries), optionally for one engine')
    .option('--model <name>', `filter by engine (${ENGINE_NAMES.join(', ')}), its model value, or aioverview`)
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'ask the built-in sandbox')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: CoreFlags & { model?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const { client } = await core.online();
        const model = flags.model === undefined ? undefined : countriesModelFor(client.profile, flags.model);
        const { data } = await client.countries(model ? { model } : {});
        if (ctx.json) return writeJson(ctx, { model: model ?? null, countries: data });
        writeLine(ctx.stdout, data.join(' '));
        writeLine(ctx.stdout, `${data.length} countries`);
      });
    });
};
