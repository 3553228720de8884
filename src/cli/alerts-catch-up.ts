import { compareUncheckedRuns } from '../core/alerts';
import type { HistoryStore } from '../core/history';
import { writeLine, type CliContext } from './context';

/**
 * Compares the monitor runs nobody compared yet (no events, no webhook, no steps), saying so on
 * stderr first (a fresh demo history has dozens): what every command that reads alerts or writes
 * a report does before it reads (compareUncheckedRuns).
 */
export async function catchUpQuietly(
  ctx: CliContext,
  store: HistoryStore,
  judge = 'builtin',
): Promise<number> {
  if (store.readonly) {
    // Comparing stores alerts: a history opened read-only keeps the runs as they are.
    const left = store.uncheckedMonitorRuns().length;
    if (left > 0)
      writeLine(
        ctx.stderr,
        `${left} monitor run${left === 1 ? '' : 's'} not compared yet: the history is read-only, so their alerts are not shown.`,
      );
    return 0;
  }
  const caught = await compareUncheckedRuns({
    store,
    now: Date.now,
    activeJudge: () => judge,
    logError: (message) => writeLine(ctx.stderr, message),
    onStart: (runs) =>
      writeLine(ctx.stderr, `Comparing ${runs} monitor run${runs === 1 ? '' : 's'} not compared yet…`),
  });
  return caught.alerts;
}
