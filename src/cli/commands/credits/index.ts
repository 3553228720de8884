import type { Command } from 'commander';
import { writeJson, writeLine, type CliContext } from '../../context';
import { withCliCore, type CoreFlags } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax credits`: the balance and billing cycle (GET /v1/credits, spends nothing).

export const registerCreditsCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('credits')
    .description('Show the credit balance and billing cycle (GET /v1/credits)')
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'ask the built-in sandbox')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (flags: CoreFlags) => {
      await withCliCore(ctx, flags, async (core) => {
        const { client } = await core.online();
        const res = await client.credits();
        const view = {
          remaining: res.data.remaining,
          perCycle: res.data.perCycle ?? null,
          cycleResetsAt: res.data.cycleResetsAt ?? null,
          requestId: res.meta.requestId ?? null,
        };
        if (ctx.json) return writeJson(ctx, view);
        writeLine(ctx.stdout, `Balance: ${view.remaining} credits`);
        if (view.perCycle !== null) writeLine(ctx.stdout, `Per cycle: ${view.perCycle} credits`);
        if (view.cycleResetsAt) writeLine(ctx.stdout, `Cycle resets: ${view.cycleResetsAt}`);
      });
    });
};
