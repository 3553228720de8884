import { ago } from '../format-age';
import type { FunnelSharer, FunnelSiteSource, FunnelSourceInfo } from './types';

// Whose figures a funnel shows, in one plain line: the CLI prints it, `--json` carries it, and
// the Funnel view draws it again with its own clock so "synced 2 h ago" stays current. Per site
// one source: a site two teammates share is read from one of them, and the line says so.

type Parts = Pick<FunnelSourceInfo, 'crawledFrom' | 'sharers'> &
  Partial<Pick<FunnelSourceInfo, 'source' | 'sites'>>;

const ANSWERS = 'answers from this workspace’s history';

function sharedBy(sharers: readonly FunnelSharer[], now: number): string {
  if (sharers.length === 0) return 'shared by no teammate yet (pulled by parallax sync)';
  const names = sharers.map((s) => `${s.name}, synced ${ago(Math.max(0, now - s.sharedAt))}`);
  return `shared by ${andList(names)}`;
}

function andList(items: readonly string[]): string {
  const rest = [...items];
  const last = rest.pop() as string;
  return rest.length === 0 ? last : `${rest.join('; ')} and ${last}`;
}

const mine = (what: string): string => `${what} from this computer’s imports`;
const siteName = (site: string): string => (site === '' ? 'logs naming no site' : site);

/** "acme.com: figures shared by ana; ben shares the same site, not added." per site shared twice. */
function notAdded(sites: readonly FunnelSiteSource[]): string {
  return sites
    .filter((s) => s.from === 'team' && s.notAdded.length > 0)
    .map((s) => {
      const verb = s.notAdded.length === 1 ? 'shares' : 'share';
      const others = s.notAdded.join(', ');
      return ` ${siteName(s.site)}: figures shared by ${s.sharer ?? ''}; ${others} ${verb} the same site, not added.`;
    })
    .join('');
}

/** `all` with sites from both sources: which site came from where. */
function perSite(sites: readonly FunnelSiteSource[], now: number): string {
  const each = sites.map((s) =>
    s.from === 'mine'
      ? `${siteName(s.site)} from this computer’s imports`
      : `${siteName(s.site)} shared by ${s.sharer ?? ''}, synced ${ago(Math.max(0, now - (s.sharedAt ?? now)))}`,
  );
  return `Crawler and traffic figures per site, one source each (this computer’s first, never added together): ${each.join('; ')}; ${ANSWERS}.`;
}

export function funnelSourceNote(parts: Parts, now: number): string {
  const sites = parts.sites ?? [];
  const mixed =
    parts.source === 'all' && sites.some((s) => s.from === 'mine') && sites.some((s) => s.from === 'team');
  // Otherwise one source for every figure (per site one, and every site from the same).
  const head = mixed
    ? perSite(sites, now)
    : parts.crawledFrom === 'mine'
      ? `${mine('Crawler and traffic figures')}; ${ANSWERS}.`
      : `Crawler and traffic figures ${sharedBy(parts.sharers, now)}; ${ANSWERS}.`;
  return head + notAdded(sites);
}
