import { processSignals, type RunSignals } from './signals';

// Ctrl-C and SIGTERM for a command that stops cleanly: the first signal aborts the
// command's work (an export drops its partial file, the demo builder keeps the days it built, the
// MCP server closes); the command then ends with exit code 130, as `run` does. The signal
// listeners others set (conf's exit hooks) are set aside meanwhile, as watchRun does.

export interface Interrupt {
  signal: AbortSignal;
  /** The signal's name once one arrived, else null. */
  received(): string | null;
  dispose(): void;
}

export function listenForInterrupt(signals: RunSignals = processSignals): Interrupt {
  const controller = new AbortController();
  let name: string | null = null;
  const stop = signals.listen((signal) => {
    if (name === null) {
      name = signal;
      controller.abort(new Error(`${signal}: stopped`));
    } else signals.exitNow(130);
  });
  return { signal: controller.signal, received: () => name, dispose: stop };
}
