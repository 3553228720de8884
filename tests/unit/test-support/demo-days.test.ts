import { describe, expect, it } from 'vitest';
import { demoDays } from '../../../src/core/demo';
import { demoDaysInPeriod, statusDaysInPeriod } from '../../support/demo-days';

// Which demo days a period holds (tests/support/demo-days.ts). The race the e2e discovery test
// once lost: a demo built before 07:00 UTC (its last day yesterday) and checked after 07:00,
// when the clock alone says a demo built now ends today.

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | undefined): string => new Date(ms ?? 0).toISOString().slice(0, 10);
/** What `demo.status` reports for a demo of `days` built at `built`. */
const statusBuiltAt = (built: number, days: number): { firstDay: string; lastDay: string } => {
  const range = demoDays(built, days);
  return { firstDay: iso(range[0]), lastDay: iso(range.at(-1)) };
};

describe('the demo days of a period', () => {
  it('counts a demo built before 07:00 UTC and read after by its own days, not the clock', () => {
    const built = at('2026-11-26T06:59:00Z');
    const read = at('2026-11-26T07:01:00Z');
    const status = statusBuiltAt(built, 90);
    expect(status.lastDay).toBe('2026-11-25');
    // The period ends today: the demo, ending yesterday, fills 29 of its 30 days.
    expect(statusDaysInPeriod(status, 30, read)).toBe(29);
    // The clock alone would count 30 (a demo built at 07:01 ends today): the old race.
    expect(demoDaysInPeriod(90, 30, read)).toBe(30);
  });

  it('counts whole periods, periods longer than the demo and a demo read days later', () => {
    const built = at('2026-11-26T08:00:00Z');
    const status = statusBuiltAt(built, 90);
    expect(statusDaysInPeriod(status, 30, built)).toBe(30);
    expect(statusDaysInPeriod(status, 90, built)).toBe(90);
    expect(statusDaysInPeriod(status, 365, built)).toBe(90);
    expect(statusDaysInPeriod(status, 30, at('2026-11-28T12:00:00Z'))).toBe(28);
    expect(statusDaysInPeriod(status, 7, at('2027-03-01T12:00:00Z'))).toBe(0);
    expect(() => statusDaysInPeriod({}, 30, built)).toThrow(/no demo days/);
  });
});
