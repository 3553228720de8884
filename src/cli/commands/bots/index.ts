import type { Command } from 'commander';
import {
  agentByName,
  agentCatalogue,
  loadRangeLists,
  rangesFolderOf,
  writeRangeList,
} from '../../../core/crawlers';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { cliDataFolder, READS, withCliCore } from '../../core';
import { periodOf } from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';
import { printBots } from './print';

// `parallax bots`: which AI agents and search crawlers reached the site (from imported logs),
// verified or only claiming the name, their status mix, and pages refused to them that browsers
// get. `parallax bots update FILE`: a fresher copy of an operator's published address list.

interface BotsFlags {
  since?: string;
  agent?: string[];
  site?: string;
  db?: string;
}

const HELP = `
A hit is verified when its address lies in the operator's published list (or, with
\`logs import --verify-dns\`, passes its reverse-DNS check); others "claim to be" the agent and
are never mixed in.

JSON (--json): {agents:[{agent, operator, role, verified:{hits, pages}, unverified:{hits, pages},
  statuses:{"200": n, "403": n, …}}], blocked:[{url, agent, agentStatus, browserStatus}]}
role: training | search | user (a fetch for a person's question).`;

/** The settings (for the data folder), or null when unreadable: the default folder then. */
async function settingsOrNull(env: NodeJS.ProcessEnv) {
  const { openSettingsStore } = await import('../../lazy/settings');
  try {
    return openSettingsStore({ env });
  } catch {
    return null;
  }
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

function daysOf(since: string | undefined): number {
  const period = periodOf({ since }, Date.now()) as { days: number };
  return period.days;
}

export const registerBotsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const bots = program
    .command('bots')
    .description(
      'AI crawlers that reached your site (from imported logs): verified or claiming, statuses, blocked pages',
    )
    .option('--since <period>', 'the last N days or weeks (30d, 4w)', '30d')
    .option('--agent <name>', 'only this agent (repeatable)', collect)
    .option('--site <domain>', 'only this site')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (flags: BotsFlags) => {
      const days = daysOf(flags.since);
      const unknown = (flags.agent ?? []).filter((a) => !agentByName(a));
      if (unknown.length > 0)
        throw new CliUsageError(
          `Unknown agent: ${unknown.join(', ')} (known: ${agentCatalogue()
            .agents.map((a) => a.agent)
            .join(', ')})`,
        );
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const service = await core.services.crawlers();
        const report = service.bots({
          days,
          ...(flags.agent ? { agents: flags.agent } : {}),
          ...(flags.site ? { site: flags.site.trim().toLowerCase() } : {}),
        });
        if (ctx.json) return writeJson(ctx, report);
        printBots(ctx, report, loadRangeLists(rangesFolderOf(cliDataFolder(ctx.env, core.settings))), days);
      });
    });
  bots
    .command('update')
    .description('Replace one operator\u2019s address list with a fresh copy of its published file')
    .argument('<file>', 'the published JSON ({prefixes:[{ipv4Prefix}|{ipv6Prefix}]}), e.g. gptbot.json')
    .option('--as <name>', 'the list it replaces, when the file is named otherwise (e.g. gptbot.json)')
    .action(async (file: string, flags: { as?: string }) => {
      let list;
      try {
        const folder = rangesFolderOf(cliDataFolder(ctx.env, await settingsOrNull(ctx.env)));
        list = writeRangeList(folder, file, flags.as);
      } catch (error) {
        throw new CliUsageError(error instanceof Error ? error.message : String(error));
      }
      const view = { list: list.name, date: list.date, prefixes: list.prefixes.length };
      if (ctx.json) return writeJson(ctx, view);
      writeLine(
        ctx.stdout,
        `${view.list}: ${view.prefixes} prefixes, dated ${view.date ?? 'undated'}; used from the next import`,
      );
    });
};
