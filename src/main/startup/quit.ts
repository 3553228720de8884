import type { DialogModel } from './dialog-model';

// Quitting while runs are in progress: ask, then pause them cleanly (nothing new is sent, calls in
// flight finish and are stored, async tasks stay with the service), remember them so the next
// start offers to resume, close the core, and only then let the app quit.

export interface ActiveRunSummary {
  id: string;
  name: string;
  done: number;
  total: number;
  mode: 'sync' | 'async';
}

export type QuitAction = 'pause-and-quit' | 'finish-then-quit' | 'cancel';

export function quitDialog(runs: readonly ActiveRunSummary[]): DialogModel<QuitAction> {
  const one = runs.length === 1;
  const list = runs
    .slice(0, 5)
    .map((r) => `• ${r.name} (${r.done} of ${r.total} jobs done)`)
    .concat(runs.length > 5 ? [`• and ${runs.length - 5} more`] : [])
    .join('\n');
  const asyncNote = runs.some((r) => r.mode === 'async')
    ? ' Tasks already queued with the service keep running there and are collected when you resume.'
    : '';
  return {
    type: 'question',
    title: 'Quit Parallax?',
    message: one ? 'A run is in progress.' : `${runs.length} runs are in progress.`,
    detail:
      `${list}\n\n"Pause and quit" sends nothing new, lets the calls already sent finish (they are charged) and stores them, ` +
      `then quits; Parallax offers to resume at the next start.${asyncNote}\n\n` +
      `"Finish, then quit" keeps ${one ? 'the run' : 'the runs'} going and quits when ${one ? 'it ends' : 'they end'}.`,
    buttons: [
      { action: 'pause-and-quit', label: 'Pause and quit' },
      { action: 'finish-then-quit', label: 'Finish, then quit' },
      { action: 'cancel', label: 'Cancel' },
    ],
    defaultAction: 'pause-and-quit',
    cancelAction: 'cancel',
  };
}

export interface QuitDeps {
  /** The runs this app is driving right now. */
  activeRuns(): ActiveRunSummary[];
  ask(model: DialogModel<QuitAction>): Promise<QuitAction>;
  /** Pauses every active run cleanly; resolves with the ids paused. */
  pauseForQuit(): Promise<string[]>;
  /** Resolves when no run is active any more. */
  runsFinished(): Promise<void>;
  /** Remembers the runs paused by the quit, for the resume offer at the next start. */
  recordPaused(runIds: string[]): void;
  /** Closes the core (history, sandbox, timers). */
  closeCore(): Promise<void>;
}

export type QuitDecision = 'quit' | 'stay';

export interface QuitController {
  /**
   * Called on every quit request (the app's before-quit): 'stay' means the quit was stopped (the
   * user cancelled, or a quit is already under way); 'quit' means the core is closed and the app may
   * quit now.
   */
  requestQuit(): Promise<QuitDecision>;
  /** True once the core is closed: the next quit request goes through at once. */
  readonly closed: boolean;
}

export function createQuitController(deps: QuitDeps): QuitController {
  let closed = false;
  let busy = false;

  const close = async (): Promise<QuitDecision> => {
    await deps.closeCore();
    closed = true;
    return 'quit';
  };

  return {
    get closed() {
      return closed;
    },
    async requestQuit() {
      if (closed) return 'quit';
      if (busy) return 'stay';
      busy = true;
      try {
        const runs = deps.activeRuns();
        if (runs.length === 0) return await close();
        const action = await deps.ask(quitDialog(runs));
        if (action === 'cancel') return 'stay';
        if (action === 'finish-then-quit') {
          await deps.runsFinished();
          return await close();
        }
        const paused = await deps.pauseForQuit();
        if (paused.length > 0) deps.recordPaused(paused);
        return await close();
      } finally {
        busy = false;
      }
    },
  };
}
