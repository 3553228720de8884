import type { Command } from 'commander';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../context';
import { clip, formatTable, withCliCore } from '../core';
import type { RegisterCommand } from './index';

// `parallax show RUN`: one run with every job's state, excerpt and error.

export const registerShowCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('show')
    .description('Show one run: its settings and every job with its answer excerpt or error')
    .argument('<run>', 'run id')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (runId: string, flags: { db?: string }) => {
      await withCliCore(ctx.env, flags, async (core) => {
        const run = core.store.getRun(runId);
        if (!run) throw new CliUsageError(`No run with id ${runId}`);
        const cells = core.store.getRunMatrix(runId);
        // Each answer's result id names it for `parallax page` and `compare`; its pages say
        // whether they were archived (and why not).
        const pages = core.store.pageArchiveStatus(cells.flatMap((c) => (c.resultId ? [c.resultId] : [])));
        if (ctx.json)
          return writeJson(ctx, {
            run,
            jobs: cells.map((c) => ({ ...c, pages: c.resultId ? (pages.get(c.resultId) ?? []) : [] })),
          });
        writeLine(
          ctx.stdout,
          `Run ${run.id}${run.name ? ` "${run.name}"` : ''}: ${run.status}${run.sandbox ? ' (sandbox, synthetic data)' : ''}`,
        );
        writeLine(ctx.stdout, `Mode ${run.mode}, engines ${run.engines.join(', ')}, repeats ${run.repeats}`);
        writeLine(
          ctx.stdout,
          `Jobs ${run.total}: ${Object.entries(run.counts)
            .filter(([, n]) => n > 0)
            .map(([k, n]) => `${n} ${k}`)
            .join(', ')}`,
        );
        writeLine(ctx.stdout, `Credits charged ${run.creditsCharged} of at most ${run.maxCredits}`);
        writeLine(ctx.stdout);
        writeLine(
          ctx.stdout,
          formatTable(
            ['#', 'Prompt', 'Engine', 'Location', 'Rep', 'State', 'Sources', 'Answer / error'],
            cells.map((c) => [
              c.promptIndex + 1,
              clip(run.prompts[c.promptIndex] ?? '', 30),
              c.engine,
              c.state ? `US-${c.state}` : c.country,
              c.repeat,
              c.jobState,
              c.sourceCount,
              c.error
                ? clip(`${c.error.code ?? ''} ${c.error.message} (request ${c.error.requestId ?? 'n/a'})`, 70)
                : clip(c.excerpt ?? '', 70),
            ]),
          ),
        );
        const archived = [...pages.values()].flat();
        if (archived.length > 0) {
          const count = (state: string): number => archived.filter((p) => p.state === state).length;
          writeLine(ctx.stdout);
          writeLine(
            ctx.stdout,
            `Pages: ${count('archived')} archived, ${count('pending')} pending, ${count('failed')} not archived` +
              ' (`parallax page RESULT_ID`; result ids with --json)',
          );
        }
      });
    });
};
