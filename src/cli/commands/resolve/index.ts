import type { Command } from 'commander';
import { writeJson, writeLine, type CliContext } from '../../context';
import { withCliCore, type CoreFlags } from '../../core';
import type { RegisterCommand } from '../register-command';

// `parallax resolve REDIRECT_LINK`: where a search result's redirectLink leads (free, no slot).

export const registerResolveCommand: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('resolve')
    .description(
      'Resolve a search redirect link to its destination (POST /v1/monitor/search/goto, 0 credits)',
    )
    .argument('<link>', 'the redirectLink from a search, news or search-ai result')
    .option('--base-url <url>', 'service base URL (default: the one in settings)')
    .option('--sandbox', 'ask the built-in sandbox')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .action(async (link: string, flags: CoreFlags) => {
      await withCliCore(ctx, flags, async (core) => {
        const { client } = await core.online();
        const { data } = await client.resolveRedirect(link);
        if (ctx.json) return writeJson(ctx, { redirectLink: link, url: data.url });
        writeLine(ctx.stdout, data.url);
      });
    });
};
