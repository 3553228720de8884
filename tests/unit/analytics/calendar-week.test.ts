import { describe, expect, it } from 'vitest';
import { mondayOfDayNumber, mondayOfIsoDay } from '../../../src/shared/calendar-week';

const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe('weeks start on Monday (UTC)', () => {
  it('maps every day of a week to its Monday, as an ISO day', () => {
    const week = [
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ];
    for (const day of week) expect(mondayOfIsoDay(day)).toBe('2026-11-23');
    expect(mondayOfIsoDay('2026-11-30')).toBe('2026-11-30');
    expect(mondayOfIsoDay('2027-01-01')).toBe('2026-12-28');
  });

  it('maps day numbers the same way, before 1970 too', () => {
    expect(mondayOfDayNumber(dayNumber('2026-11-29'))).toBe(dayNumber('2026-11-23'));
    expect(mondayOfDayNumber(0)).toBe(dayNumber('1969-12-29'));
    expect(mondayOfDayNumber(dayNumber('1969-12-31'))).toBe(dayNumber('1969-12-29'));
    expect(mondayOfDayNumber(dayNumber('1970-01-05'))).toBe(4);
  });
});
