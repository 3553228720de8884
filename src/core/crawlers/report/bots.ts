import type { CrawlFilter, HistoryStore } from '../../history';
import { agentByName, type CatalogueAgent } from '../catalogue';
import type { AgentSummary, BlockedPage, BotsReport, CrawlPeriod } from './types';

// `parallax bots`: per agent, hits and pages from verified addresses and from addresses that
// only claim the agent's name, the status mix, and the pages refused to an agent (403) that
// browsers are served.

const DAY_MS = 86_400_000;

/** The store's filter for a period ending today (UTC). */
export function crawlFilter(period: CrawlPeriod, now: number): CrawlFilter {
  const days = period.days ?? 30;
  const sinceDay = new Date(Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const agents = period.agents?.map((a) => agentByName(a)?.agent ?? a);
  return {
    sinceDay,
    ...(agents ? { agents } : {}),
    ...(period.site !== undefined ? { site: period.site } : {}),
  };
}

function summaryOf(agent: string, known: CatalogueAgent | undefined): AgentSummary {
  return {
    agent,
    operator: known?.operator ?? 'unknown',
    role: known?.role ?? 'training',
    verified: { hits: 0, pages: 0 },
    unverified: { hits: 0, pages: 0 },
    statuses: {},
  };
}

const pageUrl = (site: string, url: string): string => (site ? `https://${site}${url}` : url);

export function botsReport(store: HistoryStore, period: CrawlPeriod, now: number): BotsReport {
  const filter = crawlFilter(period, now);
  const byAgent = new Map<string, AgentSummary>();
  const of = (agent: string): AgentSummary => {
    let summary = byAgent.get(agent);
    if (!summary) byAgent.set(agent, (summary = summaryOf(agent, agentByName(agent))));
    return summary;
  };
  for (const t of store.crawlAgentTotals(filter))
    of(t.agent)[t.verified ? 'verified' : 'unverified'] = { hits: t.hits, pages: t.pages };
  for (const s of store.crawlStatusTotals(filter)) of(s.agent).statuses[String(s.status)] = s.hits;
  const agents = [...byAgent.values()].sort(
    (a, b) =>
      b.verified.hits + b.unverified.hits - (a.verified.hits + a.unverified.hits) ||
      a.agent.localeCompare(b.agent),
  );
  return { agents, blocked: blockedPages(store, period, now) };
}

/** Pages refused (403) to an agent that browsers are served (the funnel reads these alone). */
export function blockedPages(store: HistoryStore, period: CrawlPeriod, now: number): BlockedPage[] {
  return store.crawlBlockedPages(crawlFilter(period, now)).map((p) => ({
    url: pageUrl(p.site, p.url),
    agent: p.agent,
    agentStatus: p.agentStatus,
    browserStatus: p.browserStatus,
  }));
}
