import { DAY_MS, demoDays } from '../../src/main/demo/clock';

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
