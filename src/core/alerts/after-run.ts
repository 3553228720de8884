import { buildDigest, splitCollapsed } from '../../shared/alerts/digest';
import { withLabels } from '../../shared/alerts/registry';
import type { EngineLabels } from '../../shared/narrative/places';
import type { EventBus } from '../platform';
import type { HistoryStore } from '../history';
import type { AlertService, CheckOutcome } from './service';
import type { AfterRunStep } from './types';
import type { WebhookDeliverer } from './webhook';

// What happens after a monitor run finished, in the app and in `parallax monitors run`:
// compare it with the monitor's previous run and store the alerts (with the webhook delivery,
// one transaction) → 'alerts.raised' → the deliverer is kicked (in the background) → the extra
// steps (REPORTS' report to the monitor's folder). It runs once per run: a run already checked
// (by the other process, or before a restart) goes through nothing again.
//
// The catch-up checks every completed monitor run that has no check yet (a crash, a quit
// mid-run, a demo history built by another connection), oldest first. Only each monitor's
// newest such run gets the whole pipeline (event, webhook, steps); older ones are stored
// quietly: nobody wants thirty notifications or reports for last month's runs.

export interface StepResult {
  name: string;
  message: string | null;
  error: string | null;
}

export interface AfterRunResult extends CheckOutcome {
  steps: StepResult[];
}

export interface AfterRunPipeline {
  /** The whole pipeline for a finished run (null: not a completed monitor run, or already checked). */
  afterRun(runId: string): Promise<AfterRunResult | null>;
  /** Checks every unchecked completed monitor run; `quiet` stores alerts only (no event, webhook or step). */
  catchUp(options?: { quiet?: boolean }): Promise<AfterRunResult[]>;
  /** Adds a step run after every later monitor run (in the order added). */
  addStep(step: AfterRunStep): void;
  /** Resolves when the checks under way are done. */
  idle(): Promise<void>;
}

export interface AfterRunDeps {
  store: HistoryStore;
  alerts: AlertService;
  events?: EventBus;
  webhooks?: WebhookDeliverer;
  steps?: readonly AfterRunStep[];
  now: () => number;
  logError?: (message: string) => void;
  /** The engine labels of the profile in use, for the digest's sentences (default: the spec's). */
  labels?: () => EngineLabels;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createAfterRunPipeline(deps: AfterRunDeps): AfterRunPipeline {
  const steps: AfterRunStep[] = [...(deps.steps ?? [])];
  const inFlight = new Map<string, Promise<AfterRunResult | null>>();

  async function runSteps(outcome: CheckOutcome): Promise<StepResult[]> {
    const results: StepResult[] = [];
    const options = deps.store.getMonitorOptions(outcome.monitorId);
    if (!options) return results;
    for (const step of steps) {
      try {
        const done = await step.run({
          runId: outcome.runId,
          monitorId: outcome.monitorId,
          monitorName: outcome.monitorName,
          options,
          alerts: outcome.alerts,
          prevRunId: outcome.prevRunId,
          store: deps.store,
          now: deps.now,
        });
        results.push({ name: step.name, message: done ? done.message : null, error: null });
      } catch (error) {
        deps.logError?.(`after-run step ${step.name} (run ${outcome.runId}): ${messageOf(error)}`);
        results.push({ name: step.name, message: null, error: messageOf(error) });
      }
    }
    return results;
  }

  function announce(outcome: CheckOutcome): void {
    if (outcome.alerts.length > 0) {
      // One message per run: the digest's headline and its most severe sentences.
      const digest = buildDigest(withLabels(outcome.alerts, deps.labels?.() ?? {}));
      const { shown, folded } = splitCollapsed(digest.alerts);
      deps.events?.emit('alerts.raised', {
        monitorId: outcome.monitorId,
        monitorName: outcome.monitorName,
        runId: outcome.runId,
        count: outcome.alerts.length,
        headline: digest.headline,
        top: shown.slice(0, 3).map((a) => a.title),
        folded: folded.length,
      });
    }
    deps.events?.emit('alerts.changed', { unread: deps.store.countUnreadAlerts() });
    if (outcome.webhookDeliveryId !== null) deps.webhooks?.kick();
  }

  async function process(runId: string, quiet: boolean): Promise<AfterRunResult | null> {
    const outcome = await deps.alerts.checkRun(runId, { webhook: !quiet });
    if (!outcome || !outcome.fresh) return null;
    if (quiet) return { ...outcome, steps: [] };
    announce(outcome);
    return { ...outcome, steps: await runSteps(outcome) };
  }

  function once(runId: string, quiet: boolean): Promise<AfterRunResult | null> {
    const running = inFlight.get(runId);
    if (running) return running.then(() => null);
    const job = process(runId, quiet).finally(() => inFlight.delete(runId));
    inFlight.set(runId, job);
    return job;
  }

  return {
    afterRun: (runId) => once(runId, false),
    async catchUp(options = {}) {
      const runs = deps.alerts.uncheckedRuns();
      const newest = new Map<string, string>();
      for (const r of runs) newest.set(r.monitorId, r.runId);
      const results: AfterRunResult[] = [];
      let quietStored = false;
      for (const r of runs) {
        const quiet = options.quiet === true || newest.get(r.monitorId) !== r.runId;
        try {
          const result = await once(r.runId, quiet);
          if (result) results.push(result);
          if (result && quiet) quietStored = true;
        } catch (error) {
          deps.logError?.(`alert check of run ${r.runId}: ${messageOf(error)}`);
        }
      }
      if (quietStored) deps.events?.emit('alerts.changed', { unread: deps.store.countUnreadAlerts() });
      return results;
    },
    addStep(step) {
      steps.push(step);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
  };
}
