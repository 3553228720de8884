/**
 * "1 match", "42 matches", "1,000+ matches": search counts matches up to a cap, and a count that
 * reached it says so, in the CLI and the History view alike.
 */
export function matchCount(total: number, capped: boolean): string {
  const n = total.toLocaleString('en');
  return `${n}${capped ? '+' : ''} match${total === 1 && !capped ? '' : 'es'}`;
}
