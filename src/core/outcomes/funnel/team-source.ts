import type { EngineName } from '../../../shared/api/engines';
import { mondayOfIsoDay } from '../../../shared/calendar-week';
import type { FunnelSharer } from '../../../shared/funnel/types';
import type { CrawledWeeks, EngineWeek, EngineWeekPage } from '../../crawlers';
import type { HistoryStore, OwnFunnelInputs, SharedFunnelDay, SharedFunnelWriter } from '../../history';
import { TRAFFIC_CAVEATS, type TrafficView, type TrafficWeekRow } from '../service';

// The funnel's team source: the totals teammates share with the workspace, as the last sync
// pulled them into the history (never mixed with this computer's imports), shaped as the
// funnel's crawled and referred inputs. Every sharer's rows are added up: each desktop shares
// the sites it imported. The rows carry no status, so "answered 403 to its agent" needs logs of
// one's own.

const DAY_MS = 86_400_000;
/** "Not fetched lately" looks this far back, as for this computer's logs. */
const RECENT_DAYS = 30;
const SHARED_REFERRER = 'team';

export interface TeamFunnelInputs {
  crawled: CrawledWeeks;
  recent: CrawledWeeks;
  traffic: TrafficView;
}

export interface TeamFunnelSource {
  /** Whether this computer has logs or analytics of its own. */
  own(): OwnFunnelInputs;
  sharers(): FunnelSharer[];
  /** The shared totals of the last `days` days (today included). */
  read(days: number): TeamFunnelInputs;
}

const sinceDay = (now: number, days: number): string =>
  new Date((Math.floor(now / DAY_MS) - days + 1) * DAY_MS).toISOString().slice(0, 10);

function crawledOf(rows: readonly SharedFunnelDay[], since: string): CrawledWeeks {
  const pages = new Map<string, EngineWeekPage>();
  for (const r of rows) {
    if (r.crawledHits === 0 || r.day < since) continue;
    const week = mondayOfIsoDay(r.day);
    const key = `${week}\u0000${r.engine}\u0000${r.page}`;
    const p = pages.get(key);
    if (p) p.hits += r.crawledHits;
    else pages.set(key, { week, engine: r.engine as EngineName, url: r.page, hits: r.crawledHits });
  }
  const engines = new Map<string, EngineWeek>();
  for (const p of pages.values()) {
    const key = `${p.week}\u0000${p.engine}`;
    const e = engines.get(key) ?? { week: p.week, engine: p.engine, hits: 0, pages: 0 };
    e.hits += p.hits;
    e.pages += 1;
    engines.set(key, e);
  }
  return { engines: [...engines.values()], pages: [...pages.values()] };
}

const sundayOf = (monday: string): string =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);

function trafficOf(rows: readonly SharedFunnelDay[]): TrafficView {
  const weeks = new Map<string, TrafficWeekRow>();
  for (const r of rows) {
    if (r.referredSessions === 0 && r.keyEvents === 0) continue;
    const from = mondayOfIsoDay(r.day);
    const key = `${from}\u0000${r.engine}\u0000${r.page}`;
    const w = weeks.get(key) ?? {
      from,
      to: sundayOf(from),
      week: true,
      referrer: SHARED_REFERRER,
      label: 'Shared by the team',
      engine: r.engine,
      landingPage: r.page,
      sessions: 0,
      keyEvents: 0,
    };
    w.sessions += r.referredSessions;
    w.keyEvents += r.keyEvents;
    weeks.set(key, w);
  }
  return { rows: [...weeks.values()], engines: [], caveats: TRAFFIC_CAVEATS, empty: null };
}

/** One entry per teammate (a teammate may share from several desktops): their latest times. */
function byName(writers: readonly SharedFunnelWriter[]): FunnelSharer[] {
  const out = new Map<string, FunnelSharer>();
  for (const w of writers) {
    const s = out.get(w.sharer);
    out.set(w.sharer, {
      name: w.sharer,
      sharedAt: Math.max(s?.sharedAt ?? 0, w.storedAt),
      pulledAt: Math.max(s?.pulledAt ?? 0, w.pulledAt),
    });
  }
  return [...out.values()];
}

export function createTeamFunnelSource(deps: { store: HistoryStore; now: () => number }): TeamFunnelSource {
  const { store, now } = deps;
  return {
    own: () => store.ownFunnelInputs(),
    sharers: () => byName(store.sharedFunnelWriters()),
    read(days) {
      const at = now();
      const rows = store.sharedFunnelDays(sinceDay(at, Math.max(days, RECENT_DAYS)));
      return {
        crawled: crawledOf(rows, sinceDay(at, days)),
        recent: crawledOf(rows, sinceDay(at, RECENT_DAYS)),
        traffic: trafficOf(rows.filter((r) => r.day >= sinceDay(at, days))),
      };
    },
  };
}
