import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { SavedPromptView } from '../../../shared/ipc/channels/library';
import { parsePromptTopicsCsv, promptTopicsToCsv } from '../../../shared/library/prompt-topics-csv';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { clip, formatTable, READS, withCliCore } from '../../core';
import type { RegisterCommand } from '../register-command';
import { importPromptTopics } from '../../../core/history';
import { requirePrompt, saveWithTopics, type SaveAction } from './library-topics';
import { registerSuggest } from './suggest';

// `parallax prompts`: the prompt library and its topics (the prompts' tags), as the app's
// Library view keeps them; `parallax visibility --by topic` groups the answers by them.

const collect = (value: string, previous: string[]): string[] => [...previous, value];
const DB = ['--db <path>', 'history file (default: the app\u2019s)'] as const;

const promptJson = (p: SavedPromptView) => ({
  id: p.id,
  text: p.text,
  topics: p.tags,
  createdAt: p.createdAt,
});

function printList(ctx: CliContext, prompts: readonly SavedPromptView[]): void {
  if (prompts.length === 0)
    return writeLine(
      ctx.stdout,
      'No prompts in the library: add one with `parallax prompts add TEXT --topic NAME`.',
    );
  writeLine(
    ctx.stdout,
    formatTable(
      ['Prompt', 'Topics', 'Id'],
      prompts.map((p) => [clip(p.text, 70), p.tags.join(', ') || '-', p.id]),
    ),
  );
}

function readCsv(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliUsageError(`Cannot read ${file} (${(err as Error).message})`);
  }
}

function registerList(prompts: Command, ctx: CliContext): void {
  prompts
    .command('list')
    .description('The library\u2019s prompts with their topics')
    .option('--topic <name>', 'only the prompts carrying this topic')
    .option(...DB)
    .addHelpText('after', '\nJSON (--json): { prompts: [{id, text, topics, createdAt}] }')
    .action(async (flags: { topic?: string; db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const list = core.store.listPrompts(flags.topic !== undefined ? { tag: flags.topic } : {});
        if (ctx.json) return writeJson(ctx, { prompts: list.map(promptJson) });
        printList(ctx, list);
      });
    });
}

function registerAdd(prompts: Command, ctx: CliContext): void {
  prompts
    .command('add')
    .description('Add a prompt to the library with its topics (an existing prompt gets the topics added)')
    .argument('<text>', 'the prompt as it is asked')
    .option('--topic <name>', 'a topic (repeatable): the prompt\u2019s tag in the library', collect, [])
    .option(...DB)
    .addHelpText(
      'after',
      '\nJSON (--json): { action: created|updated|unchanged, prompt: {id, text, topics, createdAt} }',
    )
    .action(async (text: string, flags: { topic: string[]; db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const known = core.store.listPrompts();
        const out = saveWithTopics(core.store, known, { text, topics: flags.topic, replace: false });
        printSaved(ctx, out);
      });
    });
}

/** A saved prompt: its action and topics, or as JSON. */
function printSaved(ctx: CliContext, out: { prompt: SavedPromptView; action: SaveAction }): void {
  if (ctx.json) return writeJson(ctx, { action: out.action, prompt: promptJson(out.prompt) });
  const topics = out.prompt.tags.join(', ') || '-';
  writeLine(ctx.stdout, `${sayAction(out.action)} "${clip(out.prompt.text, 60)}"; topics: ${topics}.`);
}

const sayAction = (a: SaveAction): string =>
  ({ created: 'Added', updated: 'Updated', unchanged: 'Unchanged:' })[a];

function registerTopics(prompts: Command, ctx: CliContext): void {
  prompts
    .command('topics')
    .description('Set a library prompt\u2019s topics to exactly these (none: no topic)')
    .argument('<id-or-text>', 'the prompt\u2019s id or its exact text')
    .argument('[topics...]', 'the topics')
    .option(...DB)
    .addHelpText('after', '\nJSON (--json): { action, prompt: {id, text, topics, createdAt} }')
    .action(async (idOrText: string, topics: string[], flags: { db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const known = core.store.listPrompts();
        const found = requirePrompt(known, idOrText);
        const out = saveWithTopics(core.store, known, { text: found.text, topics, replace: true });
        printSaved(ctx, out);
      });
    });
}

function registerRemove(prompts: Command, ctx: CliContext): void {
  prompts
    .command('remove')
    .description('Remove a prompt from the library (its stored answers stay)')
    .argument('<id-or-text>', 'the prompt\u2019s id or its exact text')
    .option(...DB)
    .action(async (idOrText: string, flags: { db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const found = requirePrompt(core.store.listPrompts(), idOrText);
        core.store.deletePrompt(found.id);
        if (ctx.json) return writeJson(ctx, { removed: promptJson(found) });
        writeLine(ctx.stdout, `Removed "${clip(found.text, 60)}" from the library.`);
      });
    });
}

const IMPORT_HELP = `
The CSV has a "prompt" column and, optionally, a "topic" column (also read as "topics" or
"tags"); several topics in one cell are separated by ";". A prompt already in the library gets
the file's topics added (--replace-topics: set to exactly the file's). A bad row is reported
with its line and skipped; the others are imported (exit 2 only when nothing could be read).

JSON (--json): { created, updated, unchanged, errors: [{line, message}] }

Example file:
  prompt,topic
  best running shoes for beginners,Buying guides
  is Veloxa good for trail running,Brand questions; Trail`;

function registerImport(prompts: Command, ctx: CliContext): void {
  prompts
    .command('import')
    .description('Add prompts and their topics from a CSV file (prompt, topic columns)')
    .argument('<file>', 'a CSV file')
    .option('--replace-topics', 'set the topics of prompts already in the library to the file\u2019s')
    .option(...DB)
    .addHelpText('after', IMPORT_HELP)
    .action(async (file: string, flags: { replaceTopics?: boolean; db?: string }) => {
      const csv = parsePromptTopicsCsv(readCsv(file));
      if (csv.fatal !== null) throw new CliUsageError(`${file}: ${csv.fatal}`);
      await withCliCore(ctx, flags, async (core) => {
        const { errors, ...counts } = importPromptTopics(core.store, csv, flags.replaceTopics === true);
        if (counts.created + counts.updated + counts.unchanged === 0 && errors.length > 0)
          throw new CliUsageError(
            `${file}: no row could be imported (line ${errors[0]?.line}: ${errors[0]?.message})`,
          );
        if (ctx.json) return writeJson(ctx, { ...counts, errors });
        for (const e of errors) writeLine(ctx.stderr, `${file} line ${e.line}: ${e.message} (skipped)`);
        writeLine(
          ctx.stdout,
          `Imported ${file}: ${counts.created} added, ${counts.updated} with new topics, ${counts.unchanged} unchanged, ${errors.length} skipped.`,
        );
      });
    });
}

function registerExport(prompts: Command, ctx: CliContext): void {
  prompts
    .command('export')
    .description('The library\u2019s prompts and topics as CSV (prompt, topic), to a file or stdout')
    .option('--out <file>', 'write to this file instead of stdout')
    .option('--topic <name>', 'only the prompts carrying this topic')
    .option(...DB)
    .action(async (flags: { out?: string; topic?: string; db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const list = core.store.listPrompts(flags.topic !== undefined ? { tag: flags.topic } : {});
        const csv = `${promptTopicsToCsv(list)}\n`;
        if (flags.out === undefined) return void ctx.stdout.write(csv);
        writeFileSync(flags.out, csv);
        if (ctx.json) return writeJson(ctx, { file: flags.out, prompts: list.length });
        writeLine(ctx.stdout, `Wrote ${list.length} prompts to ${flags.out}.`);
      });
    });
}

export const registerPromptsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const prompts = program
    .command('prompts')
    .description('The prompt library and its topics: list, add, topics, remove, import, export, suggest');
  registerList(prompts, ctx);
  registerAdd(prompts, ctx);
  registerTopics(prompts, ctx);
  registerRemove(prompts, ctx);
  registerImport(prompts, ctx);
  registerExport(prompts, ctx);
  registerSuggest(prompts, ctx);
};
