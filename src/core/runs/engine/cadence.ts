import { CronExpressionParser } from 'cron-parser';

// When a monitor runs again. 'daily' and 'weekly' are intervals from the last run (so a
// monitor made at 14:05 keeps running around 14:05); anything else is a cron expression
// (5 fields, or 6 with seconds), read in the given time zone (default UTC).

export type Cadence = 'daily' | 'weekly' | string;

const DAY_MS = 24 * 60 * 60 * 1000;

export type CadenceCheck = { ok: true; cadence: Cadence } | { ok: false; message: string };

export function parseCadence(value: string, timeZone = 'UTC'): CadenceCheck {
  const text = value.trim();
  if (text === 'daily' || text === 'weekly') return { ok: true, cadence: text };
  if (text === '')
    return { ok: false, message: 'The cadence is empty: use daily, weekly or a cron expression' };
  try {
    CronExpressionParser.parse(text, { tz: timeZone, strict: false });
    const fields = text.split(/\s+/).length;
    if (!text.startsWith('@') && (fields < 5 || fields > 6)) {
      return { ok: false, message: `"${text}" is not a cron expression of 5 or 6 fields` };
    }
    return { ok: true, cadence: text };
  } catch (err) {
    return {
      ok: false,
      message: `"${text}" is neither daily, weekly nor a valid cron expression (${err instanceof Error ? err.message : String(err)})`,
    };
  }
}

/**
 * The first time the monitor is due after `fromMs` (its last run, or its creation). After a
 * long gap the next time is counted from when it actually ran, so catch-up runs a missed
 * monitor once instead of once per missed slot.
 */
export function nextDueAt(cadence: Cadence, fromMs: number, timeZone = 'UTC'): number {
  if (cadence === 'daily') return fromMs + DAY_MS;
  if (cadence === 'weekly') return fromMs + 7 * DAY_MS;
  const expr = CronExpressionParser.parse(cadence, { currentDate: new Date(fromMs), tz: timeZone });
  return expr.next().getTime();
}
