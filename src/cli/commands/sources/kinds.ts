import type { Command } from 'commander';
import { visibilityChannels } from '../../../shared/ipc/channels/visibility';
import {
  SITE_KIND_LABELS,
  SITE_KINDS,
  type SiteKindSource,
} from '../../../shared/visibility/site-kind-names';
import type { SiteKindsView } from '../../../shared/visibility/types';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { formatTable, READS, withCliCore } from '../../core';
import { parseFlags } from '../../schema-input';
import { askService } from '../../visibility-filters';

// `parallax sources kinds [DOMAIN…]` and `parallax sources kind DOMAIN KIND|--clear`: the kinds
// of cited sites, the shipped list's date, and the analyst's overrides (kept in the history, so
// the app, the CLI and reports class a domain the same way).

const SOURCE_WORDS: Record<SiteKindSource, string> = {
  override: 'your override',
  brand: 'a tracked brand’s domain',
  list: 'the list of well-known sites',
  suffix: 'a government or academic suffix',
  discovery: 'a retailer discovery found in answers',
  none: 'nothing says otherwise',
};

const KINDS_HELP = `
Kinds: ${SITE_KINDS.map((k) => `${k} (${SITE_KIND_LABELS[k]})`).join(', ')}.
With domains, says each one's kind and where it comes from.

JSON (--json): {listDate, listSize, focusBrandId, kinds:[{kind, label}],
  overrides:[{domain, kind, updatedAt}], domains:[{domain, kind, label, source}]}`;

const KIND_HELP = `
KIND is one of: ${SITE_KINDS.join(', ')}. Your kind wins over the brands' domains and the
list, for the domain and its subdomains (a subdomain's own override wins over its parent's).

JSON (--json): as \`parallax sources kinds DOMAIN --json\`, plus changed (true when something changed).`;

const kindsJson = (view: SiteKindsView) => ({
  listDate: view.listDate,
  listSize: view.listSize,
  focusBrandId: view.focusBrandId,
  kinds: SITE_KINDS.map((kind) => ({ kind, label: SITE_KIND_LABELS[kind] })),
  overrides: view.overrides,
  domains: view.domains.map((d) => ({ ...d, label: SITE_KIND_LABELS[d.kind] })),
});

function printKinds(ctx: CliContext, view: SiteKindsView): void {
  for (const d of view.domains)
    writeLine(ctx.stdout, `${d.domain}: ${SITE_KIND_LABELS[d.kind]} (from ${SOURCE_WORDS[d.source]})`);
  if (view.domains.length > 0) return;
  writeLine(
    ctx.stdout,
    `Kinds of site: ${SITE_KINDS.join(', ')}.\nList of well-known sites: ${view.listSize} entries, reviewed ${view.listDate}.`,
  );
  if (view.overrides.length === 0)
    return writeLine(ctx.stdout, 'No overrides: set one with `parallax sources kind DOMAIN KIND`.');
  writeLine(ctx.stdout, `\nYour overrides (${view.overrides.length}):`);
  writeLine(
    ctx.stdout,
    formatTable(
      ['Domain', 'Kind', 'Set'],
      view.overrides.map((o) => [o.domain, SITE_KIND_LABELS[o.kind], new Date(o.updatedAt).toISOString()]),
    ),
  );
}

export function registerSiteKindCommands(sources: Command, ctx: CliContext): void {
  sources
    .command('kinds')
    .description('The kinds of cited sites: your overrides, the list’s date, or given domains classed')
    .argument('[domains...]', 'domains to class (example.com)')
    .option('--db <path>', 'history file (default: the app’s)')
    .addHelpText('after', KINDS_HELP)
    .action(async (domains: string[], _flags: unknown, command: Command) => {
      // `sources` takes --db too: whichever command the flag landed on, it is the history.
      const flags = command.optsWithGlobals<{ db?: string }>();
      const input = parseFlags(
        visibilityChannels['visibility.siteKinds'].input,
        { domains },
        { domains: 'DOMAIN' },
      );
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const service = await core.services.visibility();
        const view = askService(() => service.siteKinds(input));
        return ctx.json ? writeJson(ctx, kindsJson(view)) : printKinds(ctx, view);
      });
    });

  sources
    .command('kind')
    .description('Set the kind of a cited domain (or --clear it): wins over the list and the brands')
    .argument('<domain>', 'the domain (example.com); covers its subdomains')
    .argument('[kind]', `one of ${SITE_KINDS.join(', ')}`)
    .option('--clear', 'remove your kind for the domain')
    .option('--db <path>', 'history file (default: the app’s)')
    .addHelpText('after', KIND_HELP)
    .action(async (domain: string, kind: string | undefined, _flags: unknown, command: Command) => {
      const flags = command.optsWithGlobals<{ clear?: boolean; db?: string }>();
      if (flags.clear === true && kind !== undefined)
        throw new CliUsageError('Give a KIND or --clear, not both');
      if (flags.clear !== true && kind === undefined)
        throw new CliUsageError(`Give the kind (${SITE_KINDS.join(', ')}) or --clear`);
      const input = parseFlags(
        visibilityChannels['visibility.setSiteKind'].input,
        { domain, kind: flags.clear === true ? null : kind },
        { domain: 'DOMAIN', kind: 'KIND' },
      );
      await withCliCore(ctx, flags, async (core) => {
        const service = await core.services.visibility();
        const before = askService(() => service.siteKinds({ domains: [] })).overrides;
        const view = askService(() => service.setSiteKind(input));
        const changed = JSON.stringify(before) !== JSON.stringify(view.overrides);
        if (ctx.json) return writeJson(ctx, { ...kindsJson(view), changed });
        const d = view.domains[0];
        if (d)
          writeLine(
            ctx.stdout,
            `${d.domain}: ${SITE_KIND_LABELS[d.kind]} (from ${SOURCE_WORDS[d.source]})${changed ? '' : ' (unchanged)'}`,
          );
      });
    });
}
