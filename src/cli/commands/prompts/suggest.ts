import type { Command } from 'commander';
import type { PromptSuggestion } from '../../../core/outcomes';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, formatTable, READS, withCliCore } from '../../core';

// `parallax prompts suggest`: prompts worth tracking, from Search Console's question-like
// queries, Bing's grounding queries and the engines' own fan-out queries in the history, the
// ones tracked already left out; `--add ID` puts one in the library or a monitor.

const SUGGEST_HELP = `
Sources: gsc (Search Console queries that read as questions; parallax outcomes import gsc),
bing (Bing's AI Performance grounding queries; parallax outcomes import bing), fanout (what the
engines searched while answering the prompts in this history). Near-duplicates are folded;
prompts in the library or a monitor are left out. Impressions are a proxy, never a volume.

JSON (--json): { suggestions: [{id, text, sources, variants, impressions, clicks, citations,
  answers, engines, score}], total, notes: [text] }
With --add: { added, target: library|monitor, monitor, suggestion }`;

const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new CliUsageError('--limit and --days must be whole numbers of 1 or more');
  return n;
};

const signal = (s: PromptSuggestion): string =>
  [
    s.impressions !== null ? `${s.impressions} impressions (proxy)` : null,
    s.citations !== null ? `${s.citations} citations` : null,
    s.answers !== null ? `${s.answers} answers` : null,
  ]
    .filter((x) => x !== null)
    .join(', ');

function printSuggestions(
  ctx: CliContext,
  list: readonly PromptSuggestion[],
  total: number,
  notes: readonly string[],
): void {
  if (list.length === 0)
    return writeLine(
      ctx.stdout,
      'No suggestions: import Search Console or Bing queries (parallax outcomes import gsc|bing FILE), or run prompts with search queries.',
    );
  writeLine(
    ctx.stdout,
    formatTable(
      ['Id', 'Prompt', 'From', 'Signal'],
      list.map((s) => [s.id, clip(s.text, 60), s.sources.join('+'), signal(s)]),
    ),
  );
  writeLine(
    ctx.stdout,
    `\n${list.length} of ${total} candidates. Add one: parallax prompts suggest --add ID [--monitor NAME]`,
  );
  for (const n of notes) writeLine(ctx.stdout, n);
}

export function registerSuggest(prompts: Command, ctx: CliContext): void {
  prompts
    .command('suggest')
    .description('Prompts worth tracking, from search and the engines\u2019 own queries; --add one')
    .option('--limit <n>', 'how many to show (default 25)', positive)
    .option('--days <n>', 'only queries of the last N days (default: all stored)', positive)
    .option('--add <id>', 'add this suggestion to the library (or, with --monitor, to a monitor)')
    .option('--monitor <id-or-name>', 'with --add: the monitor to add it to')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', SUGGEST_HELP)
    .action(async (flags: { limit?: number; days?: number; add?: string; monitor?: string; db?: string }) => {
      if (flags.monitor !== undefined && flags.add === undefined)
        throw new CliUsageError('--monitor goes with --add ID');
      const reads = flags.add === undefined ? READS : {};
      await withCliCore(ctx, { ...reads, ...flags }, async (core) => {
        const service = await core.services.outcomes();
        if (flags.add !== undefined) {
          const { OutcomesServiceError } = await import('../../lazy/outcomes-errors');
          const target =
            flags.monitor !== undefined ? { monitorId: flags.monitor } : { library: true as const };
          try {
            const out = service.addSuggestion(flags.add, target);
            if (ctx.json) return writeJson(ctx, out);
            const where = out.target === 'library' ? 'the library' : `monitor ${out.monitor}`;
            writeLine(
              ctx.stdout,
              `${out.added ? 'Added' : 'Already in'} ${where}: "${clip(out.suggestion.text, 60)}".`,
            );
            return;
          } catch (err) {
            if (err instanceof OutcomesServiceError) throw new CliUsageError(err.message);
            throw err;
          }
        }
        const view = service.suggestPrompts({
          ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
          ...(flags.days !== undefined ? { days: flags.days } : {}),
        });
        if (ctx.json) return writeJson(ctx, view);
        printSuggestions(ctx, view.suggestions, view.total, view.notes);
      });
    });
}
