// Set and rank overlap of two lists of keys (URLs or domains).

export interface ListComparison {
  /** In both lists, in the order of the first list. */
  shared: string[];
  /** Only in the second list ("new"), in its order. */
  added: string[];
  /** Only in the first list ("old"), in its order. */
  removed: string[];
  /** |A ∩ B| / |A ∪ B|; 1 when both lists are empty (nothing differs). */
  jaccard: number;
  /** Extrapolated rank-biased overlap (see rankBiasedOverlap); 1 when both are empty. */
  rbo: number;
}

export interface OverlapOptions {
  /** RBO persistence p in (0, 1): the weight of the top d ranks is 1 − p^d. Default 0.9. */
  p?: number;
}

export const DEFAULT_RBO_P = 0.9;

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  if (sa.size === 0 && sb.size === 0) return 1;
  let inter = 0;
  for (const x of sa) if (sb.has(x)) inter++;
  return inter / (sa.size + sb.size - inter);
}

/**
 * Rank-biased overlap, extrapolated (RBO_ext, Webber, Moffat & Zobel 2010, eq. 32), for two
 * ranked lists of possibly different lengths (duplicates after the first occurrence ignored).
 * With S the shorter list (length s), L the longer (length l), X_d the overlap of the top d of
 * both (S contributes all its items once d > s):
 *
 *   RBO_ext = (1−p)/p · [ Σ_{d=1..l} (X_d/d)·p^d + Σ_{d=s+1..l} X_s·(d−s)/(s·d)·p^d ]
 *             + [ (X_l − X_s)/l + X_s/s ]·p^l
 *
 * It assumes the agreement seen so far continues below the lists' ends. Identical lists give
 * 1, disjoint lists 0, a list that is a prefix of the other 1. Both empty: 1; one empty: 0.
 * Smaller p weighs the top ranks more: with p = 0.9 the top 10 ranks carry about 86 % of it.
 */
export function rankBiasedOverlap(
  a: readonly string[],
  b: readonly string[],
  p: number = DEFAULT_RBO_P,
): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`RBO persistence p must be in (0, 1), got ${p}`);
  const ua = unique(a);
  const ub = unique(b);
  if (ua.length === 0 && ub.length === 0) return 1;
  if (ua.length === 0 || ub.length === 0) return 0;
  const [S, L] = ua.length <= ub.length ? [ua, ub] : [ub, ua];
  const s = S.length;
  const l = L.length;
  const seenS = new Set<string>();
  const seenL = new Set<string>();
  let x = 0; // X_d
  let xs = 0; // X_s
  let sum = 0;
  let pd = 1; // p^d
  for (let d = 1; d <= l; d++) {
    pd *= p;
    const itemL = L[d - 1] as string;
    if (d <= s) {
      const itemS = S[d - 1] as string;
      if (itemS === itemL) x++;
      else {
        if (seenL.has(itemS)) x++;
        if (seenS.has(itemL)) x++;
      }
      seenS.add(itemS);
    } else if (seenS.has(itemL)) {
      x++;
    }
    seenL.add(itemL);
    if (d === s) xs = x;
    sum += (x / d) * pd;
    if (d > s) sum += ((xs * (d - s)) / (s * d)) * pd;
  }
  return ((1 - p) / p) * sum + ((x - xs) / l + xs / s) * pd;
}

export function compareLists(
  a: readonly string[],
  b: readonly string[],
  options: OverlapOptions = {},
): ListComparison {
  const ua = unique(a);
  const ub = unique(b);
  const sa = new Set(ua);
  const sb = new Set(ub);
  return {
    shared: ua.filter((x) => sb.has(x)),
    added: ub.filter((x) => !sa.has(x)),
    removed: ua.filter((x) => !sb.has(x)),
    jaccard: jaccard(ua, ub),
    rbo: rankBiasedOverlap(ua, ub, options.p ?? DEFAULT_RBO_P),
  };
}
