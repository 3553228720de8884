import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { CLEAR_QUEUE_NOTICE } from '../../../core/runs';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { withCliCore, type CoreFlags } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax queue status|clear`. Clearing removes every QUEUED task of the whole
// organization (other tools' and colleagues' too), so it asks first unless --yes.

export const registerQueueCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const queue = program.command('queue').description('Async queue of the organization: status, clear');
  const common = (c: Command): Command =>
    c
      .option('--base-url <url>', 'service base URL (default: the one in settings)')
      .option('--sandbox', 'use the built-in sandbox')
      .option('--db <path>', 'history file (default: the app\u2019s)');

  common(
    queue.command('status').description('Queued and processing tasks, by priority (GET /v1/async/status)'),
  ).action(async (flags: CoreFlags) => {
    await withCliCore(ctx, flags, async (core) => {
      const { client } = await core.online();
      const { data } = await client.queueStatus();
      const view = {
        queuedTasks: data.queuedTasks,
        processingTasks: data.processingTasks,
        priorityBreakdown: data.priorityBreakdown ?? [],
        concurrency: data.concurrency
          ? { used: data.concurrency.used ?? null, max: data.concurrency.max ?? null }
          : null,
      };
      if (ctx.json) return writeJson(ctx, view);
      writeLine(ctx.stdout, `Queued: ${view.queuedTasks}   Processing: ${view.processingTasks}`);
      for (const p of view.priorityBreakdown) writeLine(ctx.stdout, `  priority ${p.priority}: ${p.count}`);
      if (view.concurrency)
        writeLine(
          ctx.stdout,
          `Slots in use: ${view.concurrency.used ?? '?'} of ${view.concurrency.max ?? '?'}`,
        );
    });
  });

  common(
    queue
      .command('clear')
      .description('Remove EVERY queued task of the organization (DELETE /v1/async/queue)'),
  )
    .option('--yes', 'do not ask for confirmation')
    .action(async (flags: CoreFlags & { yes?: boolean }) => {
      writeLine(ctx.stderr, `Warning: ${CLEAR_QUEUE_NOTICE}`);
      if (!flags.yes) {
        if (!ctx.stdin.isTTY)
          throw new CliUsageError('Not a terminal: pass --yes to clear the organization\u2019s queue');
        const rl = createInterface({ input: ctx.stdin, output: ctx.stderr });
        const answer = await rl
          .question('Clear the whole organization\u2019s queue? [y/N] ')
          .finally(() => rl.close());
        if (!/^y(es)?$/i.test(answer.trim())) {
          writeLine(ctx.stderr, 'Queue left as it was.');
          return;
        }
      }
      await withCliCore(ctx, flags, async (core) => {
        const { client } = await core.online();
        const { data } = await client.clearQueue();
        if (ctx.json) return writeJson(ctx, { cleared: data.cleared, warning: CLEAR_QUEUE_NOTICE });
        writeLine(ctx.stdout, `Removed ${data.cleared} queued task(s) of the organization.`);
      });
    });
};
