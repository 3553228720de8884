import { DAY_MS, demoDays } from '../../src/core/demo/clock';

// A demo built before 07:00 UTC ends yesterday (its monitors run at 06:00, still to come
// today), so a period that ends today then holds one demo day fewer: tests that count a
// period's answers or days must not depend on the hour they run at.

/** How many days of a `built`-day demo history fall in the last `period` days, today included. */
export function demoDaysInPeriod(built: number, period: number, now: number = Date.now()): number {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return demoDays(now, built).filter((day) => day > today - period * DAY_MS).length;
}

/** The last day of a `built`-day demo history, as an ISO date: today or yesterday. */
export function lastDemoDay(built: number, now: number = Date.now()): string {
  return new Date(demoDays(now, built).at(-1) ?? now).toISOString().slice(0, 10);
}

/**
 * How many days of the demo a `demo.status` describes (its first and last day, from the demo's
 * own record) fall in the last `period` days, today included: for a test that opened a demo
 * built before 07:00 UTC and checks it after, when the clock alone would count one day more.
 */
export function statusDaysInPeriod(
  status: { firstDay?: string; lastDay?: string },
  period: number,
  now: number = Date.now(),
): number {
  if (!status.firstDay || !status.lastDay) throw new Error('demo.status names no demo days');
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = Math.max(Date.parse(status.firstDay), today - (period - 1) * DAY_MS);
  const last = Math.min(Date.parse(status.lastDay), today);
  return last < first ? 0 : (last - first) / DAY_MS + 1;
}
