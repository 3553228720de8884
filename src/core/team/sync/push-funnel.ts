import { funnelDays, type FunnelDay } from '../../outcomes';
import { TeamError } from '../server';
import type { StepContext } from './context';

// The funnel's daily aggregates, sent when the workspace shares them (off unless the analyst
// turns it on): per day × site × engine × page counts, through parallax.put_funnel_days, which
// replaces this desktop's rows of a span of days. Logs and first-party rows never leave.
// Computed and sent again only when their inputs changed since the last push (an import: the
// history's stamp of them), so a routine sync reads two counts. Turned off after sharing, the
// next sync removes this desktop's rows of the window.

/** Days sent each sync, today included: the server's span per call is 400. */
export const SHARED_DAYS = 400;
/** Rows per call: the server takes at most 20,000 (funnel_rows_per_call); a day's rows never exceed it. */
export const ROWS_PER_CALL = 10_000;
/** The server refusing the aggregates (its caps, its checks, access): said in the report, the sync goes on. */
const REFUSED = new Set(['54000', '22023', '23514', '42501']);
const DAY_MS = 86_400_000;
/**
 * Marks the stamp of what was sent with the rows' shape: a desktop that sent rows without their
 * site (before team schema 15) finds its stamp changed and sends them again, with it.
 */
const SHAPE = 'sites:';

const iso = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export interface Span {
  first: string;
  last: string;
  rows: FunnelDay[];
}

const weight = (d: FunnelDay): number => d.crawledHits + d.referredSessions + d.keyEvents;

/**
 * A day's rows, at most `max`: the pages with the most hits, sessions and key events (a site
 * whose day has more is told how many were left out), in the rows' order.
 */
function capDay(rows: FunnelDay[], max: number): { kept: FunnelDay[]; leftOut: number } {
  if (rows.length <= max) return { kept: rows, leftOut: 0 };
  const strongest = new Set([...rows].sort((a, b) => weight(b) - weight(a)).slice(0, max));
  return { kept: rows.filter((r) => strongest.has(r)), leftOut: rows.length - max };
}

/**
 * Contiguous spans covering first..last, each with at most `max` rows (a day's rows stay
 * together, capped at `max`), and the rows left out by the cap.
 */
export function funnelSpans(
  rows: readonly FunnelDay[],
  first: string,
  last: string,
  max = ROWS_PER_CALL,
): { spans: Span[]; leftOut: number } {
  const out: Span[] = [];
  let leftOut = 0;
  let current: Span = { first, last, rows: [] };
  for (let i = 0; i < rows.length;) {
    const day = (rows[i] as FunnelDay).day;
    let j = i;
    while (j < rows.length && (rows[j] as FunnelDay).day === day) j += 1;
    const capped = capDay(rows.slice(i, j), max);
    leftOut += capped.leftOut;
    if (current.rows.length > 0 && current.rows.length + capped.kept.length > max) {
      out.push({ ...current, last: iso(Date.parse(`${day}T00:00:00Z`) / DAY_MS - 1) });
      current = { first: day, last, rows: [] };
    }
    current.rows.push(...capped.kept);
    i = j;
  }
  out.push(current);
  return { spans: out, leftOut };
}

async function put(ctx: StepContext, span: Span): Promise<void> {
  const r = span.rows;
  await ctx.target.client.query(
    `SELECT parallax.put_funnel_days($1::uuid, $2::date, $3::date, $4::date[], $5::text[], $6::text[],
       $7::text[], $8::bigint[], $9::bigint[], $10::bigint[])`,
    [
      ctx.target.workspaceId,
      span.first,
      span.last,
      r.map((d) => d.day),
      r.map((d) => d.site),
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
  /** Rows of days with more than a call takes, left out (the weakest pages of those days). */
  leftOut: number;
  /** The team server's refusal, in one line (the rest of the sync went on); null when taken. */
  refused: string | null;
  /**
   * Why the totals could not be computed (their thread failed), in one line: nothing was sent,
   * the rest of the sync went on and the next sync tries again. Absent when they were.
   */
  failed?: string;
}

/**
 * The totals to send: on the thread the options name (the app's), else on this one. A
 * failure there is the step's, said in one line (what failed in-process throws, as before).
 */
async function computeRows(ctx: StepContext, now: number): Promise<FunnelDay[] | { failed: string }> {
  const onThread = ctx.options.funnelDaysOn;
  if (!onThread) return funnelDays(ctx.store, { days: SHARED_DAYS, now });
  try {
    return await onThread({ dbPath: ctx.store.path, days: SHARED_DAYS, now });
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends (or clears) this desktop's aggregates; null when sharing is off and nothing is on the team. */
export async function pushFunnelDays(ctx: StepContext, now: number): Promise<FunnelDaysPush | null> {
  const sharing = ctx.store.outcomeSharing();
  if (!sharing.aggregates && sharing.pushedAt === null) return null;
  const cleared = !sharing.aggregates;
  const stamp = cleared ? null : SHAPE + ctx.store.funnelInputsStamp();
  if (!cleared && stamp === sharing.pushedDigest)
    return { rows: 0, cleared, sent: false, leftOut: 0, refused: null };
  const today = Math.floor(now / DAY_MS);
  const computed = cleared ? [] : await computeRows(ctx, now);
  if (!Array.isArray(computed))
    return { rows: 0, cleared, sent: false, leftOut: 0, refused: null, failed: computed.failed };
  const rows = computed;
  const { spans, leftOut } = funnelSpans(rows, iso(today - SHARED_DAYS + 1), iso(today));
  try {
    for (const span of spans) await put(ctx, span);
  } catch (error) {
    if (!(error instanceof TeamError) || !REFUSED.has(error.sqlstate ?? '')) throw error;
    return { rows: rows.length - leftOut, cleared, sent: false, leftOut, refused: error.message };
  }
  ctx.store.markOutcomesPushed(cleared ? null : now, stamp);
  return { rows: rows.length - leftOut, cleared, sent: true, leftOut, refused: null };
}
