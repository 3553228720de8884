import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../../core/platform';
import { FACTS_BY, type FactsBy, type FactSheetFormat } from '../../../shared/facts';
import { CliExit, CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { READS, withCliCore } from '../../core';
import { periodOf } from '../../visibility-filters';
import type { RegisterCommand } from '../register-command';
import { registerCheck } from './facts-check';
import { printFigures, printSheet } from './facts-output';
import { finishRecheck } from './facts-recheck';

// `parallax facts`: brand fact sheets (set from a YAML or CSV file, shown) and what the stored
// answers say about them (core.services.facts()), the same figures as the app's. A sheet change
// re-checks the history; every command that reads the figures first finishes a pending re-check.

const DAY_MS = 86_400_000;

const HELP = `
The discrepancy rate of a brand: answers naming it with at least one contradicted fact, over
those addressing any of its facts (n), with its 95 % interval; "few answers" under 30.

JSON (--json): { brands: [ { brand, discrepancyRate: {value, lower, upper, n}, facts: [ { key,
supported, contradicted, notAddressed, byModel } ], notChecked } ], sources: [ { brand, domain,
contradicting, supporting, contradictingShare, supportingShare } ], judgedBy, notChecked:
{ answers, note } }; with --by, each brand entry also names its engine, country, language (as the
checker told it; "und" before it did) or fact.

Examples:
  parallax facts set Keyfort --file keyfort.yaml
  parallax facts show Keyfort --json
  parallax facts --since 30d --by engine
  parallax facts check --model --since 7d`;

const SET_HELP = `
The file, YAML:
  facts:
    - { key: price-personal, kind: price, value: { amount: 3, currency: USD, period: month }, words: [personal plan] }
    - { key: free-plan, kind: yes-no, value: yes, words: [free plan, free tier] }
    - { key: founded, kind: year, value: 2014 }
    - { key: headquarters, kind: place, value: Oslo }
or CSV with the header key,kind,value,words (value as text: "3 USD/month", "yes", "2014", "Oslo",
"Windows;macOS"; words separated by ";"). Kinds: price, yes-no, year, place, number, list, person,
and text (a free-form claim, "30-day money-back guarantee": only your model judge reads it, with
\`parallax facts check --model\`).
A bad fact is named with its line and field and left out; the others are stored (exit 1 then).

JSON (--json): { brand, brandId, stored, version, errors: [ { line, field, message } ] }.`;

function formatOf(file: string): FactSheetFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  if (ext === '.csv') return 'csv';
  throw new CliUsageError(`--file must be a .yaml, .yml or .csv file, got "${file}"`);
}

function readSheetFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliUsageError(`Cannot read ${file} (${(err as Error).message})`);
  }
}

function byOf(value: string | undefined): FactsBy | null {
  if (value === undefined) return null;
  if (!(FACTS_BY as readonly string[]).includes(value))
    throw new CliUsageError(`--by takes one of ${FACTS_BY.join(', ')}, got "${value}"`);
  return value as FactsBy;
}

/** A service call whose unknown brand is bad usage (exit 2). */
function ask<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof AppError && error.code === 'BRAND_NOT_FOUND') throw new CliUsageError(error.message);
    throw error;
  }
}

function registerSet(facts: Command, ctx: CliContext): void {
  facts
    .command('set')
    .description('Set a tracked brand’s fact sheet from a YAML or CSV file (re-checks the history)')
    .argument('<brand>', 'brand name or id')
    .requiredOption('--file <path>', 'the fact sheet (.yaml, .yml or .csv)')
    .option('--db <path>', 'history file (default: the app’s)')
    .addHelpText('after', SET_HELP)
    .action(async (brand: string, flags: { file: string; db?: string }) => {
      const format = formatOf(flags.file);
      const text = readSheetFile(flags.file);
      // --db may land on `facts` itself (commander gives a shared option to the parent).
      const db = flags.db ?? facts.opts<{ db?: string }>().db;
      await withCliCore(ctx, { db }, async (core) => {
        const service = await core.services.facts();
        const result = ask(() => service.setSheet(brand, text, format));
        if (result.version !== null) finishRecheck(ctx, service);
        if (ctx.json) {
          writeJson(ctx, {
            brand: result.brand,
            brandId: result.brandId,
            stored: result.version === null ? 0 : result.facts.length,
            version: result.version,
            errors: result.errors,
          });
        } else {
          for (const e of result.errors)
            writeLine(
              ctx.stderr,
              `${flags.file}${e.line === undefined ? '' : `:${e.line}`}: ${e.field}: ${e.message}`,
            );
          writeLine(
            ctx.stdout,
            result.version === null
              ? `No fact stored for ${result.brand}: the file has no good fact.`
              : `${result.brand}: ${result.facts.length} fact${result.facts.length === 1 ? '' : 's'} stored; the stored answers were checked against them.`,
          );
        }
        if (result.version === null) throw new CliExit(2);
        if (result.errors.length > 0) throw new CliExit(1);
      });
    });
}

function registerShow(facts: Command, ctx: CliContext): void {
  facts
    .command('show')
    .description('A tracked brand’s fact sheet')
    .argument('<brand>', 'brand name or id')
    .option('--db <path>', 'history file (default: the app’s)')
    .action(async (brand: string, flags: { db?: string }) => {
      const db = flags.db ?? facts.opts<{ db?: string }>().db;
      await withCliCore(ctx, { ...READS, db }, async (core) => {
        const service = await core.services.facts();
        const { brand: name, brandId, facts: own } = ask(() => service.sheet(brand));
        if (ctx.json) return writeJson(ctx, { brand: name, brandId, facts: own });
        printSheet(ctx, name, own);
      });
    });
}

export const registerFactsCommands: RegisterCommand = (program: Command, ctx: CliContext) => {
  const facts = program
    .command('facts')
    .description('What the answers say about the brands’ facts: discrepancy rates, facts, sources of errors')
    .option('--since <span>', 'the last N days (30d) or weeks (4w); default 30d')
    .option('--by <dimension>', 'also split by engine, country, language or fact')
    .option('--db <path>', 'history file (default: the app’s)')
    .addHelpText('after', HELP)
    .action(async (flags: { since?: string; by?: string; db?: string }) => {
      const by = byOf(flags.by);
      const period = periodOf({ since: flags.since }, Date.now()) as { days: number };
      await withCliCore(ctx, flags, async (core) => {
        const service = await core.services.facts();
        finishRecheck(ctx, service);
        const sinceMs = Date.now() - period.days * DAY_MS;
        const figures = service.figures({ sinceMs, by });
        if (ctx.json) return writeJson(ctx, figures);
        printFigures(ctx, figures);
      });
    });
  registerSet(facts, ctx);
  registerShow(facts, ctx);
  registerCheck(facts, ctx);
};
