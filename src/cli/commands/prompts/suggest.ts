import type { Command } from 'commander';
import type { PromptSuggestion } from '../../../core/outcomes';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, formatTable, READS, withCliCore } from '../../core';
import { checkActionFlags, runAction, type ActionFlags } from './suggest-actions';

// `parallax prompts suggest`: prompts worth tracking, from Search Console's question-like
// queries, Bing's grounding queries and the engines' own fan-out queries in the history, the
// ones tracked already or dismissed left out; `--add ID` puts one in the library (under topics)
// or a monitor, `--dismiss ID` leaves one out from then on.

const SUGGEST_HELP = `
Sources: gsc (Search Console queries that read as questions; parallax outcomes import gsc),
bing (Bing's AI Performance grounding queries; parallax outcomes import bing), fanout (what the
engines searched while answering the prompts in this history). Near-duplicates are folded;
prompts in the library or a monitor, and dismissed suggestions, are left out. Impressions are
a proxy for how often people search, never a search volume.

JSON (--json): { suggestions: [{id, text, sources, variants, impressions, clicks, citations,
  answers, engines, score}], total, bySource: {gsc, bing, fanout}, dismissed, notes: [text] }
With --add: { added, target: library|monitor, monitor, topics, suggestion }
With --dismiss: { id, text, dismissed }   With --restore: { id, restored }`;

const SOURCES = ['gsc', 'bing', 'fanout'] as const;
type Source = (typeof SOURCES)[number];

const source = (value: string): Source => {
  const found = SOURCES.find((s) => s === value);
  if (!found) throw new CliUsageError(`--source is one of ${SOURCES.join(', ')}`);
  return found;
};
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

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
    `\n${list.length} of ${total} candidates. Add one: parallax prompts suggest --add ID [--topic NAME | --monitor NAME]; leave one out: --dismiss ID`,
  );
  for (const n of notes) writeLine(ctx.stdout, n);
}

export function registerSuggest(prompts: Command, ctx: CliContext): void {
  prompts
    .command('suggest')
    .description('Prompts worth tracking, from search and the engines\u2019 own queries; --add one')
    .option('--limit <n>', 'how many to show (default 25)', positive)
    .option('--days <n>', 'only queries of the last N days (default: all stored)', positive)
    .option('--source <source>', 'only suggestions from gsc, bing or fanout', source)
    .option('--add <id>', 'add this suggestion to the library (or, with --monitor, to a monitor)')
    .option('--topic <name>', 'with --add: file it under this topic in the library (repeatable)', collect)
    .option('--monitor <id-or-name>', 'with --add: the monitor to add it to')
    .option('--dismiss <id>', 'leave this suggestion out from now on')
    .option('--restore <id>', 'let a dismissed suggestion be suggested again')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', SUGGEST_HELP)
    .action(async (flags: ActionFlags & { limit?: number; days?: number; source?: Source; db?: string }) => {
      const acting = checkActionFlags(flags);
      const reads = acting ? {} : READS;
      await withCliCore(ctx, { ...reads, ...flags }, async (core) => {
        const service = await core.services.outcomes();
        if (acting) return runAction(ctx, service, flags);
        const view = service.suggestPrompts({
          ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
          ...(flags.days !== undefined ? { days: flags.days } : {}),
          ...(flags.source !== undefined ? { source: flags.source } : {}),
        });
        if (ctx.json) return writeJson(ctx, view);
        printSuggestions(ctx, view.suggestions, view.total, view.notes);
        if (view.dismissed > 0)
          writeLine(
            ctx.stdout,
            `${view.dismissed} dismissed suggestion(s) left out (--restore ID brings one back).`,
          );
      });
    });
}
