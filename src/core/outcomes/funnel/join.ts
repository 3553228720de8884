import type { EngineName } from '../../../shared/api/engines';
import { wilsonInterval } from '../../../shared/analytics/wilson';
import { engineLabel, type EngineLabels } from '../../../shared/narrative/places';
import type { BlockedPage, CrawledPeriod } from '../../crawlers';
import type { TrafficView } from '../service';
import { pageKeyer } from './page-key';
import type { FunnelCounts, FunnelEngine, FunnelFlag, FunnelPage, FunnelRate, FunnelWeek } from './types';

// The funnel as a join of four counts, each from its own source: crawled (the site's logs,
// verified hits of the engine's agents), cited (the history: answers citing the focus brand's
// pages), referred and converted (first-party analytics). Pages join on their path (pageKey),
// engines on the service's engine names, weeks on their Monday.

/** What the history says about citations, per engine, per page and engine, and per week. */
export interface CitedCounts {
  engines: ReadonlyArray<{ engine: EngineName; answers: number; cited: number }>;
  pages: ReadonlyArray<{ engine: EngineName; url: string; answers: number }>;
  weeks: ReadonlyArray<{ week: string; answers: number; cited: number }>;
}

export interface FunnelInputs {
  days: number;
  brand: string | null;
  /** Verified hits in the period, with the pages fetched in the 30 days up to today (for "not fetched"). */
  crawled: CrawledPeriod;
  /** Pages refused to an agent (403) that browsers are served, with the agent's engines. */
  blocked: ReadonlyArray<BlockedPage & { engines: readonly EngineName[] }>;
  traffic: TrafficView;
  cited: CitedCounts;
  /** Only this engine (all when absent). */
  engine?: EngineName;
  labels?: EngineLabels;
}

export const FUNNEL_CAVEATS = [
  'Referrals are undercounted: apps and some browsers strip the referrer, so many visits from an answer arrive as direct.',
  'A line-up of crawls, citations and visits is a correlation, not a cause.',
  'Crawled counts only hits from addresses verified as the engine’s agents; pages reached through other crawlers are not counted.',
];

function rate(k: number, n: number): FunnelRate {
  if (n === 0) return { value: null, lower: null, upper: null, n: 0 };
  const { lower, upper } = wilsonInterval(k, n);
  return { value: k / n, lower, upper, n };
}

function add<K>(map: Map<K, number>, key: K, by: number): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** localeCompare's order (the default locale's collation), without building a collator per call. */
const byText = new Intl.Collator().compare;

type Keep = (e: string | null) => boolean;
type KeyOf = (url: string) => string;

function engineRows(i: FunnelInputs, keep: Keep, pageKey: KeyOf): FunnelEngine[] {
  const hits = new Map<string, number>();
  const pages = new Map<string, Set<string>>();
  for (const p of i.crawled.pages) {
    if (!keep(p.engine)) continue;
    add(hits, p.engine, p.hits);
    pages.set(p.engine, (pages.get(p.engine) ?? new Set()).add(pageKey(p.url)));
  }
  const sessions = new Map<string, number>();
  const events = new Map<string, number>();
  for (const r of i.traffic.rows) {
    if (r.engine === null || !keep(r.engine)) continue;
    add(sessions, r.engine, r.sessions);
    add(events, r.engine, r.keyEvents);
  }
  const cited = new Map(i.cited.engines.filter((e) => keep(e.engine)).map((e) => [e.engine as string, e]));
  const engines = new Set<string>([...hits.keys(), ...cited.keys(), ...sessions.keys()]);
  return [...engines].sort().map((engine) => {
    const c = cited.get(engine);
    return {
      engine: engine as EngineName,
      crawledHits: hits.get(engine) ?? 0,
      crawledPages: pages.get(engine)?.size ?? 0,
      citedAnswers: c?.cited ?? 0,
      citationRate: rate(c?.cited ?? 0, c?.answers ?? 0),
      referredSessions: sessions.get(engine) ?? 0,
      keyEvents: events.get(engine) ?? 0,
    };
  });
}

interface PageSums {
  crawledHits: number;
  citedAnswers: number;
  referredSessions: number;
  keyEvents: number;
  citedBy: Set<string>;
}

function pageSums(i: FunnelInputs, keep: Keep, pageKey: KeyOf): Map<string, PageSums> {
  const pages = new Map<string, PageSums>();
  const of = (url: string): PageSums => {
    const key = pageKey(url);
    let p = pages.get(key);
    if (!p) {
      p = { crawledHits: 0, citedAnswers: 0, referredSessions: 0, keyEvents: 0, citedBy: new Set() };
      pages.set(key, p);
    }
    return p;
  };
  for (const c of i.crawled.pages) if (keep(c.engine)) of(c.url).crawledHits += c.hits;
  for (const c of i.cited.pages)
    if (keep(c.engine)) {
      const p = of(c.url);
      p.citedAnswers += c.answers;
      p.citedBy.add(c.engine);
    }
  for (const r of i.traffic.rows)
    if (r.engine !== null && keep(r.engine)) {
      const p = of(r.landingPage);
      p.referredSessions += r.sessions;
      p.keyEvents += r.keyEvents;
    }
  return pages;
}

/** Per page (its key), the engines whose agents fetched it lately, and those it refused. */
interface PageEngines {
  fetched: Map<string, Set<string>>;
  refused: Map<string, Set<string>>;
}

/** Built once per funnel: looked up per page instead of scanning every crawl row per page. */
function pageEngines(i: FunnelInputs, pageKey: KeyOf): PageEngines {
  const into = (map: Map<string, Set<string>>, url: string, engines: readonly string[]): void => {
    const key = pageKey(url);
    const set = map.get(key) ?? new Set<string>();
    for (const e of engines) set.add(e);
    map.set(key, set);
  };
  const fetched = new Map<string, Set<string>>();
  for (const c of i.crawled.recent) into(fetched, c.url, [c.engine]);
  const refused = new Map<string, Set<string>>();
  for (const b of i.blocked) into(refused, b.url, b.engines);
  return { fetched, refused };
}

function pageFlags(
  url: string,
  p: PageSums,
  i: FunnelInputs,
  by: PageEngines,
): { flags: FunnelFlag[]; notes: string[] } {
  const flags: FunnelFlag[] = [];
  const notes: string[] = [];
  const name = (e: string): string => engineLabel(e, i.labels);
  if (p.crawledHits > 0 && p.citedAnswers === 0) {
    flags.push('crawled-never-cited');
    notes.push('Crawled but never cited by the tracked prompts’ answers.');
  }
  const fetched = by.fetched.get(url);
  const unfetched = [...p.citedBy].filter((e) => !fetched?.has(e)).sort();
  if (unfetched.length > 0) {
    flags.push('cited-not-fetched');
    notes.push(`Cited by ${unfetched.map(name).join(', ')}, whose agents have not fetched it in 30 days.`);
  }
  const refused = by.refused.get(url);
  const refusedTo = [...p.citedBy].filter((e) => refused?.has(e)).sort();
  if (refusedTo.length > 0) {
    flags.push('cited-but-blocked');
    notes.push(`Cited by ${refusedTo.map(name).join(', ')}, yet the site answers 403 to its agent.`);
  }
  if (p.referredSessions > 0 && p.citedAnswers === 0) {
    flags.push('referred-never-cited');
    notes.push(
      'Visitors come from AI answers, yet no tracked prompt’s answer cites it: the prompts may miss what people ask.',
    );
  }
  return { flags, notes };
}

function pageRows(i: FunnelInputs, keep: Keep, pageKey: KeyOf): FunnelPage[] {
  const by = pageEngines(i, pageKey);
  return [...pageSums(i, keep, pageKey)]
    .map(([url, p]) => ({
      url,
      crawledHits: p.crawledHits,
      citedAnswers: p.citedAnswers,
      referredSessions: p.referredSessions,
      keyEvents: p.keyEvents,
      ...pageFlags(url, p, i, by),
    }))
    .sort(
      (a, b) =>
        b.referredSessions - a.referredSessions ||
        b.citedAnswers - a.citedAnswers ||
        b.crawledHits - a.crawledHits ||
        byText(a.url, b.url),
    );
}

function weekRows(i: FunnelInputs, keep: Keep): FunnelWeek[] {
  const weeks = new Map<string, FunnelWeek>();
  const of = (week: string): FunnelWeek => {
    let w = weeks.get(week);
    if (!w) {
      w = {
        week,
        crawledHits: 0,
        citedAnswers: 0,
        citationRate: rate(0, 0),
        referredSessions: 0,
        keyEvents: 0,
      };
      weeks.set(week, w);
    }
    return w;
  };
  for (const c of i.crawled.weeks) if (keep(c.engine)) of(c.week).crawledHits += c.hits;
  for (const c of i.cited.weeks) {
    const w = of(c.week);
    w.citedAnswers = c.cited;
    w.citationRate = rate(c.cited, c.answers);
  }
  // Only rows an export gave per week: a row for the export's whole range has no week.
  for (const r of i.traffic.rows)
    if (r.week && r.engine !== null && keep(r.engine)) {
      const w = of(r.from);
      w.referredSessions += r.sessions;
      w.keyEvents += r.keyEvents;
    }
  return [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week));
}

export function joinFunnel(i: FunnelInputs): FunnelCounts {
  const keep = (e: string | null): boolean => e !== null && (i.engine === undefined || e === i.engine);
  const pageKey = pageKeyer();
  const engines = engineRows(i, keep, pageKey);
  const pages = pageRows(i, keep, pageKey);
  const nothing = engines.length === 0 && pages.length === 0;
  return {
    days: i.days,
    brand: i.brand,
    engines,
    pages,
    weeks: weekRows(i, keep),
    caveats: FUNNEL_CAVEATS,
    empty: nothing
      ? 'Nothing to join yet: import the site’s logs (parallax logs import) or its analytics (parallax outcomes import ga4), and run prompts whose answers cite the brand’s pages.'
      : null,
  };
}
