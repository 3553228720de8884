import type { SharedFunnelWriter } from '../../history';
import type { StepContext } from './context';

// The funnel totals teammates share with the workspace (parallax.funnel_days), pulled into the
// history's shared_funnel tables so a member without logs or analytics of their own sees the
// workspace's funnel, offline too. Row security on the server keeps other workspaces' rows out.
// Per sharing desktop: its row count and latest stored_at decide whether it changed since the
// last pull; a changed one is read in pages (staged in the history) and then replaces what this
// history held of it in one transaction, and a desktop whose rows are gone (sharing turned off)
// is removed here. The reads are one snapshot of the server, so a sharer sending meanwhile never
// gives a mix of two sends. This desktop's own rows are never pulled: its imports are their source.

interface WriterHead {
  writer: string;
  sharer: string;
  rows: string;
  stored_at: string;
}

interface DayRow {
  day: string;
  site: string;
  engine: string;
  page: string;
  crawled: string;
  referred: string;
  events: string;
}

/** What a sync did with the teammates' shared totals. */
export interface SharedFunnelPull {
  /** Teammates sharing, by name, with when they last sent their totals (ms). */
  sharers: Array<{ name: string; storedAt: number }>;
  /** Rows this history holds from them after the pull. */
  rows: number;
  /** Rows read from the server by this sync (0 when nothing changed since the last pull). */
  pulled: number;
  /** Sharing desktops gone from the server (sharing turned off), removed here. */
  removed: number;
}

async function heads(ctx: StepContext): Promise<SharedFunnelWriter[]> {
  const { rows } = await ctx.target.client.query<WriterHead>(
    `SELECT writer, split_part(writer, '/', 1) AS sharer, count(*)::text AS rows,
       round(extract(epoch FROM max(stored_at)) * 1000)::bigint::text AS stored_at
     FROM parallax.funnel_days WHERE workspace_id = $1 AND writer <> $2
     GROUP BY writer ORDER BY writer`,
    [ctx.target.workspaceId, ctx.target.origin],
  );
  return rows.map((h) => ({
    writer: h.writer,
    sharer: h.sharer,
    rows: Number(h.rows),
    storedAt: Number(h.stored_at),
    pulledAt: 0,
  }));
}

/**
 * A page of the writer's rows after `after` (day, site, engine, page), in that order: the sync's pull
 * batch (a sharer may hold up to the workspace's cap, 1,000,000 rows, never held at once).
 */
async function readPage(ctx: StepContext, writer: string, after: DayRow | null): Promise<DayRow[]> {
  // Two statements, not one with "$3 IS NULL OR …": the row comparison alone walks the key's index.
  const from =
    after === null ? '' : 'AND (day, site, engine, page) > ($4::date, $5::text, $6::text, $7::text)';
  const { rows } = await ctx.target.client.query<DayRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, site, engine, page, crawled_hits::text AS crawled,
       referred_sessions::text AS referred, key_events::text AS events
     FROM parallax.funnel_days WHERE workspace_id = $1 AND writer = $2 ${from}
     ORDER BY day, site, engine, page LIMIT $3`,
    [
      ctx.target.workspaceId,
      writer,
      ctx.tuning.pullBatch,
      ...(after === null ? [] : [after.day, after.site, after.engine, after.page]),
    ],
  );
  return rows;
}

/** Stages every row of the writer, page by page; returns how many were read. */
async function stageWriter(ctx: StepContext, writer: string): Promise<number> {
  let read = 0;
  for (let after: DayRow | null = null, first = true; ; first = false) {
    const rows = await readPage(ctx, writer, after);
    ctx.store.stageSharedFunnel(
      writer,
      rows.map((r) => ({
        day: r.day,
        site: r.site,
        engine: r.engine,
        page: r.page,
        crawledHits: Number(r.crawled),
        referredSessions: Number(r.referred),
        keyEvents: Number(r.events),
      })),
      first,
    );
    read += rows.length;
    await ctx.options.pause?.();
    if (rows.length < ctx.tuning.pullBatch) return read;
    after = rows[rows.length - 1] as DayRow;
  }
}

/** Brings the history's copy of the teammates' shared totals up to the server's. */
export async function pullFunnelDays(ctx: StepContext, now: number): Promise<SharedFunnelPull> {
  return ctx.target.client.snapshot(async () => {
    const onServer = await heads(ctx);
    const held = new Map(ctx.store.sharedFunnelWriters().map((w) => [w.writer, w]));
    let pulled = 0;
    for (const head of onServer) {
      const before = held.get(head.writer);
      if (before && before.rows === head.rows && before.storedAt === head.storedAt) continue;
      pulled += await stageWriter(ctx, head.writer);
      ctx.store.commitSharedFunnel({ ...head, pulledAt: now });
    }
    const removed = ctx.store.keepSharedFunnelWriters(onServer.map((w) => w.writer));
    return {
      sharers: onServer.map((w) => ({ name: w.sharer, storedAt: w.storedAt })),
      rows: onServer.reduce((n, w) => n + w.rows, 0),
      pulled,
      removed,
    };
  });
}
