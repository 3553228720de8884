// The process's interruption signals, owned by a command while it runs (run-session.ts, interrupt.ts).

/** Where the interruption signals come from, and how the process ends at once (injected by tests). */
export interface RunSignals {
  /** Calls the handler on each SIGINT/SIGTERM until the returned function is called. */
  listen(handler: (signal: string) => void): () => void;
  /** Ends the process now with this code (the second signal). */
  exitNow(code: number): void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The real process signals. While a run is watched it owns them: listeners already there are
 * set aside and put back after. Libraries hook signals to clean up at exit and then raise
 * the signal again (conf's atomically, through when-exit): that second raise would read as
 * the user's second Ctrl-C. Their cleanup still runs, on the process's 'exit'.
 */
export const processSignals: RunSignals = {
  listen(handler) {
    const on = (signal: NodeJS.Signals): void => handler(signal);
    const saved = SIGNALS.map((signal) => {
      const others = process.rawListeners(signal) as Array<(...args: unknown[]) => void>;
      process.removeAllListeners(signal);
      process.on(signal, on);
      return { signal, others };
    });
    return () => {
      for (const { signal, others } of saved) {
        process.off(signal, on);
        for (const listener of others) process.on(signal, listener);
      }
    };
  },
  exitNow(code) {
    process.exit(code);
  },
};
