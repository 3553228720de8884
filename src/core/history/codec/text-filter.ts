// A Bloom filter of look-up values (a dictionary's first column, text-dictionary.ts): "absent"
// is certain, "present" only likely. It lets a dictionary that has seen every stored tuple (it
// started from an empty table, as a first sync does) tell a batch's new tuples apart without
// looking each one up in the table's index: only the few the filter holds are looked up.

/** Bits per value kept: about 1 % of absent values read as present, with PROBES probes each. */
const BITS_PER_VALUE = 10;
const PROBES = 5;

export interface LookupFilter {
  /** False only when the value was never added. */
  mayHold(value: string): boolean;
  add(value: string): void;
  /** How many values were added. */
  readonly size: number;
  /** How many values it holds before its false positives pass about 1 %. */
  readonly capacity: number;
}

/** The two 32-bit hashes of a string (FNV-1a and a multiplicative one) the probes step by. */
let hashA = 0;
let hashB = 0;
function hashInto(value: string): void {
  let a = 0x811c9dc5;
  let b = 0x9e3779b1;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x85ebca6b) ^ (b >>> 13);
  }
  hashA = a >>> 0;
  // Odd, so a value's probes are PROBES different bits.
  hashB = (b | 1) >>> 0;
}

/** A filter of 2^log2Bits bits (at least 32). */
export function createLookupFilter(log2Bits: number): LookupFilter {
  const words = new Uint32Array(2 ** Math.max(0, log2Bits - 5));
  const mask = words.length * 32 - 1;
  let size = 0;
  return {
    mayHold(value) {
      hashInto(value);
      for (let i = 0; i < PROBES; i++) {
        const at = (hashA + Math.imul(i, hashB)) & mask;
        if (((words[at >>> 5] as number) & (1 << (at & 31))) === 0) return false;
      }
      return true;
    },
    add(value) {
      hashInto(value);
      for (let i = 0; i < PROBES; i++) {
        const at = (hashA + Math.imul(i, hashB)) & mask;
        words[at >>> 5] = (words[at >>> 5] as number) | (1 << (at & 31));
      }
      size += 1;
    },
    get size() {
      return size;
    },
    capacity: Math.floor((words.length * 32) / BITS_PER_VALUE),
  };
}

/** A new covering filter's size (2 MiB: about 1.7 million values), then 8 times larger when it fills. */
export const COVERING_LOG2_BITS = 24;
const GROWTH_LOG2 = 3;
/** The largest covering filter (16 MiB, about 13 million values); past twice that, it is dropped. */
const MAX_LOG2_BITS = 27;

/**
 * A filter of every value of a table whose rows are numbered one after another, kept while
 * this connection has seen them all: it starts with an empty table (a new history's first
 * sync), takes each value the connection adds, and covers the table while its largest id is
 * the last one the connection added. Another writer, a rollback or a removal moves that id, and
 * the filter is dropped (the caller then looks every value up, as without one). When it fills,
 * it is made again, larger, from the table's values (inside the write transaction: nothing
 * else writes meanwhile), up to a limit past which it is dropped.
 */
export interface CoveringFilter {
  /** Before a batch's look-ups, with the table's largest id now: the filter, if it covers the table. */
  cover(lastId: number): LookupFilter | null;
  /** After the connection added values (each passed to the filter's add), up to this id. */
  addedUpTo(lastId: number): void;
  /** Forgets the filter (a rollback, or rows removed). */
  drop(): void;
}

export function createCoveringFilter(
  /** Every stored value, to make a larger filter from. */
  scan: () => Iterable<string>,
  log2Bits = COVERING_LOG2_BITS,
): CoveringFilter {
  let known: { filter: LookupFilter; log2Bits: number; upTo: number } | null = null;
  return {
    cover(lastId) {
      if (known !== null && known.upTo !== lastId) known = null;
      if (known === null) {
        if (lastId === 0) known = { filter: createLookupFilter(log2Bits), log2Bits, upTo: 0 };
        return known?.filter ?? null;
      }
      if (known.filter.size <= known.filter.capacity) return known.filter;
      if (known.log2Bits >= MAX_LOG2_BITS) {
        if (known.filter.size > 2 * known.filter.capacity) known = null;
        return known?.filter ?? null;
      }
      const grown = Math.min(known.log2Bits + GROWTH_LOG2, MAX_LOG2_BITS);
      const filter = createLookupFilter(grown);
      for (const value of scan()) filter.add(value);
      known = { filter, log2Bits: grown, upTo: lastId };
      return filter;
    },
    addedUpTo(lastId) {
      if (known !== null) known.upTo = lastId;
    },
    drop() {
      known = null;
    },
  };
}
