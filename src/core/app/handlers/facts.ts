import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { AppError } from '../../platform';
import type { HandlerModule } from './types';

// Brand facts in the Brands view: a sheet imported through the open dialog, the figures, and
// the check with the analyst's model judge (estimate, start, cancel: core/positioning's driver);
// in Compare, each answer's verdicts.
// After a sheet or the brands change the history is re-checked in the background, a batch at a
// time between other work (a 90-day history holds hundreds of thousands of answers: checked in
// one go it would hold main for a minute); the view reads the figures as they stand and reloads
// when the re-check ends ('visibility.changed').

type Channels =
  | 'facts.figures'
  | 'facts.importSheet'
  | 'facts.results'
  | 'facts.modelCheck.estimate'
  | 'facts.modelCheck.start'
  | 'facts.modelCheck.cancel'
  | 'facts.modelCheck.status';

const DAY_MS = 86_400_000;
/** Answers re-checked per turn of the event loop. */
const RECHECK_BATCH = 500;

/** The re-check under way per open history: one at a time each, a workspace switch starts its own. */
const rechecks = new WeakMap<object, Promise<void>>();

/** Runs the due re-check to its end, one batch per turn, once at a time; says so when it changed anything. */
function recheckInBackground(ctx: Parameters<typeof factsHandlers>[0]): void {
  const store = ctx.store;
  if (rechecks.has(store) || store.readonly) return;
  const recheck = (async () => {
    let checked = 0;
    for (
      let step = store.recheckFacts(RECHECK_BATCH);
      step !== null;
      step = store.recheckFacts(RECHECK_BATCH)
    ) {
      checked = step.done;
      if (step.finished) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (checked > 0) ctx.events.emit('visibility.changed', { reason: 'brands' });
  })()
    .catch(() => undefined)
    .finally(() => {
      rechecks.delete(store);
    });
  rechecks.set(store, recheck);
}
/** Far above any fact sheet: a bigger file is not one. */
const MAX_SHEET_BYTES = 2 * 1024 * 1024;

export const factsHandlers: HandlerModule<Channels> = (ctx) => ({
  'facts.figures': async ({ days, by }) => {
    const service = await ctx.facts();
    recheckInBackground(ctx);
    return service.figures({ sinceMs: ctx.now() - days * DAY_MS, by: by ?? null });
  },
  'facts.results': async ({ resultIds }) => (await ctx.facts()).ofResults(resultIds),
  'facts.importSheet': async ({ brandId }) => {
    const service = await ctx.facts();
    const brand = service.sheet(brandId).brand;
    const path = await ctx.chooseOpenFile({
      title: `Import ${brand}'s fact sheet`,
      extensions: ['yaml', 'yml', 'csv'],
    });
    if (path === null) return { path: null, brand, facts: 0, errors: [] };
    if (statSync(path).size > MAX_SHEET_BYTES)
      throw new AppError('VALIDATION', `${path} is over 2 MB: a fact sheet is a short YAML or CSV file`);
    const format = extname(path).toLowerCase() === '.csv' ? 'csv' : 'yaml';
    const result = service.setSheet(brandId, readFileSync(path, 'utf8'), format);
    if (result.version !== null) recheckInBackground(ctx);
    return { path, brand, facts: result.facts.length, errors: result.errors };
  },
  'facts.modelCheck.estimate': ({ days }) => ctx.factsCheck.estimate(days),
  'facts.modelCheck.start': ({ days }) => ctx.factsCheck.start(days),
  'facts.modelCheck.cancel': () => ctx.factsCheck.cancel(),
  'facts.modelCheck.status': () => ctx.factsCheck.status(),
});
