import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { importPromptTopics } from '../../history';
import { AppError } from '../../platform';
import { parsePromptTopicsCsv, promptTopicsToCsv } from '../../../shared/library/prompt-topics-csv';
import type { HandlerModule } from './types';

type Channels = 'prompts.importCsv' | 'prompts.exportCsv';

// The Library's "Import CSV…" and "Export CSV…": the prompts and their topics in the file
// `parallax prompts import|export` read and write (a prompt column, a topic column), through
// the app's open and save dialogs. A bad row is named with its line and skipped.

/** Larger than any prompt library; a file past it is not a prompts CSV. */
const MAX_CSV_BYTES = 20 * 1024 * 1024;

function readCsv(path: string): string {
  const size = statSync(path).size;
  if (size > MAX_CSV_BYTES)
    throw new AppError(
      'VALIDATION',
      `${path} is ${Math.round(size / 1048576)} MB: a prompts CSV is at most 20 MB`,
    );
  return readFileSync(path, 'utf8');
}

export const promptsCsvHandlers: HandlerModule<Channels> = (ctx) => ({
  'prompts.importCsv': async ({ replaceTopics }) => {
    const path = await ctx.chooseOpenFile({ title: 'Import prompts and topics', extensions: ['csv'] });
    if (path === null) return { path: null, created: 0, updated: 0, unchanged: 0, errors: [] };
    const csv = parsePromptTopicsCsv(readCsv(path));
    if (csv.fatal !== null) throw new AppError('VALIDATION', `${path}: ${csv.fatal}`);
    return { path, ...importPromptTopics(ctx.store, csv, replaceTopics) };
  },
  'prompts.exportCsv': async ({ topic }) => {
    const list = ctx.store.listPrompts(topic !== undefined ? { tag: topic } : {});
    const path = await ctx.chooseSavePath({
      title: 'Export prompts and topics',
      defaultName: 'prompts.csv',
      extensions: ['csv'],
    });
    if (path === null) return { path: null, prompts: 0 };
    writeFileSync(path, `${promptTopicsToCsv(list)}\n`);
    return { path, prompts: list.length };
  },
});
