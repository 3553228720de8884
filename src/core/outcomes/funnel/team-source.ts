import type { EngineName } from '../../../shared/api/engines';
import type { FunnelSharer } from '../../../shared/funnel/types';
import type { CrawledPeriod, EnginePage, EngineWeek } from '../../crawlers';
import type {
  HistoryStore,
  OwnFunnelInputs,
  SharedFunnelSite,
  SharedFunnelWeek,
  SharedFunnelWriter,
} from '../../history';
import { TRAFFIC_CAVEATS, type TrafficView, type TrafficWeekRow } from '../service';

// The funnel's team source: the totals teammates share with the workspace, as the last sync
// pulled them into the history (never mixed with this computer's imports), shaped as the
// funnel's crawled and referred inputs. Per site one sharer's figures count, the one who sent
// last: two teammates importing the same site share the same visits, and adding them would
// count the site twice. Different sites add up. The rows carry no status, so "answered 403 to
// its agent" needs logs of one's own.

const DAY_MS = 86_400_000;
/** "Not fetched lately" looks this far back, as for this computer's logs. */
const RECENT_DAYS = 30;
const SHARED_REFERRER = 'team';

export interface TeamFunnelInputs {
  crawled: CrawledPeriod;
  traffic: TrafficView;
}

/** A shared site and the one writer whose rows count for it. */
export interface TeamSitePick {
  site: string;
  writer: string;
  sharer: string;
  storedAt: number;
  pulledAt: number;
  /** The other teammates sharing the site, by name (their rows not added). */
  notAdded: string[];
}

export interface TeamFunnelSource {
  /** Whether this computer has logs or analytics of its own. */
  own(): OwnFunnelInputs;
  /** The sites this computer imported logs or analytics of. */
  ownSites(): string[];
  sharers(): FunnelSharer[];
  /** Every shared site, with the sharer whose figures count for it. */
  sites(): TeamSitePick[];
  /** The picked sites' shared totals of the last `days` days (today included). */
  read(days: number, picks: readonly TeamSitePick[]): TeamFunnelInputs;
}

const sinceDay = (now: number, days: number): string =>
  new Date((Math.floor(now / DAY_MS) - days + 1) * DAY_MS).toISOString().slice(0, 10);

/** Crawled hits per engine and page and per week and engine, and the pages fetched lately. */
function crawledOf(
  weeks: readonly SharedFunnelWeek[],
  recentWeeks: readonly SharedFunnelWeek[],
): CrawledPeriod {
  const pages = new Map<string, EnginePage>();
  const byWeek = new Map<string, EngineWeek>();
  for (const w of weeks) {
    if (w.crawledHits === 0) continue;
    const engine = w.engine as EngineName;
    const page = pages.get(`${engine}\u0000${w.page}`) ?? { engine, url: w.page, hits: 0 };
    page.hits += w.crawledHits;
    pages.set(`${engine}\u0000${w.page}`, page);
    const week = byWeek.get(`${w.week}\u0000${engine}`) ?? { week: w.week, engine, hits: 0 };
    week.hits += w.crawledHits;
    byWeek.set(`${w.week}\u0000${engine}`, week);
  }
  const recent = new Map<string, { engine: EngineName; url: string }>();
  for (const w of recentWeeks)
    if (w.crawledHits > 0)
      recent.set(`${w.engine}\u0000${w.page}`, { engine: w.engine as EngineName, url: w.page });
  return { pages: [...pages.values()], weeks: [...byWeek.values()], recent: [...recent.values()] };
}

const sundayOf = (monday: string): string =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);

function trafficOf(weeks: readonly SharedFunnelWeek[]): TrafficView {
  const rows: TrafficWeekRow[] = weeks
    .filter((w) => w.referredSessions > 0 || w.keyEvents > 0)
    .map((w) => ({
      from: w.week,
      to: sundayOf(w.week),
      week: true,
      referrer: SHARED_REFERRER,
      label: 'Shared by the team',
      engine: w.engine,
      landingPage: w.page,
      sessions: w.referredSessions,
      keyEvents: w.keyEvents,
    }));
  return { rows, engines: [], caveats: TRAFFIC_CAVEATS, empty: null };
}

/** One entry per teammate (a teammate may share from several desktops): their latest times. */
export function sharersByName(
  writers: ReadonlyArray<Pick<SharedFunnelWriter, 'sharer' | 'storedAt' | 'pulledAt'>>,
): FunnelSharer[] {
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

/** Per site, the writer who sent last (ties: the first by mark), and the other sharers' names. */
export function pickSites(
  held: readonly SharedFunnelSite[],
  writers: readonly SharedFunnelWriter[],
): TeamSitePick[] {
  const byMark = new Map(writers.map((w) => [w.writer, w]));
  const perSite = new Map<string, SharedFunnelWriter[]>();
  for (const h of held) {
    const w = byMark.get(h.writer);
    if (w) perSite.set(h.site, [...(perSite.get(h.site) ?? []), w]);
  }
  return [...perSite].map(([site, all]) => {
    const [first, ...rest] = [...all].sort(
      (a, b) => b.storedAt - a.storedAt || a.writer.localeCompare(b.writer),
    );
    const chosen = first as SharedFunnelWriter;
    return {
      site,
      writer: chosen.writer,
      sharer: chosen.sharer,
      storedAt: chosen.storedAt,
      pulledAt: chosen.pulledAt,
      notAdded: [...new Set(rest.map((w) => w.sharer))],
    };
  });
}

export function createTeamFunnelSource(deps: { store: HistoryStore; now: () => number }): TeamFunnelSource {
  const { store, now } = deps;
  return {
    own: () => store.ownFunnelInputs(),
    ownSites: () => store.ownFunnelSites(),
    sharers: () => sharersByName(store.sharedFunnelWriters()),
    sites: () => pickSites(store.sharedFunnelSites(), store.sharedFunnelWriters()),
    read(days, picks) {
      const at = now();
      const weeks = store.sharedFunnelWeeks(sinceDay(at, days), picks);
      const recent = days === RECENT_DAYS ? weeks : store.sharedFunnelWeeks(sinceDay(at, RECENT_DAYS), picks);
      return { crawled: crawledOf(weeks, recent), traffic: trafficOf(weeks) };
    },
  };
}
