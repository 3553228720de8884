import { redactWebhookUrl } from '../../shared/alerts/rules';
import type { HistoryStore, WebhookAttemptOutcome, WebhookDeliveryRow } from '../history';

// Delivers the webhook outbox in the background: each pending row is POSTed to its monitor's
// current webhook URL; a failure is retried with exponential backoff (base·2^(attempt−1), capped)
// up to maxAttempts, then marked failed with its last status and error for the Monitors view and
// the CLI. Each monitor's deliveries go out in order, the monitors' side by side: an endpoint
// that hangs holds up its own monitor only. A run never waits for it (the CLI gives pending
// deliveries a bounded wait before it exits, to the second: an attempt still in flight then is
// dropped and stays pending, and the next open delivers the rest). The URL's path is often
// the secret (Slack's hooks): errors and logs name the scheme and host only.

export interface WebhookBackoff {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export const DEFAULT_WEBHOOK_BACKOFF: WebhookBackoff = { baseMs: 5_000, maxMs: 15 * 60_000, maxAttempts: 8 };

export interface WebhookDelivererDeps {
  store: HistoryStore;
  fetch: typeof fetch;
  now: () => number;
  /** Waits (the CLI's bounded drain); injectable so tests move a clock instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  /** Schedules the next background pass; returns a cancel function (default: an unref'd setTimeout). */
  setTimer?: (fn: () => void, ms: number) => () => void;
  backoff?: WebhookBackoff;
  /** Per-attempt time limit. */
  timeoutMs?: number;
  logError?: (message: string) => void;
  /** Called after each attempt (the app emits a reload to the Monitors view). */
  onAttempt?: (monitorId: string | null) => void;
}

export interface WebhookDeliverer {
  /** Delivers what is due now, in the background (never awaited by a run). */
  kick(): void;
  /** One pass over the due deliveries; resolves with how many were attempted. */
  deliverDue(): Promise<number>;
  /**
   * Waits up to `maxWaitMs` for pending deliveries (of these runs, or all) to be delivered or
   * given up, retrying on their schedule; resolves with how many are still pending.
   */
  drain(maxWaitMs: number, runIds?: readonly string[]): Promise<number>;
  close(): Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const defaultTimer = (fn: () => void, ms: number): (() => void) => {
  const handle = setTimeout(fn, ms);
  handle.unref?.();
  return () => clearTimeout(handle);
};

/** True when `work` settles within `ms` of real time (a timer that does not keep the process up). */
async function withinRealTime(work: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Statuses worth retrying: timeouts, rate limits and server errors. Other 4xx will not heal. */
const retryable = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** An error message with the URL (and its path) replaced by scheme and host. */
export function scrubUrl(message: string, url: string): string {
  let out = message.split(url).join(redactWebhookUrl(url));
  try {
    const { pathname, search } = new URL(url);
    if (pathname.length > 1) out = out.split(pathname + search).join('/…');
  } catch {
    /* not a URL: nothing more to hide */
  }
  return out.slice(0, 500);
}

export function createWebhookDeliverer(deps: WebhookDelivererDeps): WebhookDeliverer {
  const backoff = deps.backoff ?? DEFAULT_WEBHOOK_BACKOFF;
  const sleep = deps.sleep ?? defaultSleep;
  const setTimer = deps.setTimer ?? defaultTimer;
  const timeoutMs = deps.timeoutMs ?? 15_000;
  let closed = false;
  let cancelTimer: (() => void) | null = null;
  let running: Promise<number> | null = null;
  let again = false;
  // Aborts the attempts in flight (close, or a bounded wait that ran out): they are not recorded.
  let dropInFlight = new AbortController();
  // Set while a bounded wait that ran out winds the pass down: no new attempt starts.
  let halting = false;
  const stopped = (): boolean => closed || halting;

  function retryAt(attempts: number): number | null {
    if (attempts >= backoff.maxAttempts) return null;
    return deps.now() + Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempts - 1));
  }

  async function attempt(row: WebhookDeliveryRow, drop: AbortSignal): Promise<WebhookAttemptOutcome | null> {
    const url = row.monitorId ? deps.store.getMonitorOptions(row.monitorId)?.webhookUrl : null;
    if (!url)
      return {
        state: 'failed',
        status: null,
        error: 'The monitor has no webhook any more',
        nextAttemptAt: null,
      };
    const attempts = row.attempts + 1;
    const failed = (status: number | null, error: string, retry: boolean): WebhookAttemptOutcome => {
      const next = retry ? retryAt(attempts) : null;
      return { state: next === null ? 'failed' : 'pending', status, error, nextAttemptAt: next };
    };
    try {
      const response = await deps.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Parallax change alerts' },
        body: row.payload,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), drop]),
        redirect: 'error',
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok)
        return { state: 'delivered', status: response.status, error: null, nextAttemptAt: null };
      return failed(
        response.status,
        `HTTP ${response.status} from ${redactWebhookUrl(url)}`,
        retryable(response.status),
      );
    } catch (error) {
      // Dropped, not failed: the delivery stays as it was, due, for the next pass or start.
      if (drop.aborted) return null;
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      const message = error instanceof Error ? `${error.message}${cause}` : String(error);
      return failed(null, scrubUrl(`${message} (${redactWebhookUrl(url)})`, url), true);
    }
  }

  /** One monitor's due deliveries, in order (a delivery without a monitor is a queue of its own). */
  async function deliverQueue(rows: readonly WebhookDeliveryRow[]): Promise<number> {
    const drop = dropInFlight.signal;
    let count = 0;
    for (const row of rows) {
      if (stopped() || drop.aborted) break;
      const outcome = await attempt(row, drop);
      if (outcome === null) break;
      deps.store.recordWebhookAttempt(row.id, outcome);
      count++;
      if (outcome.state === 'failed')
        deps.logError?.(`webhook delivery ${row.id} failed: ${outcome.error ?? ''}`);
      deps.onAttempt?.(row.monitorId);
    }
    return count;
  }

  const queueKey = (row: WebhookDeliveryRow): string => row.monitorId ?? `delivery:${row.id}`;

  async function pass(): Promise<number> {
    let count = 0;
    const active = new Map<string, Promise<void>>();
    for (;;) {
      if (stopped()) break;
      // Due rows of monitors not being delivered to already start a queue each.
      const due = deps.store.dueWebhooks(deps.now(), 100).filter((row) => !active.has(queueKey(row)));
      const queues = new Map<string, WebhookDeliveryRow[]>();
      for (const row of due) queues.set(queueKey(row), [...(queues.get(queueKey(row)) ?? []), row]);
      for (const [key, rows] of queues) {
        const work = deliverQueue(rows).then((n) => {
          count += n;
          active.delete(key);
        });
        active.set(key, work);
      }
      if (active.size === 0) break;
      await Promise.race(active.values());
    }
    await Promise.all(active.values());
    return count;
  }

  function schedule(): void {
    cancelTimer?.();
    cancelTimer = null;
    if (closed) return;
    const next = deps.store.nextWebhookAttemptAt();
    if (next === null) return;
    cancelTimer = setTimer(() => void run(), Math.max(0, next - deps.now()));
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await pass();
        } while (again && !stopped());
      } catch (error) {
        deps.logError?.(`webhook deliveries: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = null;
        schedule();
      }
      return total;
    })();
    return running;
  }

  return {
    kick() {
      void run();
    },
    deliverDue: run,
    async drain(maxWaitMs, runIds) {
      const deadline = deps.now() + maxWaitMs;
      // Real time too: an endpoint that hangs must not hold the wait past its end.
      const realEnd = performance.now() + maxWaitMs;
      for (;;) {
        if (!(await withinRealTime(run(), realEnd - performance.now()))) {
          // Out of time: what is in flight is dropped (left pending, due) and nothing new starts.
          halting = true;
          dropInFlight.abort();
          await running;
          dropInFlight = new AbortController();
          halting = false;
          return deps.store.countPendingWebhooks(runIds);
        }
        const pending = deps.store.countPendingWebhooks(runIds);
        const next = deps.store.nextWebhookAttemptAt();
        if (pending === 0 || next === null || closed) return pending;
        const wait = next - deps.now();
        if (deps.now() + Math.max(0, wait) > deadline) return pending;
        if (wait > 0) await sleep(wait);
      }
    },
    async close() {
      closed = true;
      cancelTimer?.();
      cancelTimer = null;
      dropInFlight.abort();
      await running;
    },
  };
}
