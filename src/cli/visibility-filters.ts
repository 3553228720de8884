import type { Command } from 'commander';
import { isCountryCode } from '../shared/api/countries';
import { US_STATES } from '../shared/api/engines';
import type { BrandView } from '../shared/ipc/channels/library';
import type { VisibilityDimension } from '../shared/visibility/types';
import { AppError } from '../core/platform';
import type { HistoryStore } from '../core/history';
import { isoDay, VISIBILITY_ERROR_CODES } from '../core/analysis';
import { CliUsageError } from './context';
import type { FlagNames } from './schema-input';
import type { EngineLabelOf } from '../shared/profile';

// The filter flags `parallax visibility` and `parallax sources` share (period, engines,
// locations, monitor, brand), turned into the input of the visibility.* IPC channels. Names
// the user types (a brand, a monitor, a location) are looked up in the history first, so a
// typo exits 2 with the valid choices; everything else is left to the channel's schema.

export interface FilterFlags {
  since?: string;
  from?: string;
  to?: string;
  engine?: string[];
  countries?: string[];
  monitor?: string;
  brand?: string;
  /** Leave out the prompts that name a tracked brand (where the command offers it). */
  unbranded?: boolean;
  db?: string;
}

/** The schema fields these flags fill, for parseFlags' messages. */
export const FILTER_FLAG_NAMES: FlagNames = {
  'period.days': '--since (in days)',
  'period.from': '--from',
  'period.to': '--to',
  engines: '--engine',
  locations: '--countries',
  brandId: '--brand',
  'scope.id': '--monitor',
  limit: '--limit',
  by: '--by',
  domain: '--domain',
  topic: '--topic',
};

/** Repeatable flag that also takes comma lists: --engine a --engine b,c → [a, b, c], each once. */
export const collectList = (value: string, previous: string[] = []): string[] => [
  ...new Set([
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  ]),
];

/** --since/--from/--to, --engine and --countries: the period and the cells a read covers. */
export function addPeriodCellOptions(command: Command): Command {
  return command
    .option('--since <span>', 'the last N days (30d) or weeks (4w), today included; default 30d')
    .option('--from <date>', 'first day, YYYY-MM-DD (UTC); with --to (default: today)')
    .option('--to <date>', 'last day, YYYY-MM-DD (UTC), included')
    .option('--engine <names>', 'only these engines (repeatable or comma list)', collectList)
    .option(
      '--countries <list>',
      'only these locations: countries or US states, e.g. US,DE,US-CA (repeatable or comma list)',
      collectList,
    );
}

export function addFilterOptions(command: Command): Command {
  return addPeriodCellOptions(command)
    .option(
      '--monitor <id|name>',
      "only the runs of this monitor (its id or name, e.g. 'Demo · Buying guides')",
    )
    .option('--db <path>', 'history file (default: the app\u2019s)');
}

const SINCE = /^(\d+)\s*([dw])$/i;

/** --since / --from / --to → the period the schema checks ({ days } or { from, to }). */
export function periodOf(flags: Pick<FilterFlags, 'since' | 'from' | 'to'>, now: number): unknown {
  if (flags.since !== undefined && (flags.from !== undefined || flags.to !== undefined))
    throw new CliUsageError('Use --since or --from/--to, not both');
  if (flags.from !== undefined)
    return { from: flags.from, to: flags.to ?? isoDay(Math.floor(now / 86_400_000)) };
  if (flags.to !== undefined) throw new CliUsageError('--to needs --from (the first day of the period)');
  const since = flags.since ?? '30d';
  const match = SINCE.exec(since.trim());
  const days = match ? Number(match[1]) * ((match[2] as string).toLowerCase() === 'w' ? 7 : 1) : 0;
  if (days < 1)
    throw new CliUsageError(
      `--since must be a number of days or weeks, at least 1 day (30d, 4w), got "${since}"`,
    );
  return { days };
}

/** A brand by id, or by name ignoring case; null when none matches. */
export function findBrand(brands: readonly BrandView[], nameOrId: string): BrandView | null {
  const key = nameOrId.trim().toLowerCase();
  return (
    brands.find((b) => b.id === nameOrId.trim()) ?? brands.find((b) => b.name.toLowerCase() === key) ?? null
  );
}

export function brandChoices(brands: readonly BrandView[]): string {
  return brands.length === 0
    ? 'the history has no brands yet (add one with `parallax brands add NAME --kind brand`)'
    : `brands: ${brands.map((b) => `${b.name} (${b.kind})`).join(', ')}`;
}

/** The brand named by --brand, or exit 2 listing the brands. */
export function requireBrand(store: HistoryStore, nameOrId: string): BrandView {
  const brands = store.listBrands();
  const brand = findBrand(brands, nameOrId);
  if (!brand) throw new CliUsageError(`No brand "${nameOrId}"; ${brandChoices(brands)}`);
  return brand;
}

/** The monitor named by --monitor (its id, or its name ignoring case), or exit 2 listing the monitors. */
export function requireMonitor(store: HistoryStore, nameOrId: string): string {
  const monitors = store.listMonitors();
  const key = nameOrId.trim().toLowerCase();
  const found =
    monitors.find((m) => m.id === nameOrId.trim()) ?? monitors.find((m) => m.name.toLowerCase() === key);
  if (found) return found.id;
  const choices =
    monitors.length === 0
      ? 'the history has no monitors'
      : `monitors: ${monitors.map((m) => `${m.id} (${m.name})`).join(', ')}`;
  throw new CliUsageError(`No monitor "${nameOrId}"; ${choices}`);
}

/** Locations with answers anywhere in the history ('DE', 'US-CA'), sorted. */
export function historyLocations(store: HistoryStore): string[] {
  const range = store.visDayRange();
  if (!range) return [];
  return store
    .visCells({ fromDay: range.first, toDay: range.last }, ['loc'])
    .map((c) => String(c.loc))
    .sort();
}

/** Answers stored in the whole history (what a brand change re-analyses). */
export function historyAnswers(store: HistoryStore): number {
  const range = store.visDayRange();
  if (!range) return 0;
  return store.visCells({ fromDay: range.first, toDay: range.last }, []).reduce((s, c) => s + c.answers, 0);
}

const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));

function isLocation(key: string): boolean {
  const [country, state] = key.split('-');
  if (state === undefined) return isCountryCode(country);
  return country === 'US' && STATE_CODES.has(state);
}

/** --countries values upper-cased and checked: a country code or a US state (US-CA). */
function locationsOf(store: HistoryStore, values: readonly string[]): string[] {
  const keys = values.map((v) => v.toUpperCase());
  const unknown = keys.filter((k) => !isLocation(k));
  if (unknown.length > 0) {
    const known = historyLocations(store);
    throw new CliUsageError(
      `Unknown location ${unknown.map((u) => `"${u}"`).join(', ')}: use a country code (DE, GB) or a US state (US-CA)` +
        (known.length > 0 ? `; locations in this history: ${known.join(', ')}` : ''),
    );
  }
  return keys;
}

/** The visibility.* query fields the filter flags give (unvalidated: the channel schema checks them). */
export function queryOf(store: HistoryStore, flags: FilterFlags, now: number): Record<string, unknown> {
  return {
    period: periodOf(flags, now),
    ...(flags.monitor !== undefined
      ? { scope: { kind: 'monitor', id: requireMonitor(store, flags.monitor) } }
      : {}),
    ...(flags.engine?.length ? { engines: flags.engine } : {}),
    ...(flags.countries?.length ? { locations: locationsOf(store, flags.countries) } : {}),
    ...(flags.brand !== undefined ? { brandId: requireBrand(store, flags.brand).id } : {}),
    ...(flags.unbranded === true ? { unbranded: true } : {}),
  };
}

/**
 * Runs a service call, turning the service's input errors (a period the schema let through,
 * such as 2026-02-30, an unknown scope or brand) into exit 2 with its message.
 */
export function askService<T>(call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof AppError && (VISIBILITY_ERROR_CODES as readonly string[]).includes(error.code))
      throw new CliUsageError(error.message);
    throw error;
  }
}

/** The focus brand as the service picks it (VisibilityQuery.brandId): the given one, else the first brand of kind 'brand' by name. */
export function focusOf(brands: Map<string, BrandView>, brandId: string | undefined): BrandView | null {
  if (brandId !== undefined) return brands.get(brandId) ?? null;
  return (
    [...brands.values()].filter((b) => b.kind === 'brand').sort((a, b) => a.name.localeCompare(b.name))[0] ??
    null
  );
}

/** Brand names by id, for printing rows that carry ids. */
export function brandNames(store: HistoryStore): Map<string, BrandView> {
  return new Map(store.listBrands().map((b) => [b.id, b]));
}

/** The CLI's names for the services' dimensions ('country' is the services' 'location'). */
export const BY: Record<string, VisibilityDimension> = {
  day: 'day',
  run: 'run',
  country: 'location',
  engine: 'engine',
};
export const BY_NAME: Record<VisibilityDimension, string> = {
  day: 'day',
  run: 'run',
  location: 'country',
  engine: 'engine',
};

/** --by: one or two of day, run, country, engine (comma-separated), or exit 2. */
export function parseBy(value: string): VisibilityDimension[] {
  const names = value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  if (names.length === 0 || names.some((n) => !(n in BY)))
    throw new CliUsageError(
      `--by must be day, run, country or engine (one or two, comma-separated), got "${value}"`,
    );
  return names.map((n) => BY[n] as VisibilityDimension);
}

/**
 * A bucket row's keys in JSON: "bucket" ("2026-11-02 / DE"), one key per dimension, the run's
 * label, and the engine's label in the service profile beside its id.
 */
export function bucketFields(
  by: readonly VisibilityDimension[],
  bucket: Partial<Record<VisibilityDimension, string>>,
  runLabels: Record<string, string>,
  labelOf?: EngineLabelOf,
): Record<string, string | null> {
  return {
    bucket: by.map((d) => bucket[d] ?? '').join(' / '),
    ...Object.fromEntries(by.map((d) => [BY_NAME[d], bucket[d] ?? null])),
    ...(bucket.run !== undefined ? { runLabel: runLabels[bucket.run] ?? null } : {}),
    ...(bucket.engine !== undefined && labelOf ? { engineLabel: labelOf(bucket.engine) } : {}),
  };
}
