import {
  unpackBackToBack,
  brandsKey,
  judgedContent,
  offerBrandHits,
  offerDoc,
  offerDocHoldingRaw,
  offerLeads,
  offerVerdict,
  RECORDED_KINDS,
  resultDocParts,
  type AnalysedAhead,
  type CompactVerdict,
  type PrejudgeInputs,
  type PulledResult,
} from '../../history';
import { advance, quarantine, timed, type StepContext } from './context';
import { checkCanceled } from './errors';
import { storePage } from './pull-apply';
import { noParents, takeJobs } from './pull-parents';
import { languagesOf } from './pulled-result';
import type { ReadAheadPage, ReadAheadRequest, ReadAheadStream } from './read-ahead';
import { START } from './team-reads';

// The results' table of a large pull, read ahead on another thread (read-ahead.ts): this thread
// takes each page as it comes, offers the verdicts, documents and analyses made there to the
// ingest of each answer, fetches the runs of jobs that are not here (rarely any: runs are pulled
// first), and stores the page with its jobs in one transaction, as pull-recorded.ts does.

/** Hands what the thread made for each answer to that answer's ingest (which checks it before use). */
function offerPrepared(page: ReadAheadPage, brandSet: Omit<PrejudgeInputs, 'inputs'> | null): void {
  const docs = page.docs === null ? [] : unpackBackToBack(page.docs);
  const analysed = page.analysed === null ? [] : (JSON.parse(page.analysed) as AnalysedAhead[]);
  const verdicts =
    page.verdicts === null ? null : (JSON.parse(page.verdicts) as Array<CompactVerdict | null>);
  const languages = verdicts === null ? null : languagesOf(page.jobs);
  const key = brandSet === null ? null : brandsKey(brandSet.brands);
  page.results.forEach(({ normalized, rawJson, jobId }, at) => {
    const doc = docs[at];
    if (doc !== undefined) {
      if (rawJson === null) offerDocHoldingRaw(normalized, doc);
      else offerDoc(normalized, { parts: resultDocParts(normalized, rawJson), doc });
    }
    const made = analysed[at];
    if (made !== undefined) {
      offerLeads(normalized, made.leads);
      if (key !== null) offerBrandHits(normalized, { brandsKey: key, hits: made.hits });
    }
    const verdict = verdicts?.[at];
    const language = languages?.get(jobId);
    if (brandSet === null || verdict == null || language === undefined) return;
    const input = { ...judgedContent(normalized), language };
    offerVerdict(normalized, { input, fingerprint: brandSet.fingerprint, verdict });
  });
}

/** Pulls the results' table through the read-ahead thread, page by page. */
export async function pullResultsAhead(
  ctx: StepContext,
  readAhead: (request: ReadAheadRequest) => ReadAheadStream,
): Promise<void> {
  // The brand set the thread judges and matches against (ingest uses its work only while it is the same).
  const prejudged = ctx.store.prejudgeInputs([]);
  const brandSet = prejudged && { brands: prejudged.brands, fingerprint: prejudged.fingerprint };
  const stream = readAhead({
    team: { url: ctx.target.client.url, options: ctx.target.client.options },
    workspaceId: ctx.target.workspaceId,
    origin: ctx.target.origin,
    since: ctx.options.since ?? null,
    cursor: ctx.store.replica.cursor(RECORDED_KINDS.result.table) ?? START,
    limit: ctx.tuning.pullBatch,
    weight: ctx.tuning.pullWeight,
    brands: brandSet?.brands ?? null,
  });
  try {
    for (;;) {
      checkCanceled(ctx.options.signal);
      const page = await timed(ctx, 'pullFetch', () => stream.next());
      if (page === null) return;
      offerPrepared(page, brandSet);
      quarantine(ctx, page.quarantined);
      const parents = noParents();
      await timed(ctx, 'pullFetch', () => takeJobs(ctx, page.jobs, parents));
      await storePage<PulledResult>(ctx, 'result', (items) => ctx.store.replica.applyResults(items), {
        items: page.results,
        parents,
        cursor: page.cursor,
        written: page.rows,
      });
      await advance(ctx, 'pull', 'result', page.rows);
    }
  } finally {
    await stream.close();
  }
}
