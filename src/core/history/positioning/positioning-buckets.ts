// Time buckets of the attribute roll-ups (migration 012): every answer counts in one bucket of
// each span (1, 8 and 64 days), starting on a day number that is a multiple of the span. A
// period of whole days is read as the fewest whole buckets that tile it exactly: walking from
// its first day, each step takes the longest bucket that starts there and ends inside the
// period. 90 days take about 10 buckets, so a read sums about a ninth of the rows one bucket
// per day would.

export const SPANS: readonly number[] = [1, 8, 64];

/** The first day of the bucket of `span` days holding `day`. */
export const bucketStart = (day: number, span: number): number => Math.floor(day / span) * span;

/** The [span, start] buckets that tile fromDay..toDay (inclusive), in order. */
export function periodBuckets(fromDay: number, toDay: number): Array<[span: number, start: number]> {
  const out: Array<[number, number]> = [];
  let day = fromDay;
  while (day <= toDay) {
    let span = 1;
    for (const s of SPANS) if (day % s === 0 && day + s - 1 <= toDay) span = s;
    out.push([span, day]);
    day += span;
  }
  return out;
}
