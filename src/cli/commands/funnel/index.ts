import type { Command } from 'commander';
import { ENGINE_NAMES, type EngineName } from '../../../shared/api/engines';
import type { FunnelView } from '../../../core/outcomes';
import { FUNNEL_SOURCES, type FunnelSource } from '../../../shared/funnel/types';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { formatTable, READS, withCliCore, type CliCore } from '../../core';
import { periodOf } from '../../visibility-filters';
import { formatRateWithN } from '../../format-stats';
import type { RegisterCommand } from '../register-command';

// `parallax funnel`: per engine, page or week, crawled (verified hits in the site's logs) →
// cited (answers citing the focus brand's pages) → referred (AI sessions) → converted (key
// events), with the pages that fall out of it flagged in words.

interface FunnelFlags {
  since?: string;
  by?: string;
  engine?: string;
  site?: string;
  source?: string;
  db?: string;
}

const BY = ['engine', 'page', 'week'] as const;
type By = (typeof BY)[number];

const HELP = `
Crawled: verified hits of the engine's agents (parallax logs import); cited: answers citing the
focus brand's pages, of the answers asked, with its 95 % interval; referred and converted: AI
sessions and key events (parallax outcomes import ga4). Pages join on their path.

JSON (--json): {days, brand, engines:[{engine, crawledHits, crawledPages, citedAnswers,
  citationRate:{value, lower, upper, n}, referredSessions, keyEvents}], pages:[{url, crawledHits,
  citedAnswers, referredSessions, keyEvents, flags, notes}], weeks:[…], caveats, empty}
flags: crawled-never-cited | cited-not-fetched | cited-but-blocked | referred-never-cited

--source: whose crawler and traffic figures, per site one source (never two added together).
mine: this computer's imports; team: the daily totals teammates share with the workspace
(pulled by parallax sync, read offline), each site from the teammate who sent it last; all: the
sites this computer imported from its imports, the other shared sites from the team. --site
narrows both. Default: mine when this computer imported any logs or analytics, else team. Cited
always comes from this workspace's history. JSON adds {source, crawledFrom, referredFrom,
sharers:[{name, sharedAt, pulledAt}], sites:[{site, from, sharer, sharedAt, notAdded}],
sourceNote}.`;

function byOf(value: string | undefined): By {
  const by = (value ?? 'engine').trim().toLowerCase();
  if (!(BY as readonly string[]).includes(by))
    throw new CliUsageError(`--by takes engine, page or week, got "${value}"`);
  return by as By;
}

function engineOf(value: string | undefined): EngineName | undefined {
  if (value === undefined) return undefined;
  const engine = value.trim().toLowerCase();
  if (!(ENGINE_NAMES as readonly string[]).includes(engine))
    throw new CliUsageError(`Unknown engine "${value}" (one of ${ENGINE_NAMES.join(', ')})`);
  return engine as EngineName;
}

function sourceOf(value: string | undefined): FunnelSource | undefined {
  if (value === undefined) return undefined;
  const source = value.trim().toLowerCase();
  if (!(FUNNEL_SOURCES as readonly string[]).includes(source))
    throw new CliUsageError(`--source takes mine, team or all, got "${value}"`);
  return source as FunnelSource;
}

function printFunnel(ctx: CliContext, view: FunnelView, by: By, labelOf: CliCore['labelOf']): void {
  if (view.empty !== null) {
    writeLine(ctx.stdout, view.empty);
    return writeLine(ctx.stdout, view.sourceNote);
  }
  writeLine(ctx.stdout, `Funnel, last ${view.days} days${view.brand ? `, ${view.brand}'s pages` : ''}:`);
  writeLine(ctx.stdout, view.sourceNote);
  if (by === 'engine')
    writeLine(
      ctx.stdout,
      formatTable(
        ['Engine', 'Crawled hits', 'Pages', 'Cited answers', 'Citation rate', 'Referred', 'Key events'],
        view.engines.map((e) => [
          labelOf(e.engine),
          e.crawledHits,
          e.crawledPages,
          e.citedAnswers,
          formatRateWithN(e.citationRate),
          e.referredSessions,
          e.keyEvents,
        ]),
      ),
    );
  if (by === 'week')
    writeLine(
      ctx.stdout,
      formatTable(
        ['Week of', 'Crawled hits', 'Cited answers', 'Citation rate', 'Referred', 'Key events'],
        view.weeks.map((w) => [
          w.week,
          w.crawledHits,
          w.citedAnswers,
          formatRateWithN(w.citationRate),
          w.referredSessions,
          w.keyEvents,
        ]),
      ),
    );
  if (by === 'page') {
    writeLine(
      ctx.stdout,
      formatTable(
        ['Page', 'Crawled hits', 'Cited answers', 'Referred', 'Key events'],
        view.pages.map((p) => [p.url, p.crawledHits, p.citedAnswers, p.referredSessions, p.keyEvents]),
      ),
    );
    for (const p of view.pages) for (const note of p.notes) writeLine(ctx.stdout, `${p.url}: ${note}`);
  }
  for (const c of view.caveats) writeLine(ctx.stdout, `Note: ${c}`);
}

export const registerFunnelCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command('funnel')
    .description('Per engine, page or week: crawled → cited → referred → converted')
    .option('--since <period>', 'the last N days or weeks (30d, 4w)', '30d')
    .option('--by <what>', 'engine, page or week', 'engine')
    .option('--engine <name>', 'only this engine')
    .option('--site <domain>', 'only this site’s logs, analytics and shared totals')
    .option('--source <whose>', 'mine, team or all (default: mine when imported, else team)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', HELP)
    .action(async (flags: FunnelFlags) => {
      const { days } = periodOf({ since: flags.since }, Date.now()) as { days: number };
      const by = byOf(flags.by);
      const engine = engineOf(flags.engine);
      const source = sourceOf(flags.source);
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const view = (await core.services.funnel()).funnel({
          days,
          ...(engine ? { engine } : {}),
          ...(flags.site ? { site: flags.site.trim().toLowerCase() } : {}),
          ...(source ? { source } : {}),
        });
        if (ctx.json) return writeJson(ctx, view);
        printFunnel(ctx, view, by, core.labelOf);
      });
    });
};
