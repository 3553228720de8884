import type { TrafficSum } from '../../history';
import { isoOfDay } from '../imports';
import { REFERRER_CATALOGUE } from '../referrers';

// Referred sessions and key events per engine, per landing page and per week: what the funnel
// joins with crawled and cited. A day-level row goes to its week (Monday to Sunday, UTC); a row
// an export gave only for its whole range keeps that range, never spread over weeks it may not
// have happened in.

export interface TrafficWeekRow {
  /** First and last day the row covers (YYYY-MM-DD): a week, or an export's range. */
  from: string;
  to: string;
  /** True when the row is a week; false for an export's whole range. */
  week: boolean;
  referrer: string;
  /** The referrer catalogue's name of the assistant ("ChatGPT"). */
  label: string;
  /** The service's engine it maps to, or null for an assistant Parallax does not ask. */
  engine: string | null;
  landingPage: string;
  sessions: number;
  keyEvents: number;
}

export interface TrafficEngineRow {
  referrer: string;
  label: string;
  engine: string | null;
  sessions: number;
  keyEvents: number;
  pages: number;
}

export interface TrafficView {
  rows: TrafficWeekRow[];
  engines: TrafficEngineRow[];
  /** What referral numbers cannot show, in words. */
  caveats: string[];
  empty: string | null;
}

export const TRAFFIC_CAVEATS = [
  'Referrals are undercounted: apps and some browsers strip the referrer, so many visits from an answer arrive as direct.',
  'A line-up of answers and visits is a correlation, not a cause.',
];

/** The first entry of an id wins, as a search from the start would find it. */
const LABELS = new Map([...REFERRER_CATALOGUE.referrers].reverse().map((r) => [r.id, r.label]));
const labelOf = (id: string): string => LABELS.get(id) ?? id;

/** ISO days of day numbers, each converted once per view (a year's rows share 53 weeks). */
function isoDays(): (day: number) => string {
  const seen = new Map<number, string>();
  return (day) => {
    let iso = seen.get(day);
    if (iso === undefined) seen.set(day, (iso = day === 0 ? '' : isoOfDay(day)));
    return iso;
  };
}

/** localeCompare's order (the default locale's collation), without building a collator per call. */
const byText = new Intl.Collator().compare;

/** ISO days (or '') in calendar order: their code points are. */
const byDay = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function weekRows(sums: readonly TrafficSum[]): TrafficWeekRow[] {
  const iso = isoDays();
  return sums
    .map((s) => ({
      from: iso(s.fromDay),
      to: iso(s.toDay),
      week: s.week === 1,
      referrer: s.referrer,
      label: labelOf(s.referrer),
      engine: s.engine,
      landingPage: s.landingPage,
      sessions: s.sessions,
      keyEvents: s.keyEvents,
    }))
    .sort((a, b) => byDay(a.from, b.from) || b.sessions - a.sessions || byText(a.landingPage, b.landingPage));
}

function engineRows(rows: readonly TrafficWeekRow[]): TrafficEngineRow[] {
  const by = new Map<string, TrafficEngineRow & { seen: Set<string> }>();
  for (const r of rows) {
    const e = by.get(r.referrer) ?? {
      referrer: r.referrer,
      label: r.label,
      engine: r.engine,
      sessions: 0,
      keyEvents: 0,
      pages: 0,
      seen: new Set<string>(),
    };
    e.sessions += r.sessions;
    e.keyEvents += r.keyEvents;
    e.seen.add(r.landingPage);
    by.set(r.referrer, e);
  }
  return [...by.values()]
    .map(({ seen, ...e }) => ({ ...e, keyEvents: Math.round(e.keyEvents * 100) / 100, pages: seen.size }))
    .sort((a, b) => b.sessions - a.sessions || a.label.localeCompare(b.label));
}

export function trafficView(sums: readonly TrafficSum[]): TrafficView {
  const rows = weekRows(sums);
  return {
    rows,
    engines: engineRows(rows),
    caveats: TRAFFIC_CAVEATS,
    empty:
      rows.length === 0
        ? 'No AI-referred sessions stored: import a GA4 export (parallax outcomes import ga4 FILE) or connect GA4.'
        : null,
  };
}
