// Every whole word the phrases of one language use, numbered once when its index is built, so
// the tokenizer can tell a word's number from the hash it computes while reading the word's
// characters: no string is cut out of the answer and no string is hashed again for the lookup
// (those two steps were the largest single cost of the judge). Open addressing over an
// Int32Array; a slot's word is compared with the answer's characters before it is trusted.

/** Hash of one UTF-16 unit appended to `h`; the tokenizer applies it to every unit of a word. */
export function hashStep(h: number, unit: number): number {
  return (Math.imul(h, 31) + unit) | 0;
}

export function hashText(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = hashStep(h, s.charCodeAt(i));
  return h;
}

// A slot is four numbers side by side in one array (id + 1, hash, length, offset of its units):
// a probe reads one cache line, not one line in each of four arrays. The judge reads answers of
// many languages in turn, so a language's table is mostly out of the cache when its next answer
// comes: lines touched per word, not instructions, are what a lookup costs.
const SLOT = 4;
const ID = 0;
const HASH = 1;
const LENGTH = 2;
const OFFSET = 3;

/** Filter bits per word: about one word read in 16 that is not in the vocabulary passes it. */
const FILTER_BITS_PER_WORD = 16;

/** The filter bit of a hash: its high bits after a multiplicative mix (the slot takes its low bits). */
function filterBit(hash: number, shift: number): number {
  return Math.imul(hash, 0x9e3779b1) >>> shift;
}

export class Vocabulary {
  readonly words: readonly string[];
  /**
   * One bit per filter position, set for every word's hash: most words of an answer are in no
   * phrase, and are turned away by a few hundred bytes that stay in the cache instead of a
   * probe of the table, which is mostly not (a language's table is cold when its answer comes).
   */
  private readonly filter: Uint32Array;
  private readonly filterShift: number;
  private readonly slots: Int32Array;
  /** Every word's units, each at its slot's offset: a probe compares numbers, no string. */
  private readonly units: Uint16Array;
  private readonly mask: number;

  constructor(words: Iterable<string>) {
    const list = [...new Set(words)];
    this.words = list;
    let size = 16;
    while (size < list.length * 2) size *= 2;
    this.mask = size - 1;
    // Id values are id + 1 (0 = empty).
    this.slots = new Int32Array(size * SLOT);
    this.units = new Uint16Array(list.reduce((n, w) => n + w.length, 0));
    let bits = 32;
    while (bits < list.length * FILTER_BITS_PER_WORD) bits *= 2;
    this.filter = new Uint32Array(bits / 32);
    this.filterShift = 32 - Math.log2(bits);
    let at = 0;
    list.forEach((w, id) => {
      const h = hashText(w);
      const bit = filterBit(h, this.filterShift);
      this.filter[bit >>> 5] = (this.filter[bit >>> 5] as number) | (1 << (bit & 31));
      let s = h & this.mask;
      while ((this.slots[s * SLOT + ID] as number) !== 0) s = (s + 1) & this.mask;
      const base = s * SLOT;
      this.slots[base + ID] = id + 1;
      this.slots[base + HASH] = h;
      this.slots[base + LENGTH] = w.length;
      this.slots[base + OFFSET] = at;
      for (let k = 0; k < w.length; k++) this.units[at++] = w.charCodeAt(k);
    });
  }

  /**
   * Id of the word folded[start, end) whose hash is `hash`, or -1. A slot whose hash and length
   * agree is confirmed against the word's units in one typed array (no call to the native
   * `startsWith` per word found: measured 0.97 × the tokenizer's CPU with it).
   */
  idOfRange(folded: string, start: number, end: number, hash: number): number {
    const bit = filterBit(hash, this.filterShift);
    if (((this.filter[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return -1;
    const len = end - start;
    const slots = this.slots;
    for (let s = hash & this.mask; ; s = (s + 1) & this.mask) {
      const base = s * SLOT;
      const v = slots[base + ID] as number;
      if (v === 0) return -1;
      if (
        slots[base + HASH] === hash &&
        slots[base + LENGTH] === len &&
        this.sameUnits(slots[base + OFFSET] as number, folded, start, len)
      )
        return v - 1;
    }
  }

  private sameUnits(at: number, folded: string, start: number, len: number): boolean {
    const units = this.units;
    for (let k = 0; k < len; k++) if (units[at + k] !== folded.charCodeAt(start + k)) return false;
    return true;
  }

  /** Id of a word given as a string (elided and apostrophe words), or -1. */
  idOf(word: string): number {
    for (let s = hashText(word) & this.mask; ; s = (s + 1) & this.mask) {
      const v = this.slots[s * SLOT + ID] as number;
      if (v === 0) return -1;
      if (this.words[v - 1] === word) return v - 1;
    }
  }
}
