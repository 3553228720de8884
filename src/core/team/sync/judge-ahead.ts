import {
  brandsKey,
  compactVerdict,
  offerBrandHits,
  offerDoc,
  offerLeads,
  offerVerdict,
  resultDocParts,
  type CompactVerdict,
  type PrejudgeInputs,
  type PulledResult,
  type RescoreVerdicts,
} from '../../history';
import type { AheadJudge, StepContext } from './context';

// A pull's answers prepared ahead: while this thread stores a page, the next page's answers are
// judged by the built-in judge, analysed for the Visibility and discovery indexes (brand hits,
// list leads) and their documents packed (text, titles, Markdown, raw JSON and queries in one
// zstd frame) on other threads (the options' judge pool). Each verdict, analysis and document is
// offered to the ingest of its answer (store/positioning/positioning-prejudge.ts, store/visibility/visibility-ahead.ts,
// store/codec/doc-ahead.ts). Ingest uses one only if it was made from what ingest would judge or
// pack; an answer without one (its job not here yet, the pool failed) is judged and packed by
// ingest itself, so nothing depends on this succeeding, and the stored rows are the same.

const noSignal = new AbortController().signal;

/** Fewer answers than this are judged by ingest as they come (threads are not worth starting). */
const WORTH_AHEAD = 200;

/** The judge threads send their verdicts compact; an in-process judge, as objects. */
function verdictAt(verdicts: RescoreVerdicts, at: number): CompactVerdict | undefined {
  if ('compact' in verdicts) return verdicts.compact[at];
  const made = verdicts[at];
  return made === undefined ? undefined : compactVerdict(made);
}

/** Starts judging these answers; resolves once their verdicts are offered (never rejects). */
function judgeVerdicts(
  ctx: StepContext,
  judge: AheadJudge,
  results: readonly PulledResult[],
  prepared: PrejudgeInputs,
): Promise<void> {
  const { brands, fingerprint, inputs } = prepared;
  const ready = results.flatMap((answer, at) => {
    const input = inputs[at];
    return input ? [{ answer, input }] : [];
  });
  if (ready.length === 0) return Promise.resolve();
  const signal = ctx.options.signal ?? noSignal;
  let verdicts: Promise<RescoreVerdicts>;
  try {
    // Sent now, before this thread turns to storing the page before.
    verdicts = Promise.resolve(
      judge.judgeBatch(
        ready.map(({ input }) => ({ ...input, brands })),
        signal,
      ),
    );
  } catch {
    return Promise.resolve();
  }
  return verdicts
    .then((verdicts) => {
      ready.forEach(({ answer, input }, at) => {
        const verdict = verdictAt(verdicts, at);
        if (verdict !== undefined) offerVerdict(answer.normalized, { input, fingerprint, verdict });
      });
    })
    .catch(() => undefined);
}

/** Starts packing these answers' documents; resolves once they are offered (never rejects). */
function packDocs(judge: AheadJudge, results: readonly PulledResult[]): Promise<void> {
  if (judge.packDocs === undefined) return Promise.resolve();
  try {
    const parts = results.map((r) => resultDocParts(r.normalized, r.rawJson));
    return judge
      .packDocs(parts)
      .then((docs) => {
        results.forEach((answer, at) => {
          const doc = docs[at];
          if (doc !== undefined)
            offerDoc(answer.normalized, { parts: parts[at] as (typeof parts)[number], doc });
        });
      })
      .catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}

/**
 * Starts analysing these answers for the Visibility index (brand hits, when brands are tracked)
 * and the discovery index (list leads); resolves once offered (never rejects).
 */
function analyseAhead(
  judge: AheadJudge,
  results: readonly PulledResult[],
  brands: PrejudgeInputs['brands'],
): Promise<void> {
  if (judge.analyseAhead === undefined) return Promise.resolve();
  try {
    const key = brandsKey(brands);
    return judge
      .analyseAhead(
        brands,
        results.map(({ normalized: n }) => ({ text: n.text, sources: n.sources, markdown: n.markdown })),
      )
      .then((analysed) => {
        results.forEach((answer, at) => {
          const made = analysed[at];
          if (made === undefined) return;
          offerLeads(answer.normalized, made.leads);
          if (brands.length > 0) offerBrandHits(answer.normalized, { brandsKey: key, hits: made.hits });
        });
      })
      .catch(() => undefined);
  } catch {
    return Promise.resolve();
  }
}

/**
 * Starts judging, packing and analysing these answers ahead; resolves once all are offered
 * (never rejects). `arriving`: the language of jobs not here yet, stored with the answers.
 */
export function judgeAhead(
  ctx: StepContext,
  results: readonly PulledResult[],
  arriving?: ReadonlyMap<string, string | null>,
): Promise<void> {
  const judge = ctx.options.judge;
  if (judge === undefined || results.length < WORTH_AHEAD) return Promise.resolve();
  // Packing is sent first: it is the shorter, so each thread starts on it while the next
  // messages (the verdicts, the analyses) are on their way.
  const packed = packDocs(judge, results);
  // Null when no brand is tracked: ingest then judges nothing and matches no brand.
  const prepared = ctx.store.prejudgeInputs(results, arriving);
  const judged = prepared ? judgeVerdicts(ctx, judge, results, prepared) : Promise.resolve();
  const analysed = analyseAhead(judge, results, prepared?.brands ?? []);
  return Promise.all([packed, judged, analysed]).then(() => undefined);
}
