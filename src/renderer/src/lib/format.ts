// How the app writes numbers, dates and counts. Dates follow the OS locale (Intl with no locale
// argument: the browser's, which Electron takes from the OS), in one format everywhere: a day
// as the locale's medium date ("Nov 25, 2026", "25.11.2026"), a moment as that date and a short
// time. Exports write ISO 8601 (main's writers), never these.

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : new Intl.NumberFormat('en').format(value);
}

const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** ISO days are calendar days: read and written in UTC so no time zone moves them a day. */
const ISO_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day in the OS locale's medium format: an epoch (ms) in local time, or an ISO day
 * ("2026-11-25", as the analytics write days) as that calendar day.
 */
export function formatDate(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return DAY.format(value);
  if (ISO_DAY_PATTERN.test(value)) return ISO_DAY.format(Date.parse(`${value}T00:00:00Z`));
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : DAY.format(parsed);
}

/** A moment (epoch ms or an ISO timestamp) in the OS locale: date and short time. */
export function formatDateTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(ms) ? String(value) : MOMENT.format(ms);
}

/** "Oct 27, 2026 – Nov 25, 2026": two days (epochs or ISO days) in the same format. */
export function formatDateRange(from: number | string, to: number | string): string {
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/**
 * The same two days as the locale writes a range, shared parts once ("Oct 31 – Nov 28, 2026"):
 * for narrow columns. ISO days are read as calendar days (UTC), epochs in local time.
 */
export function shortDateRange(from: number | string, to: number | string): string {
  const at = (v: number | string): number =>
    typeof v === 'number' ? v : Date.parse(ISO_DAY_PATTERN.test(v) ? `${v}T00:00:00Z` : v);
  const a = at(from);
  const b = at(to);
  if (Number.isNaN(a) || Number.isNaN(b)) return formatDateRange(from, to);
  const format = typeof from === 'string' && ISO_DAY_PATTERN.test(from) ? ISO_DAY : DAY;
  return format.formatRange(Math.min(a, b), Math.max(a, b));
}

const PLURAL = new Intl.PluralRules('en');

/**
 * A count and its noun, singular or plural as English wants it: "1 run", "270 runs",
 * "0 answers". `plural` for nouns that do not just take an s ("1 repeat" / "2 repeats" do).
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${PLURAL.select(count) === 'one' ? singular : pluralForm}`;
}

export function formatPercent(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined ? '—' : `${(value * 100).toFixed(digits)} %`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** US dollars: cents, or four decimals under a cent ("$0.0042"). */
export function formatUsd(value: number): string {
  return value > 0 && value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}
