import { ago } from '../format-age';
import type { FunnelOrigin, FunnelSharer, FunnelSourceInfo } from './types';

// Whose figures a funnel shows, in one plain line: the CLI prints it, `--json` carries it, and
// the Funnel view draws it again with its own clock so "synced 2 h ago" stays current.

type Parts = Pick<FunnelSourceInfo, 'crawledFrom' | 'referredFrom' | 'sharers'>;

const ANSWERS = 'answers from this workspace’s history';

function sharedBy(sharers: readonly FunnelSharer[], now: number): string {
  if (sharers.length === 0) return 'shared by no teammate yet (parallax sync pulls them)';
  const names = sharers.map((s) => `${s.name}, synced ${ago(Math.max(0, now - s.sharedAt))}`);
  const last = names.pop() as string;
  return `shared by ${names.length === 0 ? last : `${names.join('; ')} and ${last}`}`;
}

const mine = (what: string): string => `${what} from this computer’s imports`;

export function funnelSourceNote({ crawledFrom, referredFrom, sharers }: Parts, now: number): string {
  const team = (what: string): string => `${what} ${sharedBy(sharers, now)}`;
  const of = (from: FunnelOrigin, what: string): string => (from === 'mine' ? mine(what) : team(what));
  if (crawledFrom === referredFrom) return `${of(crawledFrom, 'Crawler and traffic figures')}; ${ANSWERS}.`;
  return `${of(crawledFrom, 'Crawler figures')}; ${of(referredFrom, 'traffic figures')} (one source per figure, this computer’s first, never added together); ${ANSWERS}.`;
}
