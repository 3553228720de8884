import {
  compactVerdict,
  offerVerdict,
  type CompactVerdict,
  type PulledResult,
  type RescoreVerdicts,
} from '../store';
import type { StepContext } from './context';

// A pull's answers judged ahead: while this thread stores a page, the next page's answers are
// judged by the built-in judge on other threads (the options' judge pool), and each verdict is
// offered to the ingest of its answer (store/positioning/positioning-prejudge.ts). Ingest uses a
// verdict only if it was made from what ingest would judge; an answer without one (its job not
// here yet, the pool failed) is judged by ingest itself, so nothing depends on this succeeding.

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
export function judgeAhead(ctx: StepContext, results: readonly PulledResult[]): Promise<void> {
  const judge = ctx.options.judge;
  if (judge === undefined || results.length < WORTH_AHEAD) return Promise.resolve();
  const prepared = ctx.store.prejudgeInputs(results);
  if (prepared === null) return Promise.resolve();
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
