// The demo's clock: set to a moment in the past, it then runs at real speed, so a run started
// at "06:00 on day 12" stores its jobs a few seconds later on that same day. The sandbox (whose
// answers depend on the calendar day), the run engine and the history store all read it.

export interface DemoClock {
  now(): number;
  set(ms: number): void;
}

export function createDemoClock(start: number, real: () => number = Date.now): DemoClock {
  let base = start;
  let setAt = real();
  return {
    now: () => base + (real() - setAt),
    set(ms) {
      base = ms;
      setAt = real();
    },
  };
}

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The monitors run at 06:00 UTC, a few minutes apart. */
export const RUN_HOUR_MS = 6 * HOUR_MS;

/**
 * UTC midnights of the `days` days that end today, or yesterday when today's 06:00 run would
 * still be in the future (before 07:00 UTC), oldest first.
 */
export function demoDays(realNow: number, days: number): number[] {
  const today = Math.floor(realNow / DAY_MS) * DAY_MS;
  const last = realNow >= today + RUN_HOUR_MS + HOUR_MS ? today : today - DAY_MS;
  return Array.from({ length: days }, (_, i) => last - (days - 1 - i) * DAY_MS);
}
