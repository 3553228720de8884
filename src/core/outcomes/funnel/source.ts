import type {
  FunnelOrigin,
  FunnelSharer,
  FunnelSiteSource,
  FunnelSource,
} from '../../../shared/funnel/types';
import type { OwnFunnelInputs } from '../../history';
import { sharedSite } from './daily';
import { sharersByName, type TeamSitePick } from './team-source';

// Which figures a funnel reads from where. Without a choice: this computer's own imports when
// it has any, else the totals teammates share. Per site one source, never two added together
// (two sources of one site hold the same visits): `team` reads each shared site from the
// teammate who sent it last; `all` reads this computer's sites from its imports and the other
// shared sites from the team. `--site` narrows both to the site.

export interface FunnelSourcePick {
  source: FunnelSource;
  crawledFrom: FunnelOrigin;
  referredFrom: FunnelOrigin;
}

export interface FunnelSourcePlan extends FunnelSourcePick {
  /** The shared sites read (each from its one sharer). */
  teamPicks: TeamSitePick[];
  /** The sharers of those sites. */
  sharers: FunnelSharer[];
  sites: FunnelSiteSource[];
}

export interface FunnelSourceFacts {
  own: OwnFunnelInputs;
  ownSites: readonly string[];
  teamSites: readonly TeamSitePick[];
  /** Every teammate sharing (whatever their sites): decides the default. */
  sharers: readonly FunnelSharer[];
}

const mineAt = (site: string): FunnelSiteSource => ({
  site,
  from: 'mine',
  sharer: null,
  sharedAt: null,
  notAdded: [],
});

const teamAt = (p: TeamSitePick): FunnelSiteSource => ({
  site: p.site,
  from: 'team',
  sharer: p.sharer,
  sharedAt: p.storedAt,
  notAdded: p.notAdded,
});

/** Per site whose figures count, for the source asked (or the default) and the site asked. */
export function planFunnelSources(
  asked: FunnelSource | undefined,
  facts: FunnelSourceFacts,
  site?: string,
): FunnelSourcePlan {
  const hasOwn = facts.own.logs || facts.own.traffic;
  const source = asked ?? (hasOwn || facts.sharers.length === 0 ? 'mine' : 'team');
  const wanted = site === undefined ? null : sharedSite(site);
  const ownSites = [...new Set(facts.ownSites.map(sharedSite))].filter(
    (s) => wanted === null || s === wanted,
  );
  const shared = facts.teamSites.filter((p) => wanted === null || p.site === wanted);
  const mine = new Set(source === 'team' ? [] : ownSites);
  const teamPicks = source === 'mine' ? [] : shared.filter((p) => !mine.has(p.site));
  const sites = [...[...mine].map(mineAt), ...teamPicks.map(teamAt)].sort((a, b) =>
    a.site.localeCompare(b.site),
  );
  const plan = { source, teamPicks, sharers: sharersByName(teamPicks), sites };
  if (source !== 'all') return { ...plan, crawledFrom: source, referredFrom: source };
  // With nothing shared to add, `all` is this computer's figures alone.
  const from: FunnelOrigin = teamPicks.length > 0 ? 'team' : 'mine';
  return { ...plan, crawledFrom: from, referredFrom: from };
}
