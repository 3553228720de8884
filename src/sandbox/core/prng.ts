// Deterministic randomness: every synthetic answer and every fault draw comes from a
// small seeded generator, so the same inputs give the same output on every machine.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a's state after one more code unit. */
const fnvUnit = (h: number, unit: number): number => Math.imul(h ^ unit, FNV_PRIME);

/** FNV-1a's state after the code units of `text`. */
function fnvText(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = fnvUnit(h, text.charCodeAt(i));
  return h;
}

/** FNV-1a 32-bit hash of a string. */
export function hash32(text: string): number {
  return fnvText(FNV_OFFSET, text) >>> 0;
}

/** The character between two parts in `hashParts` (␟, "symbol for unit separator"). */
const PART_SEPARATOR = 0x241f;

/**
 * Hash of several parts, separated so ('ab','c') and ('a','bc') differ: `hash32` of the parts
 * joined by ␟, hashed part by part without building the joined string (the sandbox hashes a few
 * hundred times an answer).
 */
export function hashParts(...parts: HashPart[]): number {
  return fnvParts(parts) >>> 0;
}

type HashPart = string | number | boolean | undefined | null;

/** FNV-1a's state after the parts joined by ␟ (null and undefined as empty parts). */
function fnvParts(parts: readonly HashPart[]): number {
  let h = FNV_OFFSET;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) h = fnvUnit(h, PART_SEPARATOR);
    const part = parts[p];
    h = fnvText(h, typeof part === 'string' ? part : String(part ?? ''));
  }
  return h;
}

/**
 * The running state of `hashParts` after its first parts (one at least), for many hashes that
 * start with the same parts: finish each with `hashPartsAfter`, which then hashes only its own
 * part. Not a hash itself.
 */
export function hashPrefix(...parts: HashPart[]): number {
  return fnvParts(parts);
}

/** `hashParts(...prefixParts, part)`, from `hashPrefix(...prefixParts)`. */
export function hashPartsAfter(prefix: number, part: string): number {
  return fnvText(fnvUnit(prefix, PART_SEPARATOR), part) >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

/** mulberry32: tiny, fast and good enough for synthetic data. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as (typeof out)[number], out[i] as (typeof out)[number]];
      }
      return out;
    },
  };
}
