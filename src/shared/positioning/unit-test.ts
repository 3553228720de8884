/**
 * A test of one UTF-16 unit (0–0xffff) against a one-character Unicode pattern, decided once per
 * unit and kept in a table indexed by unit: a Unicode regular expression run per character cost
 * most of the judge's budget. Surrogates are tested alone, as String.fromCharCode gives them (a
 * caller that must read code points handles them itself). The pattern must not be global.
 */
export function unitTest(pattern: RegExp): (c: number) => boolean {
  // 0: not decided yet, 1: matches, 2: does not (a typed array: Japanese answers ask for every character).
  const decided = new Uint8Array(0x10000);
  return (c) => {
    let v = decided[c] as number;
    if (v === 0) decided[c] = v = pattern.test(String.fromCharCode(c)) ? 1 : 2;
    return v === 1;
  };
}
