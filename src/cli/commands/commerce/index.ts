import type { Command } from 'commander';
import { visibilityQuerySchema } from '../../../shared/ipc/channels/visibility';
import type { CommerceBy, CommerceQuery, CommerceService } from '../../../shared/commerce';
import { AppError } from '../../../core/platform';
import { CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';
import { finishReanalysis } from '../../reanalysis-progress';
import { parseFlags } from '../../schema-input';
import {
  addFilterOptions,
  askService,
  FILTER_FLAG_NAMES,
  queryOf,
  type FilterFlags,
} from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';
import { printAds, printProducts, printSummary } from './commerce-output';

// `parallax commerce`, `parallax products` and `parallax ads`: the commerce layer of the stored
// answers (shelf, prices, merchants, ads, conquesting, paid vs organic) from the command line,
// the same numbers as the app's (core.services.commerce()).

interface CommerceFlags extends FilterFlags {
  by?: string;
  limit?: string;
}

const BY: readonly CommerceBy[] = ['engine', 'country', 'day', 'merchant'];

const HELP = `
JSON (--json): rates are {value, lower, upper, n}, fractions 0-1 with their 95 % interval
(value/lower/upper null when n = 0); n is the answers a presence is over, the slots a share is over.
  {period:{from,to,days}, surfaces:{answers, withShopping, withAds, productSlots, adSlots,
   shoppingRate:rate}, brands:[{brand, brandId, kind, shelfPresence, shelfShare, bestRank,
   priceIndex, priceCurrency, adPresence, adShare, merchants:[{merchant, slots}], note}],
   paidVsOrganic:[{brand, engine, answers, mentionRate, shelfPresence, adPresence}],
   by, buckets:[{bucket, surfaces, brands}], empty}
Shelf presence: answers with a shopping surface showing >= 1 product of the brand, over answers
with one. Share of shelf: the brand's product slots over all product slots (answers as clusters).
Best rank: mean of the brand's best position per answer where it is on the shelf. Price index:
the brand's median price over the median of all products in the same answers, in its main
currency. "few answers": n under 30, too few to act on.

Examples:
  parallax commerce --since 30d
  parallax commerce --by engine --json
  parallax commerce --from 2026-10-01 --to 2026-10-31 --countries US,DE --brand Veloxa`;

/** The stored answers without commerce rows yet are read into rows before any number is given. */
async function finishFill(ctx: CliContext, service: CommerceService): Promise<void> {
  let step = service.fill();
  if (step.done === 0 && step.left === 0) return;
  if (!ctx.json) writeLine(ctx.stderr, 'Reading the products and ads of stored answers…');
  while (step.left > 0 && step.done > 0) step = service.fill();
}

function byOf(value: string | undefined): CommerceBy | undefined {
  if (value === undefined) return undefined;
  if (!(BY as readonly string[]).includes(value))
    throw new CliUsageError(`--by takes one of ${BY.join(', ')}, got "${value}"`);
  return value as CommerceBy;
}

function commerceAsk<T>(call: () => T): T {
  try {
    return askService(call);
  } catch (error) {
    if (error instanceof AppError && error.code === 'BAD_SCOPE') throw new CliUsageError(error.message);
    throw error;
  }
}

type Reader = (service: CommerceService, query: CommerceQuery, flags: CommerceFlags) => void;

function commerceAction(ctx: CliContext, read: Reader) {
  return async (flags: CommerceFlags) => {
    await withCliCore(ctx, { ...READS, ...flags }, async (core) => {
      await finishReanalysis(ctx, await core.services.visibility());
      const service = await core.services.commerce();
      await finishFill(ctx, service);
      const query = parseFlags(
        visibilityQuerySchema,
        queryOf(core.store, flags, Date.now()),
        FILTER_FLAG_NAMES,
      );
      read(service, query, flags);
    });
  };
}

function limitOf(value: string | undefined): number {
  if (value === undefined) return 20;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 500)
    throw new CliUsageError(`--limit takes 1 to 500, got "${value}"`);
  return n;
}

export const registerCommerceCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  addFilterOptions(
    program
      .command('commerce')
      .description(
        'Shelf, prices and ads of the stored answers: shopping rate, share of shelf, ads, paid vs organic',
      ),
  )
    .option('--brand <name>', 'only this brand’s rows (name or id)')
    .option('--by <dimension>', 'also split by engine, country, day or merchant')
    .addHelpText('after', HELP)
    .action(
      commerceAction(ctx, (service, query, flags) => {
        const view = commerceAsk(() => service.summary(query, byOf(flags.by)));
        if (ctx.json) return writeJson(ctx, view);
        printSummary(ctx, view);
      }),
    );
  addFilterOptions(
    program
      .command('products')
      .description(
        'Top products of the stored answers with their price per location and merchant, and price changes',
      ),
  )
    .option('--brand <name>', 'only this brand’s products (name or id)')
    .option('--limit <n>', 'how many products (default 20)')
    .action(
      commerceAction(ctx, (service, query, flags) => {
        const view = commerceAsk(() => service.products(query, limitOf(flags.limit)));
        if (ctx.json) return writeJson(ctx, view);
        printProducts(ctx, view);
      }),
    );
  addFilterOptions(
    program
      .command('ads')
      .description('Advertisers of the stored answers, the untracked ones, and the conquest list'),
  ).action(
    commerceAction(ctx, (service, query) => {
      const view = commerceAsk(() => service.ads(query));
      if (ctx.json) return writeJson(ctx, view);
      printAds(ctx, view);
    }),
  );
};
