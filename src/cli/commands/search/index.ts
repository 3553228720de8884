import type { Command } from 'commander';
import { isEngineName } from '../../../shared/api/engines';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';
import { matchCount } from '../../../shared/match-count';

// `parallax search TEXT`: full-text search over every stored answer and source title.

export const registerSearchCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('search')
    .description('Search every stored answer and source (full text, offline)')
    .argument('<text>', 'what to look for')
    .option('--engine <name>', 'only this engine')
    .option('--country <code>', 'only this country')
    .option('--run <id>', 'only this run')
    .option('--limit <n>', 'how many hits', '20')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(
      async (
        text: string,
        flags: { engine?: string; country?: string; run?: string; limit: string; db?: string },
      ) => {
        if (flags.engine && !isEngineName(flags.engine))
          throw new CliUsageError(`--engine ${flags.engine}: unknown engine`);
        const limit = Number(flags.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 200)
          throw new CliUsageError('--limit must be 1 to 200');
        await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
          const { hits, total, totalCapped } = core.store.search({
            query: text,
            engine: flags.engine && isEngineName(flags.engine) ? flags.engine : undefined,
            country: flags.country?.toUpperCase(),
            runId: flags.run,
            limit,
          });
          if (ctx.json)
            return writeJson(ctx, {
              hits: hits.map((h) => ({ ...h, engineLabel: core.labelOf(h.engine) })),
              total,
              totalCapped,
            });
          if (hits.length === 0) return writeLine(ctx.stdout, 'No matches.');
          for (const h of hits) {
            // Highlights arrive as \u0002…\u0003 markers: shown as [[…]] on a terminal.
            const snippet = h.snippet.split('\u0002').join('[[').split('\u0003').join(']]');
            writeLine(
              ctx.stdout,
              `${h.runId}  ${core.labelOf(h.engine)}  ${h.state ? `US-${h.state}` : h.country}  "${clip(h.prompt, 40)}"`,
            );
            writeLine(ctx.stdout, `    ${clip(snippet, 160)}`);
          }
          writeLine(ctx.stdout, matchCount(total, totalCapped));
        });
      },
    );
};
