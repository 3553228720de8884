import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { AppError } from '../../platform';
import type { HandlerModule } from './types';

// Brand facts in the Brands view: a sheet imported through the open dialog, and the figures,
// read after the history is re-checked against the sheets in use (as `parallax facts` does).

type Channels = 'facts.figures' | 'facts.importSheet';

const DAY_MS = 86_400_000;
/** Far above any fact sheet: a bigger file is not one. */
const MAX_SHEET_BYTES = 2 * 1024 * 1024;

export const factsHandlers: HandlerModule<Channels> = (ctx) => ({
  'facts.figures': async ({ days, by }) => {
    const service = await ctx.facts();
    service.recheck();
    return service.figures({ sinceMs: ctx.now() - days * DAY_MS, by: by ?? null });
  },
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
    if (result.version !== null) ctx.events.emit('visibility.changed', { reason: 'brands' });
    return { path, brand, facts: result.facts.length, errors: result.errors };
  },
});
