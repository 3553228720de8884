import type { Command } from 'commander';
import { libraryChannels, type BrandView } from '../../../shared/ipc/channels/library';
import { HistoryStateError } from '../../../core/history';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { formatTable, READS, withCliCore, type CliCore } from '../../core';
import { parseFlags, type FlagNames } from '../../schema-input';
import { finishReanalysis } from '../../reanalysis-progress';
import { brandChoices, findBrand, historyAnswers } from '../../visibility-filters';
import { registerDiscoverCommands } from './discover';
import type { RegisterCommand } from '../register-command';

// `parallax brands list|add|remove`: the brand and its competitors that Visibility measures.
// Input is checked with the 'brands.save' channel's schema, as in the app. A change re-analyses
// the stored history (the store does it in the same transaction), so the command says how
// many stored answers that covered.

const SAVE_FLAGS: FlagNames = {
  id: 'ID',
  name: 'NAME',
  kind: '--kind',
  aliases: '--alias',
  domains: '--domain',
};
const collect = (value: string, previous: string[]): string[] => [...previous, value];

interface AddFlags {
  kind?: string;
  alias: string[];
  domain: string[];
  update?: boolean;
  replace?: boolean;
  db?: string;
}

const ADD_HELP = `
A brand that already exists (same name, ignoring case) is not changed unless you say so:
  --update   adds the given aliases and domains to it (and sets --kind if given)
  --replace  sets its aliases and domains to exactly the given ones (and --kind if given)
Without --kind a new brand is a competitor. Saving re-analyses the stored history.

JSON (--json): { action: "created" | "updated" | "unchanged", brand: {id, name, kind, aliases,
domains}, reanalysedAnswers }.`;

/** Adds values not already present (ignoring case), keeping the existing order first. */
function merged(existing: readonly string[], added: readonly string[]): string[] {
  const out = [...existing];
  for (const v of added) if (!out.some((o) => o.toLowerCase() === v.trim().toLowerCase())) out.push(v);
  return out;
}

/** The 'brands.save' input the flags ask for: a new brand, or the existing one changed. */
function saveInput(name: string, flags: AddFlags, existing: BrandView | null): Record<string, unknown> {
  if (!existing)
    return { name, kind: flags.kind ?? 'competitor', aliases: flags.alias, domains: flags.domain };
  return {
    id: existing.id,
    name: existing.name,
    kind: flags.kind ?? existing.kind,
    aliases: flags.replace ? flags.alias : merged(existing.aliases, flags.alias),
    domains: flags.replace ? flags.domain : merged(existing.domains, flags.domain),
  };
}

const sameBrand = (a: BrandView, b: Omit<BrandView, 'id'>): boolean =>
  a.name === b.name &&
  a.kind === b.kind &&
  a.aliases.join('\n') === b.aliases.join('\n') &&
  a.domains.join('\n') === b.domains.join('\n');

async function addBrand(ctx: CliContext, core: CliCore, name: string, flags: AddFlags) {
  const { store } = core;
  const existing = findBrand(store.listBrands(), name);
  if (existing && !flags.update && !flags.replace)
    throw new CliUsageError(
      `A brand named "${existing.name}" already exists: use --update to add aliases and domains to it, or --replace to set them`,
    );
  const input = parseFlags(
    libraryChannels['brands.save'].input,
    saveInput(name, flags, existing),
    SAVE_FLAGS,
  );
  if (existing && sameBrand(existing, input))
    return { action: 'unchanged' as const, brand: existing, reanalysedAnswers: 0 };
  let brand: BrandView;
  try {
    brand = store.saveBrand(input);
  } catch (err) {
    if (err instanceof HistoryStateError) throw new CliUsageError(err.message);
    throw err;
  }
  return {
    action: existing ? ('updated' as const) : ('created' as const),
    brand,
    reanalysedAnswers: await reanalyse(ctx, core),
  };
}

/**
 * Finishes the re-analysis a brand change started and says how many stored answers it covered
 * (all of them: a small history is done within the save itself, leaving nothing pending).
 */
async function reanalyse(ctx: CliContext, core: CliCore): Promise<number> {
  return (await finishReanalysis(ctx, await core.services.visibility()))?.total ?? historyAnswers(core.store);
}

const list = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '-');

export const registerBrandsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const brands = program
    .command('brands')
    .description('The brand and competitors Visibility measures: list, add, remove, discover');

  brands
    .command('list')
    .description('List brands with their kind, aliases and domains')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', '\nJSON (--json): { brands: [{id, name, kind, aliases, domains}] }')
    .action(async (flags: { db?: string }) => {
      await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
        const all = core.store.listBrands();
        if (ctx.json) return writeJson(ctx, { brands: all });
        if (all.length === 0)
          return writeLine(
            ctx.stdout,
            'No brands yet: add one with `parallax brands add NAME --kind brand`.',
          );
        writeLine(
          ctx.stdout,
          formatTable(
            ['Name', 'Kind', 'Aliases', 'Domains', 'Id'],
            all.map((b) => [b.name, b.kind, list(b.aliases), list(b.domains), b.id]),
          ),
        );
      });
    });

  brands
    .command('add')
    .description('Add a brand or competitor (the names and domains that count as it)')
    .argument('<name>', 'the brand as answers name it')
    .option('--kind <kind>', 'brand (yours) or competitor; default competitor for a new brand')
    .option('--alias <name>', 'another name that counts as the brand (repeatable)', collect, [])
    .option('--domain <domain>', 'a site of the brand, e.g. example.com (repeatable)', collect, [])
    .option('--update', 'if it exists: add these aliases and domains to it')
    .option('--replace', 'if it exists: set its aliases and domains to exactly these')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText('after', ADD_HELP)
    .action(async (name: string, flags: AddFlags) => {
      if (flags.update && flags.replace) throw new CliUsageError('Use --update or --replace, not both');
      await withCliCore(ctx, flags, async (core) => {
        const out = await addBrand(ctx, core, name, flags);
        if (ctx.json) return writeJson(ctx, out);
        const { brand } = out;
        if (out.action === 'unchanged') return writeLine(ctx.stdout, `${brand.name} is unchanged.`);
        writeLine(
          ctx.stdout,
          `${out.action === 'created' ? 'Added' : 'Updated'} ${brand.kind} ${brand.name} (${brand.id}); ` +
            `aliases: ${list(brand.aliases)}; domains: ${list(brand.domains)}.`,
        );
        writeLine(ctx.stdout, `Re-analysed ${out.reanalysedAnswers} stored answers.`);
      });
    });

  brands
    .command('remove')
    .description('Remove a brand (by name or id) and re-analyse the stored history without it')
    .argument('<name-or-id>', 'the brand name (ignoring case) or its id')
    .option('--db <path>', 'history file (default: the app\u2019s)')
    .addHelpText(
      'after',
      '\nJSON (--json): { removed: {id, name, kind, aliases, domains}, reanalysedAnswers }',
    )
    .action(async (nameOrId: string, flags: { db?: string }) => {
      await withCliCore(ctx, flags, async (core) => {
        const all = core.store.listBrands();
        const brand = findBrand(all, nameOrId);
        if (!brand) throw new CliUsageError(`No brand "${nameOrId}"; ${brandChoices(all)}`);
        core.store.deleteBrand(brand.id);
        const reanalysedAnswers = await reanalyse(ctx, core);
        if (ctx.json) return writeJson(ctx, { removed: brand, reanalysedAnswers });
        writeLine(
          ctx.stdout,
          `Removed ${brand.kind} ${brand.name}. Re-analysed ${reanalysedAnswers} stored answers.`,
        );
      });
    });

  registerDiscoverCommands(brands, ctx);
};
