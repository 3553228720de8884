import { CONFIG_KIND_NAMES, CONFIG_KINDS, type ConfigKind } from '../../history';
import { add, advance, timed, type StepContext } from './context';
import { checkCanceled } from './errors';
import { toTeamConfigRow } from './team-config';
import { readPage, START } from './team-reads';

// Pulling configuration, before anything is pushed: a teammate's newer version of an object
// this history edited and has not sent yet wins here, and the local edit becomes a draft, so
// the push that follows sends only edits made on the team's latest versions. Brands come first
// (answers pulled later are matched against them as they are ingested), prompts before the
// sets that list them, monitors before their options.

async function pullKind(ctx: StepContext, kind: ConfigKind): Promise<void> {
  const table = CONFIG_KINDS[kind].table;
  let cursor = ctx.store.replica.cursor(table) ?? START;
  for (;;) {
    checkCanceled(ctx.options.signal);
    const page = await timed(ctx, 'pullFetch', () => readPage(ctx, kind, cursor, ctx.tuning.pullBatch));
    if (page.rows.length === 0) return;
    const rows = page.rows.filter((r) => !r.own).map((r) => toTeamConfigRow(kind, r));
    const outcome = await timed(ctx, 'pullApply', () =>
      ctx.store.replica.applying(() => {
        const applied = ctx.store.replica.applyConfig(kind, rows);
        ctx.store.replica.setCursor(table, page.cursor);
        return applied;
      }),
    );
    add(ctx.tally.pulled, kind, outcome.applied);
    add(ctx.tally.deleted, kind, outcome.deleted);
    ctx.tally.drafts.push(...outcome.drafts);
    cursor = page.cursor;
    await advance(ctx, 'pull', kind, rows.length);
  }
}

export async function pullConfig(ctx: StepContext): Promise<void> {
  for (const kind of CONFIG_KIND_NAMES) await pullKind(ctx, kind);
}
