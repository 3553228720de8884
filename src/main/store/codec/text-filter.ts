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
