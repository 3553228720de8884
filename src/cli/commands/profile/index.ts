import type { Command } from 'commander';
import { ENGINE_NAMES } from '../../../shared/api/engines';
import {
  BUILTIN_NAMES_TEXT,
  builtinIdOfRef,
  ProfileFileError,
  profileInUseOfSettings,
  readProfileFile,
  type ProfileInUse,
  openSettingsStore,
} from '../../../core/platform';
import { listBuiltinProfiles } from '../../../shared/profile/builtin';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { formatTable } from '../../core';
import { profileJson, profileSentence } from '../../profile-text';
import type { RegisterCommand } from '../register-command';

// `parallax profile list|show|use`: the CLI twin of Settings → Service profile's picker. The
// profile chosen here is the one the app and every later command use (the global --profile
// still wins for one command).

/** The profile in use as the settings file says (the global --profile is not a choice). */
function inUseOf(ctx: CliContext): ProfileInUse {
  return profileInUseOfSettings(openSettingsStore({ env: ctx.env }).get());
}

function list(ctx: CliContext): void {
  const settings = openSettingsStore({ env: ctx.env }).get();
  const inUse = profileInUseOfSettings(settings);
  const saved = settings.serviceProfile;
  const rows = [
    ...listBuiltinProfiles().map((b) => ({
      choice: b.id,
      name: b.profile.name,
      preview: b.preview,
      inUse: inUse.builtin === b.id,
      description: b.description,
    })),
    ...(saved === null
      ? []
      : [
          {
            choice: 'saved',
            name: saved.name,
            preview: false,
            inUse: inUse.builtin === null,
            description: 'The profile saved in Settings (imported or edited).',
          },
        ]),
  ];
  if (ctx.json) return writeJson(ctx, { profiles: rows });
  writeLine(
    ctx.stdout,
    formatTable(
      ['', 'Name', 'Profile', 'What it is'],
      rows.map((r) => [
        r.inUse ? '*' : '',
        r.choice,
        r.name + (r.preview ? ' (preview)' : ''),
        r.description,
      ]),
    ),
  );
}

function show(ctx: CliContext): void {
  const inUse = inUseOf(ctx);
  const p = inUse.profile;
  if (ctx.json) return writeJson(ctx, { ...profileJson(inUse), profile: p });
  writeLine(ctx.stdout, profileSentence(inUse) ?? `Service profile: ${p.name}`);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Engine', 'Label', 'Path', 'taskType', 'Countries model', 'Base cost', 'Availability'],
      ENGINE_NAMES.map((e) => {
        const x = p.engines[e];
        return [e, x.label, x.path, x.taskType, x.countriesModel ?? '-', x.baseCost, x.availability];
      }),
    ),
  );
}

function use(ctx: CliContext, ref: string): void {
  const settings = openSettingsStore({ env: ctx.env });
  const builtin = builtinIdOfRef(ref);
  if (builtin !== null) settings.update({ serviceProfileBuiltin: builtin });
  else if (ref.trim().toLowerCase() === 'saved') {
    if (settings.get().serviceProfile === null)
      throw new CliUsageError('No service profile is saved: `parallax profile use FILE` saves one.');
    settings.update({ serviceProfileBuiltin: null });
  } else {
    try {
      // A file is saved as the Settings profile, as the app's Import then Save does.
      settings.update({ serviceProfile: readProfileFile(ref), serviceProfileBuiltin: null });
    } catch (err) {
      if (!(err instanceof ProfileFileError)) throw err;
      const missing = err.errors.some((e) => e.message.includes('no such file'));
      throw new CliUsageError(
        missing
          ? `${ref} is neither a built-in profile nor a file (${BUILTIN_NAMES_TEXT}, saved)`
          : err.message,
      );
    }
  }
  const inUse = profileInUseOfSettings(settings.get());
  if (ctx.json) return writeJson(ctx, profileJson(inUse));
  writeLine(ctx.stdout, profileSentence(inUse) ?? `Service profile: ${inUse.profile.name}`);
}

export const registerProfileCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const profile = program
    .command('profile')
    .description('The service profile in use (how the service names its engines): list, show, use');
  profile
    .command('list')
    .description('The built-in profiles and the one saved in Settings; * marks the one in use')
    .action(() => list(ctx));
  profile
    .command('show')
    .description('The profile in use: each engine’s label, path, taskType, countries model and cost')
    .action(() => show(ctx));
  profile
    .command('use <name|file>')
    .description(
      'Use a built-in profile (spec, live, preview), the saved one (saved), or save a profile file',
    )
    .action((ref: string) => use(ctx, ref));
};
