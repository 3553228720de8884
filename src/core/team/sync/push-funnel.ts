import { funnelDays, type FunnelDay } from '../../outcomes';
import type { StepContext } from './context';

// The funnel's daily aggregates, sent when the workspace shares them (off unless the analyst
// turns it on): per day × engine × page counts, through parallax.put_funnel_days, which
// replaces this desktop's rows of a span of days. Logs and first-party rows never leave.
// Computed and sent again only when their inputs changed since the last push (an import: the
// history's stamp of them), so a routine sync reads two counts. Turned off after sharing, the
// next sync removes this desktop's rows of the window.

/** Days sent each sync, today included: the server's span per call is 400. */
export const SHARED_DAYS = 400;
/** Rows per call: the server takes at most 20,000 (funnel_rows_per_call). */
const ROWS_PER_CALL = 10_000;
const DAY_MS = 86_400_000;

const iso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Span {
  first: string;
  last: string;
  rows: FunnelDay[];
}

/** Contiguous spans covering first..last, each with at most ROWS_PER_CALL rows (a day's rows stay together). */
function spans(rows: readonly FunnelDay[], first: string, last: string): Span[] {
  const out: Span[] = [];
  let current: Span = { first, last, rows: [] };
  for (let i = 0; i < rows.length;) {
    const day = (rows[i] as FunnelDay).day;
    let j = i;
    while (j < rows.length && (rows[j] as FunnelDay).day === day) j += 1;
    if (current.rows.length > 0 && current.rows.length + (j - i) > ROWS_PER_CALL) {
      const before = iso(Date.parse(`${day}T00:00:00Z`) / DAY_MS - 1);
      out.push({ ...current, last: before });
      current = { first: day, last, rows: [] };
    }
    current.rows.push(...rows.slice(i, j));
    i = j;
  }
  out.push(current);
  return out;
}

async function put(ctx: StepContext, span: Span): Promise<void> {
  const r = span.rows;
  await ctx.target.client.query(
    `SELECT parallax.put_funnel_days($1::uuid, $2::date, $3::date, $4::date[], $5::text[], $6::text[],
       $7::bigint[], $8::bigint[], $9::bigint[])`,
    [
      ctx.target.workspaceId,
      span.first,
      span.last,
      r.map((d) => d.day),
      r.map((d) => d.engine),
      r.map((d) => d.page),
      r.map((d) => d.crawledHits),
      r.map((d) => d.referredSessions),
      r.map((d) => d.keyEvents),
    ],
  );
}

/** What a sync did with the aggregates: sent (or cleared) them, or found them as last sent. */
export interface FunnelDaysPush {
  rows: number;
  cleared: boolean;
  /** False when nothing was imported since they were last sent, so nothing went (rows: 0). */
  sent: boolean;
}

/** Sends (or clears) this desktop's aggregates; null when sharing is off and nothing is on the team. */
export async function pushFunnelDays(ctx: StepContext, now: number): Promise<FunnelDaysPush | null> {
  const sharing = ctx.store.outcomeSharing();
  if (!sharing.aggregates && sharing.pushedAt === null) return null;
  const cleared = !sharing.aggregates;
  const stamp = cleared ? null : ctx.store.funnelInputsStamp();
  if (!cleared && stamp === sharing.pushedDigest) return { rows: 0, cleared, sent: false };
  const today = Math.floor(now / DAY_MS);
  const first = iso(today - SHARED_DAYS + 1);
  const last = iso(today);
  const rows = cleared ? [] : funnelDays(ctx.store, { days: SHARED_DAYS, now });
  for (const span of spans(rows, first, last)) await put(ctx, span);
  ctx.store.markOutcomesPushed(cleared ? null : now, stamp);
  return { rows: rows.length, cleared, sent: true };
}
