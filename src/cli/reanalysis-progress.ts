import cliProgress from 'cli-progress';
import { writeFailureKind } from '../core/history';
import type { VisibilityService } from '../core/analysis';
import type { ReanalysisProgress } from '../shared/visibility/types';
import { writeLine, type CliContext } from './context';

// A brand change leaves a re-analysis of the stored answers recorded in the history file; the
// app runs it in the background, the CLI has no background, so a command runs it to the end
// before it answers (a progress bar on a terminal's stderr, one line otherwise).

/**
 * Runs a pending re-analysis to the end. Returns how far it went (null when none was pending:
 * either none was needed, or the save itself finished it in its first batch).
 */
export async function finishReanalysis(
  ctx: CliContext,
  service: VisibilityService,
): Promise<ReanalysisProgress | null> {
  const pending = service.reanalysis();
  if (pending === null) return null;
  const tty = Boolean((ctx.stderr as { isTTY?: boolean }).isTTY) && !ctx.json;
  let bar: cliProgress.SingleBar | null = null;
  if (tty) {
    bar = new cliProgress.SingleBar(
      { format: 'Re-analysing stored answers {bar} {value}/{total}', stream: ctx.stderr },
      cliProgress.Presets.shades_classic,
    );
    bar.start(pending.total, pending.done);
  } else if (!ctx.json) {
    writeLine(
      ctx.stderr,
      pending.searchResults === true
        ? `Reading ${pending.total - pending.done} stored web and news search results by their results' titles and snippets…`
        : `Re-analysing ${pending.total - pending.done} stored answers after a brand change…`,
    );
  }
  try {
    let last: ReanalysisProgress = pending;
    for (;;) {
      const step = service.reanalyseBatch();
      if (step === null) return last;
      last = { done: step.done, total: step.total };
      bar?.update(step.done);
      if (step.finished) return last;
      // Between batches (each its own transaction) Ctrl-C and SIGTERM are heard: a stopped
      // re-analysis keeps its cursor and carries on at the next command or start.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    // A history opened read-only keeps its re-analysis pending: brand numbers stay partial.
    if (writeFailureKind(error) !== 'read-only') throw error;
    bar?.stop();
    writeLine(ctx.stderr, 'The history is read-only: brand numbers stay partial until it is re-analysed.');
    return pending;
  } finally {
    bar?.stop();
  }
}
