import type { Command } from 'commander';
import { topDomains } from '../../../core/outputs';
import type { ResultView } from '../../../shared/ipc/channels/runs';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax compare RUN`: per prompt and engine, each country side by side: an answer
// excerpt, the top source domains and the brands/entities the answer names.

export const registerCompareCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('compare')
    .description('Compare a run across countries: answer excerpt, top sources, brand mentions')
    .argument('<run>', 'run id')
    .option('--repeat <n>', 'which repeat to show', '1')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (runId: string, flags: { repeat: string; db?: string }) => {
      const repeat = Number(flags.repeat);
      if (!Number.isInteger(repeat) || repeat < 1)
        throw new CliUsageError('--repeat must be a positive whole number');
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const run = core.store.getRun(runId);
        if (!run) throw new CliUsageError(`No run with id ${runId}`);
        const cells = core.store.getRunMatrix(runId).filter((c) => c.repeat === repeat && c.resultId);
        const results = new Map<string, ResultView>(
          core.store.getResults(cells.map((c) => c.resultId as string)).map((r) => [r.resultId, r]),
        );
        const rows = cells.map((c) => {
          const r = results.get(c.resultId as string);
          return {
            prompt: run.prompts[c.promptIndex] ?? '',
            engine: c.engine,
            engineLabel: core.labelOf(c.engine),
            location: c.state ? `US-${c.state}` : c.country,
            excerpt: clip(r?.normalized.text ?? '', 240),
            topSources: r
              ? topDomains(
                  r.normalized.sources.map((s) => s.domain),
                  5,
                )
              : [],
            brands: r ? [...new Set(r.normalized.entities.map((e) => e.name))].slice(0, 10) : [],
          };
        });
        if (ctx.json) return writeJson(ctx, { runId, repeat, synthetic: run.sandbox, rows });
        let last = '';
        for (const row of rows) {
          const head = `${row.prompt} · ${row.engineLabel}`;
          if (head !== last) {
            writeLine(ctx.stdout, `\n== ${head}`);
            last = head;
          }
          writeLine(ctx.stdout, `[${row.location}] ${row.excerpt}`);
          writeLine(ctx.stdout, `    sources: ${row.topSources.join(', ') || '-'}`);
          writeLine(ctx.stdout, `    brands:  ${row.brands.join(', ') || '-'}`);
        }
      });
    });
};
