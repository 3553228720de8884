import type { Command } from 'commander';
import { DISCOVERY_ERROR_CODES, type DiscoveryService, VISIBILITY_ERROR_CODES } from '../../../core/analysis';
import { AppError } from '../../../core/platform';
import type { DiscoveryCandidate, DiscoveryQueue } from '../../../shared/analytics/discovery-types';
import { discoveryChannels } from '../../../shared/ipc/channels/discovery';
import type { BrandView } from '../../../shared/ipc/channels/library';
import type { EngineLabelOf } from '../../../shared/profile';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { formatTable, READS, withCliCore, type CliCore } from '../../core';
import { finishReanalysis } from '../../reanalysis-progress';
import { parseFlags, type FlagNames } from '../../schema-input';
import {
  addPeriodCellOptions,
  brandChoices,
  findBrand,
  historyAnswers,
  periodOf,
} from '../../visibility-filters';

// `parallax brands discover`: the competitor discovery queue (names the stored answers put
// forward that no brand covers) and the decisions on it: accept, dismiss, restore, merge.
// Input is checked with the discovery.* channels' schemas, as in the app; accept and merge
// save a brand, so the command finishes the re-analysis before it answers.

const QUEUE_FLAGS: FlagNames = {
  'period.days': '--since (in days)',
  'period.from': '--from',
  'period.to': '--to',
  engines: '--engine',
  locations: '--countries',
  limit: '--limit',
  kind: '--only',
};
const ACCEPT_FLAGS: FlagNames = {
  key: 'NAME',
  name: '--name',
  aliases: '--alias',
  domains: '--domain',
  kind: '--kind',
};
const collect = (value: string, previous: string[]): string[] => [...previous, value];

interface QueueFlags {
  since?: string;
  from?: string;
  to?: string;
  engine?: string[];
  countries?: string[];
  limit?: string;
  dismissed?: boolean;
  only?: string;
  db?: string;
}

const QUEUE_HELP = `
Names come from brand entities, shopping product brands and merchants, advertisers and the
named items of answer lists, pooled across spellings ("Acme", "ACME Inc.", "Acme, Inc.").
Names a brand or competitor already covers (its name and aliases) are left out.
Retailers and marketplaces (names the shopping results give as a merchant and never as a
product's brand) are listed apart from the candidate competitors; --only picks one list.

Columns: answers naming it in the period; share of answers with its 95 % Wilson interval;
engines and locations; first and last day seen; where it came from; NEW when the previous
period of the same length never named it.

Decide with:
  parallax brands discover accept NAME [--alias A] [--domain D] [--name DISPLAY]
  parallax brands discover dismiss NAME      (restore NAME undoes it; --dismissed lists them)
  parallax brands discover merge NAME --into BRAND

JSON (--json): { period: {from, to, days, previous}, totalAnswers, total, dismissedCount,
coveredCount, kindCounts: {candidate, retailer}, candidates: [{ key, name, kind, answers, share: {value, lower, upper, k, n},
previousAnswers, isNew, engines, locations, firstSeen, lastSeen, origins, examples:
[{resultId, engine, location, day, snippet}], aliases, domains: [{domain, answers, lift,
labelMatch}], dismissed }] }`;

const pct = (v: number | null): string => (v === null ? '-' : `${(v * 100).toFixed(1)}%`);

function shareText(c: DiscoveryCandidate): string {
  return `${pct(c.share.value)} (${pct(c.share.lower)}–${pct(c.share.upper)})`;
}

function printQueue(ctx: CliContext, q: DiscoveryQueue, dismissed: boolean, labelOf: EngineLabelOf): void {
  const { period } = q;
  writeLine(
    ctx.stdout,
    `${dismissed ? 'Dismissed names' : 'Discovered names'}, ${period.from} … ${period.to} ` +
      `(${period.days} days, ${q.totalAnswers} answers):`,
  );
  if (q.candidates.length === 0) {
    writeLine(
      ctx.stdout,
      dismissed
        ? 'None dismissed.'
        : q.totalAnswers === 0
          ? 'No answers in this period.'
          : 'No new names: every name in these answers is a brand you track or one you dismissed.',
    );
    return;
  }
  const retailers = q.candidates.filter((c) => c.kind === 'retailer');
  const candidates = q.candidates.filter((c) => c.kind === 'candidate');
  if (candidates.length > 0) writeLine(ctx.stdout, candidateTable(candidates, labelOf));
  if (retailers.length > 0) {
    if (candidates.length > 0) writeLine(ctx.stdout, '');
    writeLine(ctx.stdout, 'Retailers and marketplaces (shopping merchants):');
    writeLine(ctx.stdout, candidateTable(retailers, labelOf));
  }
  const more = q.total - q.candidates.length;
  writeLine(
    ctx.stdout,
    `${q.total} names${more > 0 ? ` (${more} more: --limit)` : ''}; ` +
      `${plural(q.kindCounts.candidate, 'candidate competitor')}, ` +
      `${plural(q.kindCounts.retailer, 'retailer or marketplace', 'retailers or marketplaces')}; ` +
      `${q.coveredCount} covered by your brands; ${q.dismissedCount} dismissed.`,
  );
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function candidateTable(candidates: readonly DiscoveryCandidate[], labelOf: EngineLabelOf): string {
  return formatTable(
    ['Name', 'Answers', 'Share (95% CI)', 'Engines', 'Locations', 'First', 'Last', 'From', ''],
    candidates.map((c) => [
      c.name,
      c.answers,
      shareText(c),
      c.engines.map(labelOf).join(', ') || '-',
      c.locations.join(',') || '-',
      c.firstSeen ?? '-',
      c.lastSeen ?? '-',
      c.origins.join(',') || '-',
      c.isNew && c.answers > 0 ? 'NEW' : '',
    ]),
  );
}

/** --only candidates|retailers (singular too) as the queue's kind filter. */
function kindOf(only: string | undefined): string | undefined {
  if (only === undefined) return undefined;
  const word = only.trim().toLowerCase().replace(/s$/u, '');
  return word === 'candidate' || word === 'retailer' ? word : only;
}

/** A candidate for --json: its engines' labels beside their ids. */
const labelled =
  (labelOf: EngineLabelOf) =>
  (c: DiscoveryCandidate): DiscoveryCandidate & { engineLabels: string[] } => ({
    ...c,
    engineLabels: c.engines.map(labelOf),
    examples: c.examples.map((e) => ({ ...e, engineLabel: labelOf(e.engine) })),
  });

function printCandidate(ctx: CliContext, c: DiscoveryCandidate, labelOf: EngineLabelOf): void {
  writeLine(ctx.stdout, `Variants: ${c.aliases.join(', ') || '-'}`);
  writeLine(
    ctx.stdout,
    `Domains: ${c.domains.map((d) => `${d.domain}${d.labelMatch ? ' (its name)' : ` (lift ${d.lift})`}`).join(', ') || '-'}`,
  );
  for (const e of c.examples)
    writeLine(ctx.stdout, `  ${e.day} ${labelOf(e.engine)} ${e.location} ${e.resultId}: ${e.snippet}`);
}

/** Service errors about the input (unknown name, brand, period) exit 2 with their message. */
function ask<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    const codes: readonly string[] = [...DISCOVERY_ERROR_CODES, ...VISIBILITY_ERROR_CODES];
    if (error instanceof AppError && codes.includes(error.code)) throw new CliUsageError(error.message);
    throw error;
  }
}

function limitOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new CliUsageError(`--limit must be a whole number, got "${value}"`);
  return n;
}

export function registerDiscoverCommands(brands: Command, ctx: CliContext): void {
  const service = (core: CliCore): Promise<DiscoveryService> => core.services.discovery();
  const reanalysed = async (core: CliCore): Promise<number> =>
    (await finishReanalysis(ctx, await core.services.visibility()))?.total ?? historyAnswers(core.store);

  const discover = addPeriodCellOptions(
    brands
      .command('discover')
      .description('Names the answers put forward that no brand covers: the queue, and accept/dismiss/merge'),
  )
    .option('--limit <n>', 'how many names, 1-1000 (default 50)')
    .option('--dismissed', 'list the dismissed names instead')
    .option('--only <kind>', 'only candidate competitors ("candidates") or only "retailers" and marketplaces')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', QUEUE_HELP)
    .action(async (flags: QueueFlags) => {
      const input = parseFlags(
        discoveryChannels['discovery.queue'].input,
        {
          period: periodOf(flags, Date.now()),
          ...(flags.engine?.length ? { engines: flags.engine } : {}),
          ...(flags.countries?.length ? { locations: flags.countries.map((c) => c.toUpperCase()) } : {}),
          ...(flags.limit !== undefined ? { limit: limitOf(flags.limit) } : {}),
          dismissed: flags.dismissed === true,
          ...(flags.only !== undefined ? { kind: kindOf(flags.only) } : {}),
        },
        QUEUE_FLAGS,
      );
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        // A brand change's re-analysis does not change the queue, but accepted names must be out of it.
        const discovery = await service(core);
        const q = ask(() => discovery.queue(input));
        if (ctx.json) return writeJson(ctx, { ...q, candidates: q.candidates.map(labelled(core.labelOf)) });
        printQueue(ctx, q, flags.dismissed === true, core.labelOf);
      });
    });

  // `--db` after a subcommand (`discover accept X --db F`) is parsed by `discover`, which defines
  // it too: a subcommand takes it from there when it has none of its own.
  const withDb = <F extends { db?: string }>(flags: F): F => ({
    ...flags,
    db: flags.db ?? discover.opts<{ db?: string }>().db,
  });

  discover
    .command('accept')
    .description('Make a discovered name a competitor (or your brand), with its variants and sites')
    .argument('<name>', 'the name as listed (any spelling of it)')
    .option('--name <display>', 'the brand name to save (default: the most used spelling)')
    .option('--alias <name>', 'an alias (repeatable; default: every spelling seen)', collect, [])
    .option(
      '--domain <domain>',
      'a site (repeatable; default: the cited domains named after it)',
      collect,
      [],
    )
    .option('--kind <kind>', 'competitor (default) or brand')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', '\nJSON (--json): { brand: {id, name, kind, aliases, domains}, reanalysedAnswers }')
    .action(
      async (
        name: string,
        flags: { name?: string; alias: string[]; domain: string[]; kind?: string; db?: string },
      ) => {
        const input = parseFlags(
          discoveryChannels['discovery.accept'].input,
          {
            key: name,
            ...(flags.name !== undefined ? { name: flags.name } : {}),
            ...(flags.alias.length > 0 ? { aliases: flags.alias } : {}),
            ...(flags.domain.length > 0 ? { domains: flags.domain } : {}),
            ...(flags.kind !== undefined ? { kind: flags.kind } : {}),
          },
          ACCEPT_FLAGS,
        );
        await withCliCore(ctx, withDb(flags), async (core) => {
          const discovery = await service(core);
          const brand = ask(() => discovery.accept(input));
          const reanalysedAnswers = await reanalysed(core);
          if (ctx.json) return writeJson(ctx, { brand, reanalysedAnswers });
          writeLine(ctx.stdout, `Added ${brandLine(brand)}.`);
          writeLine(ctx.stdout, `Re-analysed ${reanalysedAnswers} stored answers.`);
        });
      },
    );

  for (const [verb, dismissed] of [
    ['dismiss', true],
    ['restore', false],
  ] as const) {
    discover
      .command(verb)
      .description(
        dismissed
          ? 'Leave a name out of the queue (restore brings it back)'
          : 'Put a dismissed name back in the queue',
      )
      .argument('<name>', 'the name as listed (any spelling of it)')
      .option('--db <path>', 'history file (default: the app\u2019s)')
      .addHelpText('after', '\nJSON (--json): { key, changed }')
      .action(async (name: string, flags: { db?: string }) => {
        const { key } = parseFlags(
          discoveryChannels[`discovery.${verb}`].input,
          { key: name },
          { key: 'NAME' },
        );
        await withCliCore(ctx, withDb(flags), async (core) => {
          const s = await service(core);
          const out = ask(() => (dismissed ? s.dismiss(key) : s.restore(key)));
          if (ctx.json) return writeJson(ctx, out);
          writeLine(
            ctx.stdout,
            out.changed
              ? `${dismissed ? 'Dismissed' : 'Restored'} "${name}".`
              : `"${name}" was ${dismissed ? 'already dismissed' : 'not dismissed'}.`,
          );
        });
      });
  }

  discover
    .command('merge')
    .description('Add a discovered name and its variants as aliases of an existing brand')
    .argument('<name>', 'the name as listed (any spelling of it)')
    .requiredOption('--into <brand>', 'the brand (name or id) that takes it')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', '\nJSON (--json): { brand: {id, name, kind, aliases, domains}, reanalysedAnswers }')
    .action(async (name: string, flags: { into: string; db?: string }) => {
      await withCliCore(ctx, withDb(flags), async (core) => {
        const all = core.store.listBrands();
        const target = findBrand(all, flags.into);
        if (!target) throw new CliUsageError(`No brand "${flags.into}"; ${brandChoices(all)}`);
        const input = parseFlags(
          discoveryChannels['discovery.merge'].input,
          { key: name, brandId: target.id },
          { key: 'NAME', brandId: '--into' },
        );
        const discovery = await service(core);
        const brand = ask(() => discovery.merge(input));
        const reanalysedAnswers = await reanalysed(core);
        if (ctx.json) return writeJson(ctx, { brand, reanalysedAnswers });
        writeLine(ctx.stdout, `Merged "${name}" into ${brandLine(brand)}.`);
        writeLine(ctx.stdout, `Re-analysed ${reanalysedAnswers} stored answers.`);
      });
    });

  discover
    .command('show')
    .description('One discovered name over the last 90 days: variants, proposed domains, example answers')
    .argument('<name>', 'the name as listed (any spelling of it)')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText(
      'after',
      '\nJSON (--json): the candidate (as in the queue), or null when not named in 90 days',
    )
    .action(async (name: string, flags: { db?: string }) => {
      const { key } = parseFlags(
        discoveryChannels['discovery.candidate'].input,
        { key: name },
        { key: 'NAME' },
      );
      await withCliCore(ctx, { ...READS, ...withDb(flags) }, async (core) => {
        const discovery = await service(core);
        const c = ask(() => discovery.candidate(key));
        if (ctx.json) return writeJson(ctx, c ? labelled(core.labelOf)(c) : null);
        if (!c) return writeLine(ctx.stdout, `"${name}" was not named in the last 90 days.`);
        writeLine(
          ctx.stdout,
          `${c.name}: ${c.answers} answers, ${shareText(c)} of answers, ${c.origins.join(', ')}.`,
        );
        printCandidate(ctx, c, core.labelOf);
      });
    });
}

function brandLine(b: BrandView): string {
  const list = (v: readonly string[]) => (v.length > 0 ? v.join(', ') : '-');
  return `${b.kind} ${b.name} (${b.id}); aliases: ${list(b.aliases)}; domains: ${list(b.domains)}`;
}
