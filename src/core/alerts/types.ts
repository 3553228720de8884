import type { MonitorOptionsView } from '../../shared/alerts/rules';
import type { AlertView } from '../../shared/alerts/types';
import type { HistoryStore } from '../history';

// The after-run pipeline's extension point. After a monitor run finished and was compared with
// the monitor's previous run (alerts stored, 'alerts.raised' emitted, webhook queued), each
// step it was given runs in order, e.g. REPORTS' step that writes the period's report to the
// monitor's report folder. A step that throws is reported (logError) and the next still runs:
// one failing step never loses the alerts or blocks another step.

export interface AfterRunContext {
  runId: string;
  monitorId: string;
  monitorName: string;
  /** The monitor's options (rules, webhook, report folder and period). */
  options: MonitorOptionsView;
  /** The alerts this run raised (empty when nothing changed or there was no earlier run). */
  alerts: readonly AlertView[];
  /** The monitor's previous completed run, when there was one. */
  prevRunId: string | null;
  store: HistoryStore;
  now: () => number;
}

export interface AfterRunStepOutcome {
  /** One line for the CLI's output and the app's log, e.g. "Report written to /path/x.html". */
  message: string;
}

export interface AfterRunStep {
  /** Short name for errors and logs ("report"). */
  name: string;
  run(ctx: AfterRunContext): Promise<AfterRunStepOutcome | void> | AfterRunStepOutcome | void;
}
