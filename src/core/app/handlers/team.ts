import { existsSync } from 'node:fs';
import { AppError } from '../../platform';
import { createWorkspace, listWorkspaces, useWorkspace } from '../../team';
import type { HandlerModule } from './types';

type Channels =
  | 'team.status'
  | 'team.connect'
  | 'team.disconnect'
  | 'workspaces.list'
  | 'workspaces.create'
  | 'workspaces.use';

/** The history key naming the team a history belongs to (as `parallax team connect` records it). */
const TEAM_LINK_META = 'team.id';

export const teamHandlers: HandlerModule<Channels> = (ctx) => ({
  'team.status': () => ctx.team.status(),
  'team.connect': async ({ url, init }) => {
    const { teamId, ...status } = await ctx.team.connect(url, { init });
    ctx.store.setMeta(TEAM_LINK_META, teamId);
    return status;
  },
  'team.disconnect': () => ctx.team.disconnect(),
  'workspaces.list': ({ team }) => listWorkspaces(ctx.workspaces, { team }),
  'workspaces.create': async ({ name }) => {
    await createWorkspace(ctx.workspaces, name);
    return listWorkspaces(ctx.workspaces);
  },
  'workspaces.use': async ({ name }) => {
    if (ctx.runs.hasActiveRuns()) {
      throw new AppError(
        'RUNS_ACTIVE',
        'A run is in progress: pause or finish it before switching workspaces.',
      );
    }
    const before = ctx.workspaces.registry.current();
    const next = await useWorkspace(ctx.workspaces, name);
    if (next.slug !== before.slug) {
      try {
        // A workspace new on this desktop starts from the team's seed, when it has one.
        if (!existsSync(next.dbPath)) await ctx.sync.startFromSeed(next.dbPath, next.slug);
        await ctx.switchWorkspace(next.dbPath);
      } catch (error) {
        // The app stays on the history it has open; so does the setting.
        ctx.workspaces.registry.use(before.slug);
        throw error;
      }
    }
    return listWorkspaces(ctx.workspaces);
  },
});
