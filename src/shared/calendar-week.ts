// Weeks as every chart, report and roll-up in the app keys them: Monday to Sunday, in UTC.

const DAY_MS = 86_400_000;

/** The day number (days since 1970-01-01, a Thursday) of the Monday starting that day's week. */
export function mondayOfDayNumber(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** The Monday (UTC) starting the week of an ISO day: "2026-11-26" → "2026-11-23". */
export function mondayOfIsoDay(day: string): string {
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  return new Date(mondayOfDayNumber(dayNumber) * DAY_MS).toISOString().slice(0, 10);
}
