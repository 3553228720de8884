import { parseAlertRules } from '../../shared/alerts/rules';
import type { AlertView } from '../../shared/alerts/types';
import { detectChanges, similarityPairs, type ChangeBrand } from '../../shared/analytics/change-alerts';
import type { EngineLabels } from '../../shared/narrative/places';
import { diffText } from '../../shared/analytics/text-diff';
import type { HistoryStore, MonitorRunRef } from '../history';
import { buildWebhookPayload } from './payload';
import type { AlertRuleModule } from './rule-module';
import { BUILT_IN_RULES, runRuleModules } from './rule-modules';

// Compares a finished monitor run with the monitor's previous completed run, once: the
// alert_checks row written with the alerts (one transaction) makes checkRun idempotent across
// the app, the CLI and a restart. It reads the Visibility index (brands named, their first
// position, cited domains), never the raw JSON, and answer texts only when the similarity rule
// is on. Only completed runs are compared (a failed run has no answers; a canceled one is
// partial): a run that is not completed gets no check and no alerts.

export interface CheckOutcome {
  runId: string;
  monitorId: string;
  monitorName: string;
  prevRunId: string | null;
  alerts: AlertView[];
  /** False when the run had been checked before (the stored alerts are returned, nothing new). */
  fresh: boolean;
  /** The webhook delivery queued with the alerts (null: no webhook, no alerts, or not fresh). */
  webhookDeliveryId: number | null;
}

export interface AlertService {
  /**
   * Checks a monitor run (null when it is not a completed monitor run). Asynchronous: the word
   * diffs of the similarity rule run in batches that yield to the event loop (a run of 20,000
   * answers needs tens of thousands), so the app stays responsive.
   */
  checkRun(runId: string, options?: { webhook?: boolean }): Promise<CheckOutcome | null>;
  /** Completed monitor runs never checked, oldest first. */
  uncheckedRuns(): MonitorRunRef[];
}

export interface AlertServiceDeps {
  store: HistoryStore;
  now: () => number;
  /** Yields to the event loop between batches of word diffs (default: setImmediate). */
  yieldToLoop?: () => Promise<void>;
  /** Rules beyond run-to-run (default: the trend rule); see rule-modules.ts. */
  rules?: readonly AlertRuleModule[];
  /** The engine labels of the profile in use, for the webhook's sentences (default: the spec's). */
  labels?: () => EngineLabels;
  /** The active positioning judge (settings), whose rows the positioning rules read (default 'builtin'). */
  activeJudge?: () => string;
}

/** Word diffs per batch between yields (each takes about a millisecond on an answer). */
const DIFF_BATCH = 50;

const pairKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The similarity of every pair the rules will ask for, diffed once each, in yielding batches. */
async function similarityTable(
  pairs: ReadonlyArray<readonly [number, number]>,
  texts: Map<number, string>,
  yieldToLoop: () => Promise<void>,
): Promise<(a: number, b: number) => number> {
  const table = new Map<string, number>();
  let sinceYield = 0;
  for (const [a, b] of pairs) {
    const key = pairKey(a, b);
    if (table.has(key)) continue;
    table.set(key, diffText(texts.get(a) ?? '', texts.get(b) ?? '').similarity);
    if (++sinceYield >= DIFF_BATCH) {
      sinceYield = 0;
      await yieldToLoop();
    }
  }
  return (a, b) => table.get(pairKey(a, b)) ?? 1;
}

const immediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createAlertService(deps: AlertServiceDeps): AlertService {
  const { store } = deps;

  function brands(): ChangeBrand[] {
    return store.listBrands().map((b) => ({ id: b.id, name: b.name, kind: b.kind }));
  }

  return {
    async checkRun(runId, options = {}) {
      const run = store.monitorRun(runId);
      if (!run || run.status !== 'completed') return null;
      const monitor = store.getMonitor(run.monitorId);
      const monitorName = monitor?.name ?? 'Deleted monitor';
      const existing = store.getAlertCheck(runId);
      const stale = (): CheckOutcome => ({
        runId,
        monitorId: run.monitorId,
        monitorName,
        prevRunId: store.getAlertCheck(runId)?.prevRunId ?? null,
        alerts: store.listAlerts({ runId, limit: 5000 }).alerts,
        fresh: false,
        webhookDeliveryId: null,
      });
      if (existing) return stale();

      const opts = store.getMonitorOptions(run.monitorId);
      const rules = opts?.rules ?? parseAlertRules({});
      const prev = store.previousMonitorRun(runId);
      const observedAt = run.finishedAt ?? deps.now();
      if (!prev) {
        const stored = store.recordAlertCheck({
          runId,
          monitorId: run.monitorId,
          monitorName,
          prevRunId: null,
          alerts: [],
          observedAt,
        });
        if (stored === null) return stale();
        return {
          runId,
          monitorId: run.monitorId,
          monitorName,
          prevRunId: null,
          alerts: [],
          fresh: true,
          webhookDeliveryId: null,
        };
      }

      const before = store.runAnswerFacts(prev.runId);
      const after = store.runAnswerFacts(runId);
      let similarity: ((a: number, b: number) => number) | undefined;
      if (rules.kinds['answer-changed']) {
        const pairs = similarityPairs(before, after);
        const texts = store.answerTexts([...new Set(pairs.flat())]);
        similarity = await similarityTable(pairs, texts, deps.yieldToLoop ?? immediate);
        // Checked meanwhile by another caller (the app and the CLI on one file): theirs stands.
        if (store.getAlertCheck(runId)) return stale();
      }
      const tracked = brands();
      const found = await runRuleModules(
        deps.rules ?? BUILT_IN_RULES,
        {
          runId,
          prevRunId: prev.runId,
          monitorId: run.monitorId,
          rules,
          brands: tracked,
          store,
          judge: deps.activeJudge?.() ?? 'builtin',
        },
        detectChanges({ before, after, brands: tracked, rules, ...(similarity ? { similarity } : {}) }),
      );
      const webhookUrl = options.webhook === false ? null : (opts?.webhookUrl ?? null);
      const stored = store.recordAlertCheck({
        runId,
        monitorId: run.monitorId,
        monitorName,
        prevRunId: prev.runId,
        alerts: found,
        observedAt,
        ...(webhookUrl
          ? {
              webhook: (alerts: readonly AlertView[]) =>
                buildWebhookPayload({
                  monitorId: run.monitorId,
                  monitorName,
                  runId,
                  prevRunId: prev.runId,
                  alerts,
                  labels: deps.labels?.() ?? {},
                }),
            }
          : {}),
      });
      if (stored === null) return stale();
      return {
        runId,
        monitorId: run.monitorId,
        monitorName,
        prevRunId: prev.runId,
        alerts: stored.alerts,
        fresh: true,
        webhookDeliveryId: stored.webhookDeliveryId,
      };
    },
    uncheckedRuns() {
      return store.uncheckedMonitorRuns();
    },
  };
}
