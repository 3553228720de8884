import {
  RECORDED_KINDS,
  type ApplyOutcome,
  type PulledResult,
  type RecordedKind,
  type ReplicaRow,
} from '../../history';
import { advance, quarantine, timed, type StepContext } from './context';
import { checkCanceled } from './errors';
import { judgeAhead } from './judge-ahead';
import { storePage } from './pull-apply';
import {
  fetchAnswers,
  fetchJobs,
  fetchResults,
  fetchRuns,
  noParents,
  pushAll,
  type Parents,
} from './pull-parents';
import { pullResultsAhead } from './pull-results-ahead';
import { languagesOf, readResults } from './pulled-result';
import type { ReadAheadRequest, ReadAheadStream } from './read-ahead';
import { readPage, readRunPrompts, START, type TeamPage } from './team-reads';
import { rowFromPg } from './team-sql';

// Pulling what teammates recorded: runs, results, jobs, pages and credit sessions, table by
// table, page by page. Each page is applied in ONE local transaction together with the cursor
// after it, so a pull cut anywhere resumes after the last page applied and applies nothing
// twice. A row whose parent is not here yet (a job of a run whose newest version was written
// after this pull read the runs) has its parent fetched by key and applied first, in the same
// transaction; a parent that is a tombstone or outside the window leaves the row out. Results
// go through the store's ingest, the same as a run's answers. The next page is already being
// read on the server while this one is applied here.
//
// Results come before jobs, so this history never shows a job as answered without its answer,
// not between two pages nor after a cut: a page of answers brings the jobs it needs with it,
// and a job that arrives answered after the results' pass went by (pushed meanwhile, with its
// answer in the same server transaction) has its answer fetched and applied in its page's
// transaction.

const PULLED: readonly RecordedKind[] = ['run', 'result', 'job', 'page', 'session'];

/** What a page of each table turns into, what its rows need first, and how it is applied. */
interface TableStep<T> {
  /** The rows as apply takes them; those it cannot read are left out (results: and named in ctx). */
  convert(rows: Array<Record<string, unknown>>, ctx: StepContext): T[];
  parents(ctx: StepContext, items: T[], into: Parents): Promise<void>;
  apply(ctx: StepContext, items: T[]): ApplyOutcome;
}

const recorded = (kind: RecordedKind) => (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => rowFromPg(RECORDED_KINDS[kind], r, kind === 'run' ? ['deleted_at'] : []));

const STEPS: Record<string, TableStep<ReplicaRow> | TableStep<PulledResult>> = {
  run: {
    convert: recorded('run'),
    async parents(ctx, runs: ReplicaRow[], into) {
      const present = ctx.store.replica.presentKeys(
        'run',
        runs.map((r) => String(r['id'])),
      );
      const fresh = runs.filter((r) => r['deleted_at'] === null && !present.has(String(r['id'])));
      pushAll(
        into.prompts,
        (
          await readRunPrompts(
            ctx,
            fresh.map((r) => String(r['id'])),
          )
        ).map((p) => rowFromPg(RECORDED_KINDS.run_prompts, p)),
      );
    },
    apply: (ctx, runs: ReplicaRow[]) => ctx.store.replica.applyRuns(runs, []),
  } satisfies TableStep<ReplicaRow>,
  job: {
    convert: recorded('job'),
    async parents(ctx, jobs: ReplicaRow[], into) {
      await fetchRuns(
        ctx,
        jobs.map((j) => String(j['run_id'])),
        into,
      );
      await fetchAnswers(ctx, jobs, into);
    },
    apply: (ctx, jobs: ReplicaRow[]) => ctx.store.replica.applyJobs(jobs),
  } satisfies TableStep<ReplicaRow>,
  result: {
    convert(rows, ctx) {
      const { results, quarantined } = readResults(rows);
      quarantine(ctx, quarantined);
      return results;
    },
    parents: (ctx, results: PulledResult[], into) =>
      fetchJobs(
        ctx,
        results.map((r) => r.jobId),
        into,
      ),
    apply: (ctx, results: PulledResult[]) => ctx.store.replica.applyResults(results),
  } satisfies TableStep<PulledResult>,
  page: {
    convert: recorded('page'),
    parents: (ctx, pages: ReplicaRow[], into) =>
      fetchResults(
        ctx,
        pages.map((p) => String(p['result_id'])),
        into,
      ),
    apply: (ctx, pages: ReplicaRow[]) => ctx.store.replica.applyPages(pages),
  } satisfies TableStep<ReplicaRow>,
  session: {
    convert: recorded('session'),
    parents: (ctx, sessions: ReplicaRow[], into) =>
      fetchRuns(
        ctx,
        sessions.map((s) => String(s['run_id'])),
        into,
      ),
    apply: (ctx, sessions: ReplicaRow[]) => ctx.store.replica.applySessions(sessions),
  } satisfies TableStep<ReplicaRow>,
};

/** A page read from the server, its rows converted, their parents and verdicts being fetched and made ahead. */
interface ReadyPage<T> {
  page: TeamPage;
  items: T[];
  parents: Promise<Parents>;
  judged: Promise<void>;
}

function prepare<T>(ctx: StepContext, kind: RecordedKind, step: TableStep<T>, page: TeamPage): ReadyPage<T> {
  const items = step.convert(
    page.rows.filter((r) => !r.own),
    ctx,
  );
  const into = noParents();
  const parents = step.parents(ctx, items, into).then(() => into);
  // Awaited by pullPage; a failed read-ahead must not leave it unobserved.
  parents.catch(() => undefined);
  // Answers are judged once their jobs are known: a first pull brings them with the answers.
  const judged =
    kind === 'result'
      ? parents
          .then((p) => judgeAhead(ctx, items as PulledResult[], languagesOf(p.jobs)))
          // Never rejects: a failed fetch fails the page in pullPage, a failed judge costs time.
          .catch(() => undefined)
      : Promise.resolve();
  return { page, items, parents, judged };
}

async function pullPage<T>(
  ctx: StepContext,
  kind: RecordedKind,
  step: TableStep<T>,
  ready: ReadyPage<T>,
): Promise<void> {
  const { page, items } = ready;
  const parents = await timed(ctx, 'pullFetch', () => ready.parents);
  const written = page.rows.filter((r) => !r.own).length;
  await storePage(ctx, kind, (rows: T[]) => step.apply(ctx, rows), {
    items,
    parents,
    cursor: page.cursor,
    written,
  });
}

/** Starts the answers' read-ahead thread (read-ahead.ts) when this pull has enough answers for one. */
function readAheadOf(ctx: StepContext): ((request: ReadAheadRequest) => ReadAheadStream) | null {
  const start = ctx.options.judge?.readAhead?.bind(ctx.options.judge);
  const answers = ctx.progress.ahead.result ?? 0;
  return start && answers >= (ctx.tuning.readAheadFrom ?? READ_AHEAD_FROM) ? start : null;
}

/**
 * Pulls a table page by page. While a page is stored here, the server reads the next one, and
 * once it has arrived its answers are judged on other threads (judge-ahead.ts); a large pull's
 * answers are read and prepared on a thread of their own instead (pull-results-ahead.ts).
 */
async function pullTable(ctx: StepContext, kind: RecordedKind): Promise<void> {
  const readAhead = kind === 'result' ? readAheadOf(ctx) : null;
  if (readAhead) return pullResultsAhead(ctx, readAhead);
  const step = STEPS[kind] as TableStep<unknown>;
  const limit = ctx.tuning.pullBatch;
  const weight = ctx.tuning.pullWeight;
  const table = RECORDED_KINDS[kind].table;
  const judging = kind === 'result' && ctx.options.judge !== undefined;
  const first = await timed(ctx, 'pullFetch', () =>
    readPage(ctx, kind, ctx.store.replica.cursor(table) ?? START, limit, weight),
  );
  let current: ReadyPage<unknown> | null = first.rows.length > 0 ? prepare(ctx, kind, step, first) : null;
  while (current) {
    checkCanceled(ctx.options.signal);
    const { page } = current;
    const next = page.more ? readPage(ctx, kind, page.cursor, limit, weight) : null;
    // Awaited below; a failed read-ahead must not leave it unobserved.
    next?.catch(() => undefined);
    const arrived = async (): Promise<ReadyPage<unknown> | null> => {
      const following = next ? await timed(ctx, 'pullFetch', () => next) : null;
      return following && following.rows.length > 0 ? prepare(ctx, kind, step, following) : null;
    };
    let after: ReadyPage<unknown> | null;
    if (judging) {
      // The next page is read while this one's verdicts are made, and judged while it is stored.
      await timed(ctx, 'pullApply', () => current?.judged);
      after = await arrived();
      // The next page's jobs (its answers' languages) are in before this page is stored, so its
      // answers are judged while this one is stored, not after. A failed read fails that page.
      await timed(ctx, 'pullFetch', () => after?.parents.catch(() => undefined));
      await pullPage(ctx, kind, step, current);
    } else {
      // The next page is read while this one is stored.
      await pullPage(ctx, kind, step, current);
      after = await arrived();
    }
    await advance(ctx, 'pull', kind, page.rows.filter((r) => !r.own).length);
    current = after;
  }
}

/**
 * A pull of this many answers or more reads them on a thread of their own (pull-results-ahead.ts):
 * worth a second connection and a thread started for it.
 */
const READ_AHEAD_FROM = 4_000;

/**
 * A pull this large (rows ahead: a first sync, a long absence) runs with a wider page cache and
 * an untrimmed WAL file (ReplicaApi.widenForLargePull).
 */
const LARGE_PULL = 20_000;
const LARGE_PULL_CACHE_MIB = 256;

/** Pulls every recorded table after its cursor. */
export async function pullRecorded(ctx: StepContext): Promise<void> {
  const restore =
    ctx.progress.total >= LARGE_PULL ? ctx.store.replica.widenForLargePull(LARGE_PULL_CACHE_MIB) : null;
  try {
    for (const kind of PULLED) await pullTable(ctx, kind);
  } finally {
    restore?.();
  }
}

export const PULLED_RECORDED_KINDS = PULLED;
