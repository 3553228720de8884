import {
  RECORDED_KINDS,
  type ApplyOutcome,
  type RecordedKind,
  type ReplicaCursor,
  type ReplicaRow,
} from '../../history';
import { add, timed, type StepContext } from './context';
import type { Parents } from './pull-parents';

// A pulled page stored here: its parents first, then its rows, then (a page of jobs) the answers
// that came with them, and the cursor after it, in ONE local transaction; tallied once it
// committed.

/** What one page's transaction applied, tallied once it committed (it may run twice: see applying()). */
interface PageOutcome {
  page: ApplyOutcome;
  runs: number;
  deletedRuns: number;
  jobs: number;
  results: number;
}

function applyParents(
  ctx: StepContext,
  parents: Parents,
  kind: RecordedKind,
  into: Omit<PageOutcome, 'page'>,
): void {
  const replica = ctx.store.replica;
  const runs = replica.applyRuns(parents.runs, parents.prompts);
  into.runs += runs.applied;
  into.deletedRuns += runs.deleted;
  if (kind === 'run') return;
  // The prompts of runs here that lacked them, before the jobs that refer to them.
  replica.addRunPrompts(parents.prompts);
  into.jobs += replica.applyJobs(parents.jobs).applied;
  into.results += replica.applyResults(parents.results).applied;
}

function applyPage<T>(
  ctx: StepContext,
  kind: RecordedKind,
  apply: (items: T[]) => ApplyOutcome,
  items: T[],
  parents: Parents,
  cursor: ReplicaCursor,
): PageOutcome {
  const out = { runs: 0, deletedRuns: 0, jobs: 0, results: 0 };
  let page: ApplyOutcome;
  if (kind === 'run') {
    const applied = ctx.store.replica.applyRuns(items as ReplicaRow[], parents.prompts);
    out.deletedRuns += applied.deleted;
    page = applied;
  } else {
    applyParents(ctx, parents, kind, out);
    page = apply(items);
    out.results += ctx.store.replica.applyResults(parents.answers).applied;
  }
  ctx.store.replica.setCursor(RECORDED_KINDS[kind].table, cursor);
  return { ...out, page };
}

/** A page ready to store: its rows converted (`items`), their parents fetched. */
export interface PageToStore<T> {
  items: T[];
  parents: Parents;
  cursor: ReplicaCursor;
  /** Rows of the page written elsewhere (those it could not convert are counted as rejected). */
  written: number;
}

/** Stores a page in one transaction and adds what it applied to the tally. */
export async function storePage<T>(
  ctx: StepContext,
  kind: RecordedKind,
  apply: (items: T[]) => ApplyOutcome,
  page: PageToStore<T>,
): Promise<void> {
  const { items, parents, cursor, written } = page;
  const out = await timed(ctx, 'pullApply', () =>
    ctx.store.replica.applying(() => applyPage(ctx, kind, apply, items, parents, cursor)),
  );
  add(ctx.tally.pulled, 'run', out.runs);
  add(ctx.tally.deleted, 'run', out.deletedRuns);
  add(ctx.tally.pulled, 'job', out.jobs);
  add(ctx.tally.pulled, 'result', out.results);
  add(ctx.tally.pulled, kind, out.page.applied);
  ctx.tally.rejected += out.page.rejected + (written - items.length);
}
