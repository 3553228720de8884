import { NEUTRAL_PROFILE } from '../../../shared/profile';
import {
  AppError,
  ProfileFileError,
  profileInUseOfSettings,
  readProfileFile,
  writeProfileFile,
} from '../../platform';
import type { ProfileView } from '../../../shared/ipc/channels/profile';
import { listBuiltinProfiles } from '../../../shared/profile/builtin';
import type { HandlerContext, HandlerModule } from './types';

type Channels =
  'profile.get' | 'profile.save' | 'profile.reset' | 'profile.choose' | 'profile.import' | 'profile.export';

// Settings → Service profile: kept in the settings file (null = the neutral names). The
// connection manager rebuilds the client (and the sandbox) when it changes.

/**
 * A new profile gives the next runs a new client (and, in Sandbox mode, a sandbox serving it):
 * refused while a run is working, whose async tasks are with the service it started on.
 */
function refuseDuringRuns(ctx: HandlerContext): void {
  if (ctx.runs.hasActiveRuns()) {
    throw new AppError(
      'RUNS_ACTIVE',
      'A run is in progress: pause or finish it before changing the service profile.',
    );
  }
}

function view(ctx: HandlerContext): ProfileView {
  const inUse = profileInUseOfSettings(ctx.settings.get());
  return {
    profile: inUse.profile,
    isNeutral: inUse.builtin === 'spec',
    builtin: inUse.builtin,
    preview: inUse.preview,
    detected: inUse.detected === true,
    builtins: listBuiltinProfiles().map((b) => ({
      id: b.id,
      name: b.profile.name,
      description: b.description,
      preview: b.preview,
    })),
    savedName: ctx.settings.get().serviceProfile?.name ?? null,
  };
}

export const profileHandlers: HandlerModule<Channels> = (ctx) => ({
  'profile.get': () => view(ctx),

  'profile.save': ({ profile }) => {
    refuseDuringRuns(ctx);
    const same = JSON.stringify(profile) === JSON.stringify(NEUTRAL_PROFILE);
    // A profile saved from the form replaces a built-in chosen by name.
    ctx.settings.update({ serviceProfile: same ? null : profile, serviceProfileBuiltin: null });
    return view(ctx);
  },

  'profile.reset': () => {
    refuseDuringRuns(ctx);
    ctx.settings.update({ serviceProfile: null, serviceProfileBuiltin: null });
    return view(ctx);
  },

  'profile.choose': ({ choice }) => {
    refuseDuringRuns(ctx);
    if (choice === 'saved' && ctx.settings.get().serviceProfile === null)
      throw new AppError(
        'NO_SAVED_PROFILE',
        'No service profile is saved: import one or edit the form, then Save profile.',
      );
    // A built-in chosen by name wins over the saved profile, which stays to be chosen again.
    ctx.settings.update({ serviceProfileBuiltin: choice === 'saved' ? null : choice });
    return view(ctx);
  },

  'profile.import': async () => {
    const path = await ctx.chooseOpenFile({ title: 'Import service profile', extensions: ['json'] });
    if (path === null) return { path: null, profile: null, errors: [] };
    try {
      return { path, profile: readProfileFile(path), errors: [] };
    } catch (err) {
      if (err instanceof ProfileFileError) return { path, profile: null, errors: err.errors };
      throw err;
    }
  },

  'profile.export': async ({ profile }) => {
    const slug =
      profile.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'profile';
    const path = await ctx.chooseSavePath({
      title: 'Export service profile',
      defaultName: `${slug}.profile.json`,
      extensions: ['json'],
    });
    if (path === null) return { path: null, bytes: 0 };
    return { path, bytes: writeProfileFile(path, profile) };
  },
});
