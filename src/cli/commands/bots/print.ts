import { agentByName, type AgentSummary, type BotsReport, type RangeLists } from '../../../core/crawlers';
import { writeLine, type CliContext } from '../../context';

// `parallax bots` in words: what is verified is said apart from what only claims a name.

const ROLE_WORDS = {
  training: 'training crawler',
  search: 'search indexer',
  user: 'fetches for a user',
} as const;
const n = (x: number): string => x.toLocaleString('en');
const hitsOn = (h: { hits: number; pages: number }): string =>
  `${n(h.hits)} hit${h.hits === 1 ? '' : 's'} on ${n(h.pages)} page${h.pages === 1 ? '' : 's'}`;

function statusWords(statuses: Record<string, number>): string {
  return Object.entries(statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, hits]) => `${status} \u00d7${n(hits)}`)
    .join(', ');
}

function agentLines(a: AgentSummary, lists: RangeLists): string[] {
  const known = agentByName(a.agent);
  const lines = [`${a.agent} (${a.operator}, ${ROLE_WORDS[a.role]})`];
  if (a.verified.hits > 0) lines.push(`  verified: ${hitsOn(a.verified)} from ${a.operator}'s own addresses`);
  if (a.unverified.hits > 0) {
    const why =
      known?.ranges && lists.has(known.ranges)
        ? `from addresses outside ${a.operator}'s published list`
        : known?.reverseDns
          ? 'not confirmed by reverse DNS (run the import with --verify-dns to check)'
          : `${a.operator} publishes no way to verify its addresses`;
    lines.push(`  claims to be ${a.agent}: ${hitsOn(a.unverified)} (${why})`);
  }
  lines.push(`  statuses: ${statusWords(a.statuses)}`);
  return lines;
}

function listLines(lists: RangeLists): string[] {
  return [...lists.values()].map((l) => {
    const origin = l.origin === 'updated' ? 'updated by you' : 'shipped';
    const stale = l.offline ? `; written offline, refresh it: parallax bots update ${l.name}` : '';
    return `  ${l.name}: dated ${l.date ?? 'undated'} (${origin}${stale})`;
  });
}

export function printBots(ctx: CliContext, report: BotsReport, lists: RangeLists, days: number): void {
  if (report.agents.length === 0) {
    writeLine(
      ctx.stdout,
      `No AI crawler in the last ${days} days: import logs with \`parallax logs import PATH\`.`,
    );
    return;
  }
  writeLine(ctx.stdout, `AI agents and search crawlers, last ${days} days:`);
  for (const a of report.agents) for (const line of agentLines(a, lists)) writeLine(ctx.stdout, line);
  writeLine(ctx.stdout);
  if (report.blocked.length === 0)
    writeLine(ctx.stdout, 'No page refused to an agent (403) while served to browsers.');
  else {
    writeLine(
      ctx.stdout,
      `Refused to an agent (403) but served to browsers: ${n(report.blocked.length)} page(s)`,
    );
    for (const b of report.blocked.slice(0, 50))
      writeLine(ctx.stdout, `  ${b.url}: ${b.agent} got ${b.agentStatus}, browsers get ${b.browserStatus}`);
    if (report.blocked.length > 50)
      writeLine(ctx.stdout, `  … and ${n(report.blocked.length - 50)} more (--json lists all)`);
  }
  writeLine(ctx.stdout);
  writeLine(ctx.stdout, 'Verified against these address lists:');
  for (const line of listLines(lists)) writeLine(ctx.stdout, line);
}
