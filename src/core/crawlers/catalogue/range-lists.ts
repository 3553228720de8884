import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { addressNumber, inPrefixes, parsePrefix, type Prefix } from './cidr';
import { rangeListNames } from './catalogue';
import applebot from './ranges/applebot.json';
import bingbot from './ranges/bingbot.json';
import chatgptUser from './ranges/chatgpt-user.json';
import googlebot from './ranges/googlebot.json';
import gptbot from './ranges/gptbot.json';
import perplexityUser from './ranges/perplexity-user.json';
import perplexitybot from './ranges/perplexitybot.json';
import searchbot from './ranges/searchbot.json';

// The operators' published address lists, in their published format
// ({ creationTime, prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }): a snapshot of each ships with
// the app, and `parallax bots update FILE` puts a fresher one in the data folder, which wins.

const SHIPPED: Record<string, unknown> = {
  'applebot.json': applebot,
  'bingbot.json': bingbot,
  'chatgpt-user.json': chatgptUser,
  'googlebot.json': googlebot,
  'gptbot.json': gptbot,
  'perplexity-user.json': perplexityUser,
  'perplexitybot.json': perplexitybot,
  'searchbot.json': searchbot,
};

export interface RangeList {
  name: string;
  /** The list's own date (creationTime), YYYY-MM-DD, or null when it carries none. */
  date: string | null;
  origin: 'shipped' | 'updated';
  /** Written without network from the published format: to be refreshed with `parallax bots update`. */
  offline: boolean;
  prefixes: Prefix[];
  contains(address: string): boolean;
}

export type RangeLists = ReadonlyMap<string, RangeList>;

type Parsed = { ok: true; list: Omit<RangeList, 'name' | 'origin'> } | { ok: false; errors: string[] };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function prefixesOf(entries: unknown[], errors: string[]): Prefix[] {
  const prefixes: Prefix[] = [];
  entries.forEach((entry, i) => {
    const keys = isRecord(entry) ? (['ipv4Prefix', 'ipv6Prefix'] as const).filter((k) => k in entry) : [];
    if (keys.length === 0) errors.push(`prefixes[${i}]: has neither ipv4Prefix nor ipv6Prefix`);
    for (const key of keys) {
      const value = (entry as Record<string, unknown>)[key];
      const prefix = typeof value === 'string' ? parsePrefix(value, key === 'ipv4Prefix' ? 4 : 6) : null;
      if (prefix) prefixes.push(prefix);
      else errors.push(`prefixes[${i}].${key}: ${JSON.stringify(value)} is not an IPv${key[3]} prefix`);
    }
  });
  return prefixes;
}

/** A list in the published format, checked entry by entry (every bad entry named). */
export function parseRangeList(json: unknown): Parsed {
  if (!isRecord(json) || !Array.isArray(json.prefixes))
    return { ok: false, errors: ['prefixes: missing (the file is not a published address list)'] };
  const errors: string[] = [];
  const prefixes = prefixesOf(json.prefixes, errors);
  if (prefixes.length === 0 && errors.length === 0) errors.push('prefixes: empty');
  if (errors.length > 0) return { ok: false, errors };
  const created =
    typeof json.creationTime === 'string' ? /^\d{4}-\d{2}-\d{2}/u.exec(json.creationTime) : null;
  return {
    ok: true,
    list: {
      date: created ? created[0] : null,
      offline: json.offline === true,
      prefixes,
      contains: (address) => {
        const n = addressNumber(address);
        return n !== null && inPrefixes(n, prefixes);
      },
    },
  };
}

export function shippedRangeList(name: string): RangeList | null {
  const parsed = name in SHIPPED ? parseRangeList(SHIPPED[name]) : null;
  return parsed?.ok ? { ...parsed.list, name, origin: 'shipped' } : null;
}

/** Each list the catalogue names: the data folder's updated copy when valid, else the shipped one. */
export function loadRangeLists(folder?: string): RangeLists {
  const lists = new Map<string, RangeList>();
  for (const name of rangeListNames()) {
    const file = folder ? join(folder, name) : null;
    if (file && existsSync(file)) {
      const parsed = parseRangeList(JSON.parse(readFileSync(file, 'utf8')) as unknown);
      if (parsed.ok) {
        lists.set(name, { ...parsed.list, name, origin: 'updated' });
        continue;
      }
    }
    const shipped = shippedRangeList(name);
    if (shipped) lists.set(name, shipped);
  }
  return lists;
}

/**
 * Checks a published list and puts it in `folder` under `name` (default: the file's own name,
 * which must be one the catalogue uses), replacing the one there. Throws with every problem named.
 */
export function writeRangeList(folder: string, file: string, name = basename(file)): RangeList {
  if (!rangeListNames().includes(name))
    throw new Error(
      `${name}: not a list the catalogue uses (${rangeListNames().join(', ')}); name it with --as`,
    );
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not JSON (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  const parsed = parseRangeList(json);
  if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.join('; ')}`);
  mkdirSync(folder, { recursive: true });
  const target = join(folder, name);
  writeFileSync(`${target}.tmp`, JSON.stringify(json));
  renameSync(`${target}.tmp`, target);
  return { ...parsed.list, name, origin: 'updated' };
}

/** Where `parallax bots update` puts the lists, in the data folder of the app and the CLI. */
export const rangesFolderOf = (dataFolder: string): string => join(dataFolder, 'crawlers', 'ranges');
