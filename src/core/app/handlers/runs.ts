import { AppError } from '../../platform';
import type { HandlerModule } from './types';

type Channels =
  | 'runs.estimate'
  | 'runs.start'
  | 'runs.pause'
  | 'runs.resume'
  | 'runs.cancel'
  | 'runs.rerunInterrupted'
  | 'runs.progress'
  | 'runs.list'
  | 'runs.get'
  | 'runs.matrix'
  | 'runs.delete';

export const runsHandlers: HandlerModule<Channels> = (ctx) => {
  const budgetCap = (budget: number | null): number | null => budget ?? ctx.settings.get().budgetCap;
  const requireRun = (runId: string) => {
    const run = ctx.store.getRun(runId);
    if (!run) throw new AppError('RUN_NOT_FOUND', `No run ${runId} in the history`);
    return run;
  };
  return {
    'runs.estimate': async (spec) =>
      (await ctx.runs.engine()).estimate({ ...spec, budget: budgetCap(spec.budget) }),
    'runs.start': (spec) => ctx.runs.start({ ...spec, budget: budgetCap(spec.budget) }),
    'runs.pause': async ({ runId }) => (await ctx.runs.engine()).pause(runId),
    'runs.resume': async ({ runId }) => {
      const progress = await (await ctx.runs.engine()).resume(runId);
      ctx.runs.track(runId);
      return progress;
    },
    'runs.cancel': async ({ runId, clearQueue }) => (await ctx.runs.engine()).cancel(runId, { clearQueue }),
    'runs.rerunInterrupted': async ({ runId }) => {
      const progress = await (await ctx.runs.engine()).rerunInterrupted(runId);
      ctx.runs.track(runId);
      return progress;
    },
    'runs.progress': async ({ runId }) => {
      // Offline history must open without a connection: progress is only for live runs.
      try {
        return (await ctx.runs.engine()).progress(runId);
      } catch {
        return null;
      }
    },
    'runs.list': (filter) => ctx.store.listRuns(filter),
    'runs.get': ({ runId }) => requireRun(runId),
    'runs.matrix': ({ runId }) => {
      requireRun(runId);
      return ctx.store.getRunMatrix(runId);
    },
    'runs.delete': ({ runId }) => {
      if (ctx.runs.hasActiveRuns() && ctx.store.getRun(runId)?.status === 'running') {
        throw new AppError('RUN_ACTIVE', 'This run is in progress: cancel it before deleting it.');
      }
      return { deleted: ctx.store.deleteRun(runId) };
    },
  };
};
