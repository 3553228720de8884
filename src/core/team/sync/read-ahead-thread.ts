import type { MessagePort } from 'node:worker_threads';
import {
  judgeCompact,
  packBackToBack,
  analyseAnswersAhead,
  judgedContent,
  RECORDED_KINDS,
  resultDocParts,
  type CompactVerdict,
  type PulledResult,
} from '../../history';
import { openTeamClient, TeamError, type TeamClient } from '../server';
import { languagesOf, readResults } from './pulled-result';
import type { ReadAheadMessage, ReadAheadPage, ReadAheadRequest, ReadAheadTaken } from './read-ahead';
import { readByKeys, readPage, type ReadScope, type TeamPage } from './team-reads';
import { rowFromPg } from './team-sql';

// The read-ahead thread of a large pull (read-ahead.ts says why): reads the results' table page
// by page with its own connection and prepares each page for the ingest on the pulling thread,
// which uses what it is offered only when it was made from what it would make itself. Runs in
// positioning-worker.ts's script (role 'read-ahead'), which every build already ships.

/** Pages posted and not yet taken, at most: one waits there while the next is prepared here. */
const WAITING_AT_MOST = 1;

/**
 * The first page's rows at most; each page after it twice the one before, up to the pull's page
 * size. The pulling thread has nothing to store until the first page is read and prepared here,
 * so a small one gets it going; the next, larger, is ready by the time it has stored that one.
 */
export const FIRST_PAGE_ROWS = 500;

/** What `make` returns, or null when it throws: the pulling thread's ingest then does that work itself. */
function orNull<T>(make: () => T): T | null {
  try {
    return make();
  } catch {
    return null;
  }
}

/** One compact verdict per answer whose job's language is known (null for the others), as JSON. */
function verdictsOf(
  brands: NonNullable<ReadAheadRequest['brands']>,
  results: readonly PulledResult[],
  jobs: ReadAheadPage['jobs'],
): string {
  const languages = languagesOf(jobs);
  const inputs = results.map((r) => {
    const language = languages.get(r.jobId);
    return language === undefined ? null : { ...judgedContent(r.normalized), language };
  });
  const made = judgeCompact(
    brands,
    inputs.filter((input) => input !== null),
  );
  let at = 0;
  return JSON.stringify(inputs.map((input): CompactVerdict | null => (input ? (made[at++] ?? null) : null)));
}

/**
 * The page's answers judged, packed and analysed. A part that fails is sent as null, as the judge
 * threads' failures are: it costs the pulling thread time, never the page.
 */
function preparePage(request: ReadAheadRequest, page: TeamPage, jobs: ReadAheadPage['jobs']): ReadAheadPage {
  const written = page.rows.filter((r) => !r.own);
  const { results, quarantined } = readResults(written);
  const docs = orNull(() => packBackToBack(results.map((r) => resultDocParts(r.normalized, r.rawJson))));
  const analysed = orNull(() =>
    JSON.stringify(
      analyseAnswersAhead(
        request.brands ?? [],
        results.map((r) => r.normalized),
      ),
    ),
  );
  const { brands } = request;
  const verdicts = brands === null ? null : orNull(() => verdictsOf(brands, results, jobs));
  // Each raw JSON is in its packed document: not copied to the pulling thread a second time.
  const posted = docs === null ? results : results.map((r) => ({ ...r, rawJson: null }));
  return {
    cursor: page.cursor,
    rows: written.length,
    results: posted,
    quarantined,
    jobs,
    verdicts,
    docs,
    analysed,
  };
}

/** The jobs of a page's answers, as the team has them. */
async function jobsOf(scope: ReadScope, page: TeamPage): Promise<ReadAheadPage['jobs']> {
  const ids = page.rows.filter((r) => !r.own).map((r) => String(r['job_id']));
  return (await readByKeys(scope, 'job', ids)).map((r) => rowFromPg(RECORDED_KINDS.job, r));
}

/** Reads and posts pages until the table's end; a page is read from the server while the one before is prepared. */
async function readPages(port: MessagePort, request: ReadAheadRequest, client: TeamClient): Promise<void> {
  const scope: ReadScope = {
    target: { client, workspaceId: request.workspaceId, origin: request.origin },
    options: { since: request.since },
  };
  let taken = 0;
  let posted = 0;
  let wake: (() => void) | null = null;
  port.on('message', (message: ReadAheadTaken) => {
    if (message.type !== 'taken') return;
    taken += 1;
    wake?.();
    wake = null;
  });
  let limit = Math.min(request.limit, FIRST_PAGE_ROWS);
  const read = (
    cursor: ReadAheadRequest['cursor'],
  ): Promise<{ page: TeamPage; jobs: ReadAheadPage['jobs'] }> =>
    readPage(scope, 'result', cursor, limit, request.weight).then(async (page) => ({
      page,
      jobs: await jobsOf(scope, page),
    }));
  let current = await read(request.cursor);
  while (current.page.rows.length > 0) {
    limit = Math.min(request.limit, limit * 2);
    const next = current.page.more ? read(current.page.cursor) : null;
    // Awaited below; a failed read must not go unobserved meanwhile.
    next?.catch(() => undefined);
    const prepared = preparePage(request, current.page, current.jobs);
    while (posted - taken >= WAITING_AT_MOST) await new Promise<void>((resolve) => (wake = resolve));
    // The documents' one buffer (made here, never shared) moves without a copy.
    const moved = prepared.docs ? [prepared.docs.bytes.buffer as ArrayBuffer] : [];
    port.postMessage({ type: 'page', page: prepared } satisfies ReadAheadMessage, moved);
    posted += 1;
    if (next === null) break;
    current = await next;
  }
}

/** The thread's work: every page, then 'end'; a failure is posted as 'error' with its kind. */
export async function runReadAhead(port: MessagePort, request: ReadAheadRequest): Promise<void> {
  let client: TeamClient | null = null;
  try {
    client = await openTeamClient(request.team.url, request.team.options);
    await readPages(port, request, client);
    port.postMessage({ type: 'end' } satisfies ReadAheadMessage);
  } catch (error) {
    port.postMessage({
      type: 'error',
      kind: error instanceof TeamError ? error.kind : null,
      message: error instanceof Error ? error.message : String(error),
    } satisfies ReadAheadMessage);
  } finally {
    await client?.end();
  }
}
