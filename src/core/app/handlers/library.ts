import { AppError } from '../../platform';
import { buildBrandMatrix } from '../../analysis';
import type { HandlerModule } from './types';

type Channels =
  | 'prompts.list'
  | 'prompts.save'
  | 'prompts.delete'
  | 'promptSets.list'
  | 'promptSets.save'
  | 'promptSets.delete'
  | 'brands.list'
  | 'brands.save'
  | 'brands.delete'
  | 'brands.matrix'
  | 'monitors.list'
  | 'monitors.save'
  | 'monitors.delete'
  | 'monitors.runNow';

export const libraryHandlers: HandlerModule<Channels> = (ctx) => ({
  'prompts.list': (filter) => ctx.store.listPrompts(filter),
  'prompts.save': (input) => ctx.store.savePrompt(input),
  'prompts.delete': ({ id }) => ({ deleted: ctx.store.deletePrompt(id) }),
  'promptSets.list': () => ctx.store.listPromptSets(),
  'promptSets.save': (input) => ctx.store.savePromptSet(input),
  'promptSets.delete': ({ id }) => ({ deleted: ctx.store.deletePromptSet(id) }),
  'brands.list': () => ctx.store.listBrands(),
  // Saving or deleting a brand re-analyses stored history in the store: views reload.
  'brands.save': (input) => {
    const brand = ctx.store.saveBrand(input);
    ctx.events.emit('visibility.changed', { reason: 'brands' });
    return brand;
  },
  'brands.delete': ({ id }) => {
    const deleted = ctx.store.deleteBrand(id);
    if (deleted) ctx.events.emit('visibility.changed', { reason: 'brands' });
    return { deleted };
  },
  'brands.matrix': ({ runId }) => {
    if (!ctx.store.getRun(runId)) throw new AppError('RUN_NOT_FOUND', `No run ${runId} in the history`);
    const resultIds = ctx.store
      .getRunMatrix(runId)
      .map((cell) => cell.resultId)
      .filter((id): id is string => id !== null);
    return buildBrandMatrix(ctx.store.listBrands(), ctx.store.getResults(resultIds));
  },
  'monitors.list': () => ctx.monitors.list(),
  'monitors.save': (input) => ctx.monitors.add(input),
  'monitors.delete': ({ id }) => ({ deleted: ctx.store.deleteMonitor(id) }),
  'monitors.runNow': async ({ id }) => {
    const outcome = await ctx.monitors.runNow(id);
    if (!outcome.runId)
      throw new AppError('MONITOR_NOT_STARTED', outcome.error ?? `Monitor ${outcome.name} did not start`);
    return { runId: outcome.runId };
  },
});
