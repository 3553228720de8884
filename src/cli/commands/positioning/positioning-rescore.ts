import cliProgress from 'cli-progress';
import {
  chooseBuiltinRescore,
  movedLines,
  rescoreStatus,
  runBuiltinRescore,
  type RescoreOutcome,
} from '../../../core/positioning';
import type { RescoreJob } from '../../../core/history';
import { AppError } from '../../../core/platform';
import type { RescoreStatus } from '../../../shared/positioning/view-types';
import { CliExit, CliUsageError, writeJson, writeLine, type CliContext } from '../../context';
import { confirmOnTerminal } from '../../confirm';
import type { CliCore } from '../../core';
import { cliPositioningWorker } from '../../positioning-worker';
import { EXIT_INTERRUPTED, processSignals, type RunSignals } from '../../run-session';

// `parallax positioning rescore`: the archive's re-score with the built-in judge, in this
// process, run as the app runs it (runBuiltinRescore), its judging on one thread per core. Progress on stderr (a bar
// on a terminal, a line every 10 % otherwise). The first Ctrl-C stops after the batch under way
// (every batch before it is stored with the cursor) and exits 130; running the command again
// carries on. A second Ctrl-C exits at once (the batch being judged is simply judged again).

/** A new re-score over more answers than this asks first on a terminal (unless --yes). */
const ASK_ABOVE = 10_000;

/** PARALLAX_RESCORE_BATCH: answers per batch (tests stop a re-score between small batches). */
function batchSizeOf(env: NodeJS.ProcessEnv): number | null {
  const n = Number(env.PARALLAX_RESCORE_BATCH);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export interface RescoreCliOptions {
  fromDay: number | null;
  yes: boolean;
  /** Judge threads (default: one per core, at most 4; 1 judges on this thread). */
  threads?: number;
  signals?: RunSignals;
}

/** The job to run, as the app chooses it (chooseBuiltinRescore); another judge's pending one is bad usage. */
function chooseJob(core: CliCore, fromDay: number | null): { job: RescoreJob; fresh: boolean } {
  try {
    return chooseBuiltinRescore(core.store, fromDay);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RESCORE_REFUSED') throw new CliUsageError(error.message);
    throw error;
  }
}

async function confirm(ctx: CliContext, answers: number): Promise<boolean> {
  if (answers <= ASK_ABOVE) return true;
  return confirmOnTerminal(
    ctx,
    `Re-score ${answers.toLocaleString('en')} stored answers with the built-in judge?`,
  );
}

export function progressReporter(
  ctx: CliContext,
  job: Pick<RescoreJob, 'done' | 'total'>,
  judgeLabel = 'the built-in judge',
  /** What is done to the answers ("Re-scoring", "Checking the facts of"). */
  action = 'Re-scoring',
): { update(done: number, total: number): void; stop(): void } {
  const tty = Boolean((ctx.stderr as { isTTY?: boolean }).isTTY) && !ctx.json;
  if (tty) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${action} stored answers {bar} {value}/{total} ({eta_formatted} left)`,
        stream: ctx.stderr,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(job.total, job.done);
    return { update: (done, total) => (bar.setTotal(total), bar.update(done)), stop: () => bar.stop() };
  }
  let nextTenth = Math.floor((job.done / Math.max(1, job.total)) * 10) + 1;
  writeLine(
    ctx.stderr,
    `${action} ${(job.total - job.done).toLocaleString('en')} stored answers with ${judgeLabel}…`,
  );
  return {
    update(done, total) {
      const tenth = Math.floor((done / Math.max(1, total)) * 10);
      if (tenth < nextTenth || done >= total) return;
      nextTenth = tenth + 1;
      writeLine(
        ctx.stderr,
        `  ${done.toLocaleString('en')} of ${total.toLocaleString('en')} (${tenth * 10} %)`,
      );
    },
    stop: () => undefined,
  };
}

export function printOutcome(
  ctx: CliContext,
  outcome: RescoreOutcome,
  status: RescoreStatus,
  seconds: number,
  brandName: (id: string) => string,
  judgeFlag = '',
): void {
  if (ctx.json) return writeJson(ctx, { ...outcome, seconds, job: status.job, last: status.last });
  if (outcome.outcome === 'canceled') {
    writeLine(
      ctx.stdout,
      `Stopped at ${outcome.done.toLocaleString('en')} of ${outcome.total.toLocaleString('en')} answers; ` +
        `every batch so far is stored. Run \`parallax positioning rescore${judgeFlag}\` again to carry on.`,
    );
    const moves = status.job?.moved;
    if (moves) for (const line of movedLines(moves, brandName)) writeLine(ctx.stdout, `  so far: ${line}`);
    return;
  }
  if (outcome.outcome === 'idle') return writeLine(ctx.stdout, 'Nothing to re-score.');
  writeLine(
    ctx.stdout,
    `Re-scored ${outcome.total.toLocaleString('en')} answers in ${seconds.toFixed(1)} s.`,
  );
  for (const line of status.last?.lines ?? []) writeLine(ctx.stdout, `  ${line}`);
}

/** The first Ctrl-C stops after the batch under way (aborts `abort`); a second exits at once. */
export function stopOnInterrupt(ctx: CliContext, signals: RunSignals, abort: AbortController): () => void {
  let interrupts = 0;
  return signals.listen(() => {
    interrupts += 1;
    if (interrupts === 1) {
      abort.abort();
      if (!ctx.json)
        writeLine(ctx.stderr, '\nStopping after the batch under way (Ctrl-C again to quit now)…');
    } else signals.exitNow(EXIT_INTERRUPTED);
  });
}

export async function rescoreFromCli(
  ctx: CliContext,
  core: CliCore,
  options: RescoreCliOptions,
): Promise<void> {
  const { job, fresh } = chooseJob(core, options.fromDay);
  if (fresh && !options.yes && !(await confirm(ctx, job.total - job.done))) {
    core.store.posRescorePause();
    return writeLine(
      ctx.stderr,
      'Nothing re-scored (the re-score is recorded, paused: run the command again to start it).',
    );
  }
  const abort = new AbortController();
  const unlisten = stopOnInterrupt(ctx, options.signals ?? processSignals, abort);
  const progress = progressReporter(ctx, job);
  const started = performance.now();
  let outcome: RescoreOutcome;
  try {
    outcome = await runBuiltinRescore(core.store, {
      worker: cliPositioningWorker(),
      ...(options.threads ? { threads: options.threads } : {}),
      ...(batchSizeOf(ctx.env) ? { batchSize: batchSizeOf(ctx.env) as number } : {}),
      signal: abort.signal,
      onProgress: (p) => progress.update(p.done, p.total),
    });
  } finally {
    progress.stop();
    unlisten();
  }
  const names = new Map(core.store.listBrands().map((b) => [b.id, b.name]));
  const seconds = (performance.now() - started) / 1000;
  printOutcome(ctx, outcome, rescoreStatus(core.store, false), seconds, (id) => names.get(id) ?? id);
  if (outcome.outcome === 'canceled') throw new CliExit(EXIT_INTERRUPTED);
}
