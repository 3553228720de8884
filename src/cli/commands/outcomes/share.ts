import { Argument, type Command } from 'commander';
import { writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';

// `parallax outcomes share [on|off]`: whether this workspace's sync sends its funnel's daily
// aggregates (per day × engine × page counts) to the team server. Off unless turned on; logs and
// first-party rows never leave this computer either way.

const SHARE_HELP = `
Stays on this computer, always: imported server and CDN logs (every line and address) and the
GA4, Search Console and Bing rows (every query and landing-page row).
Shared when on: per day, engine and page, verified crawler hits, AI-referred sessions and key
events of the last 400 days, sent at each \`parallax sync\` of this workspace. Off again: the
next sync removes this computer's totals from the team server.

JSON (--json): { aggregates, changedAt, pushedAt }`;

export function registerShare(outcomes: Command, ctx: CliContext): void {
  outcomes
    .command('share')
    .description(
      'Share this workspace\u2019s funnel totals (never logs or raw rows) with the team: on, off, or show',
    )
    .addArgument(new Argument('[state]', 'on or off (none: show)').choices(['on', 'off']))
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', SHARE_HELP)
    .action(async (state: 'on' | 'off' | undefined, flags: { db?: string }) => {
      const reads = state === undefined ? READS : {};
      await withCliCore(ctx, { ...reads, ...flags }, async (core) => {
        const sharing =
          state === undefined ? core.store.outcomeSharing() : core.store.setOutcomeSharing(state === 'on');
        if (ctx.json)
          return writeJson(ctx, {
            aggregates: sharing.aggregates,
            changedAt: sharing.changedAt,
            pushedAt: sharing.pushedAt,
          });
        writeLine(
          ctx.stdout,
          sharing.aggregates
            ? 'Funnel totals are shared with the team at each sync (daily counts per engine and page only; logs and analytics rows stay here).'
            : 'Funnel totals are not shared: logs, analytics rows and their totals stay on this computer.',
        );
        if (state !== undefined) writeLine(ctx.stdout, 'It takes effect at the next `parallax sync`.');
      });
    });
}
