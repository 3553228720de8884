import { resolve } from 'node:path';
import type { Command } from 'commander';
import { writeWhole } from '../../../core/outputs';
import type { ArchivedPage, HistoryStore } from '../../../core/history';
import {
  CliExit,
  CliUsageError,
  EXIT_JOBS_FAILED,
  writeJson,
  writeLine,
  type CliContext,
} from '../../context';
import { READS, withCliCore, type CliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax page RESULT_ID`: the archived copy of a result's page (downloaded at ingest while
// its link was valid, scripts removed, with a CSP meta so it loads nothing when opened).

const HELP = `
Result ids: \`parallax show RUN --json\` (jobs[].resultId) or \`parallax search --json\`.
A page still pending (a run cut off before its pages were fetched) is fetched first, while its
link is valid (24 h after the answer). A page that could not be archived says why (expired,
too large, timeout, not HTML…) and exits 1.

JSON (--json): {resultId, index, pageCount, url, state, reasonCode, reason, archivedAt,
  pageBytes, storedBytes, out (the file written, or null), html (when no --out and archived)}
`;

interface PageFlags {
  out?: string;
  page: string;
  db?: string;
}

function parseIndex(text: string): number {
  const page = Number(text);
  if (!Number.isInteger(page) || page < 1) throw new CliUsageError(`--page must be 1 or more, got "${text}"`);
  return page - 1;
}

/** The page, fetched now first if it is still pending. */
async function readPage(core: CliCore, resultId: string, index: number): Promise<ArchivedPage> {
  const page = core.store.getArchivedPage(resultId, index);
  if (!page) throw new CliUsageError(noPageMessage(core.store, resultId, index));
  if (page.state !== 'pending') return page;
  // Its first try now; a page waiting for a later retry stays pending (said by the caller).
  await core.archive.settled();
  return core.store.getArchivedPage(resultId, index) ?? page;
}

function noPageMessage(store: HistoryStore, resultId: string, index: number): string {
  const result = store.getResult(resultId);
  if (!result) return `No result with id ${resultId} (see \`parallax show RUN --json\`)`;
  const count = result.normalized.htmlUrls.length;
  if (count === 0) return `Result ${resultId} has no stored page: its run did not ask for include.html`;
  return `Result ${resultId} has ${count} page${count === 1 ? '' : 's'}; --page ${index + 1} is not one of them`;
}

export const registerPageCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('page')
    .description('Write the archived copy of a result\u2019s page (scripts removed; opens offline)')
    .argument('<result>', 'result id')
    .option('--out <file>', 'write the page to this file (default: stdout)')
    .option('--page <n>', 'which page (search results have one per page)', '1')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (resultId: string, flags: PageFlags) => {
      const index = parseIndex(flags.page);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const page = await readPage(core, resultId, index);
        const pageCount = core.store.getResult(resultId)?.normalized.htmlUrls.length ?? 0;
        const out = page.html !== null && flags.out ? resolve(flags.out) : null;
        if (out && page.html !== null) await writeWhole(out, Buffer.from(page.html, 'utf8'));
        const { html, resultId: _id, index: _index, ...status } = page;
        if (ctx.json) {
          writeJson(ctx, { resultId, index, pageCount, ...status, out, html: out ? null : html });
        } else if (html === null && page.state === 'pending') {
          ctx.stderr.write(
            `Page ${index + 1} of result ${resultId} is not archived yet (${page.reason ?? 'not tried yet'}); the next parallax command or the app tries again until its link expires.\n`,
          );
        } else if (html === null) {
          ctx.stderr.write(
            `Page ${index + 1} of result ${resultId} was not archived: ${page.reason ?? page.state}\n`,
          );
        } else if (out) {
          writeLine(
            ctx.stdout,
            `Wrote ${out} (${Buffer.byteLength(html)} bytes; archived copy of ${page.url})`,
          );
        } else {
          ctx.stdout.write(html);
        }
        if (html === null) throw new CliExit(EXIT_JOBS_FAILED);
      });
    });
};
