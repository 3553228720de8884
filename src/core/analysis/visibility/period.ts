import type { ResolvedPeriod, VisibilityPeriod } from '../../../shared/visibility/types';
import { AppError } from '../../platform';

// Periods are whole UTC days. { days: N } ends today (the core clock's UTC day); the previous
// period is the same number of days right before.

export const DAY_MS = 86_400_000;

export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function dayOf(iso: string): number {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(ms) || isoDay(ms / DAY_MS) !== iso)
    throw new AppError('BAD_PERIOD', `${iso} is not a calendar date (use YYYY-MM-DD)`);
  return ms / DAY_MS;
}

export interface DayPeriod {
  fromDay: number;
  toDay: number;
  prevFromDay: number;
  prevToDay: number;
  resolved: ResolvedPeriod;
}

export function resolvePeriod(period: VisibilityPeriod, nowMs: number): DayPeriod {
  let fromDay: number;
  let toDay: number;
  if ('days' in period) {
    if (!Number.isInteger(period.days) || period.days < 1)
      throw new AppError('BAD_PERIOD', 'A period needs at least one day');
    toDay = Math.floor(nowMs / DAY_MS);
    fromDay = toDay - period.days + 1;
  } else {
    fromDay = dayOf(period.from);
    toDay = dayOf(period.to);
    if (toDay < fromDay)
      throw new AppError('BAD_PERIOD', `The period ends (${period.to}) before it starts (${period.from})`);
  }
  const days = toDay - fromDay + 1;
  const prevToDay = fromDay - 1;
  const prevFromDay = prevToDay - days + 1;
  return {
    fromDay,
    toDay,
    prevFromDay,
    prevToDay,
    resolved: {
      from: isoDay(fromDay),
      to: isoDay(toDay),
      days,
      previous: { from: isoDay(prevFromDay), to: isoDay(prevToDay) },
    },
  };
}
