import { isHttpUrl } from '../../../shared/csp';
import type { PageFailureCode } from '../../../shared/domain/page-archive';
import { pageTaskKey, type PageArchiveApi, type PageTask } from '../../history';
import { downloadPage } from './fetch-page';
import type * as SanitizeModule from './sanitize';
import type { PageSanitizer } from './sanitize-in-worker';

// Downloads the pages results link to while their links are valid, in the background: a few
// at a time, each with a time limit and a size cap, transient failures retried with backoff.
// The work list is the history itself (rows ingest wrote as 'pending'), so whatever a crash or
// a quit left undone is picked up by the next kick(), in the app or in any CLI command.

export interface PageArchiverOptions {
  /** Pages downloaded at once. */
  concurrency: number;
  /** Larger pages are not kept (recorded as too-large). */
  maxBytes: number;
  timeoutMs: number;
  /** Wait before the 2nd, 3rd… attempt of a transient failure; its length bounds the attempts. */
  backoffMs: readonly number[];
  /** The service's links expire this long after the answer (spec: 24 h). */
  linkLifetimeMs: number;
}

export const DEFAULT_ARCHIVER_OPTIONS: PageArchiverOptions = {
  concurrency: 4,
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 20_000,
  backoffMs: [2_000, 10_000, 30_000, 60_000],
  linkLifetimeMs: 24 * 60 * 60 * 1000,
};

export type PageArchiveStore = Pick<
  PageArchiveApi,
  'duePages' | 'nextPageDueAt' | 'storeArchivedPage' | 'failPage' | 'retryPageLater'
>;

export interface PageArchiverDeps {
  store: PageArchiveStore;
  fetch: typeof fetch;
  now: () => number;
  options?: Partial<PageArchiverOptions>;
  /** Strips a page; the app passes one on a worker thread. Default: in this thread. */
  sanitize?: PageSanitizer;
  logError?: (message: string) => void;
}

export interface PageArchiver {
  /** Looks for due pages now (after an ingest, at start). Cheap when there is nothing to do. */
  kick(): void;
  /** Resolves when no page is pending any more, retries included (tests wait on it). */
  idle(): Promise<void>;
  /**
   * Resolves once nothing is being downloaded and no page is due now: pages whose next try is
   * later (a host down, a 5xx) are left pending for the next start. What a command waits on
   * before it exits (its exit code must not wait for a retry an hour away).
   */
  settled(): Promise<void>;
  /** Stops: downloads in flight are abandoned and their pages stay pending for the next start. */
  close(): Promise<void>;
}

// sanitize-html (with postcss) takes a few hundred ms to load: only a command or an app that
// downloads a page pays for it, not every CLI command that opens the history.
let sanitizer: Promise<typeof SanitizeModule> | null = null;
const loadSanitizer = (): Promise<typeof SanitizeModule> => (sanitizer ??= import('./sanitize'));
const sanitizeHere: PageSanitizer = async (html) => (await loadSanitizer()).sanitizeArchivedPage(html);

export function createPageArchiver(deps: PageArchiverDeps): PageArchiver {
  const options = { ...DEFAULT_ARCHIVER_OPTIONS, ...deps.options };
  const sanitize = deps.sanitize ?? sanitizeHere;
  const stop = new AbortController();
  const busy = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];
  let settledWaiters: Array<() => void> = [];
  let closed = false;
  let kicked = false;

  function settleIdle(): void {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
    settleSettled();
  }

  function settleSettled(): void {
    const waiters = settledWaiters;
    settledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function wakeAt(at: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        pump();
      },
      Math.max(0, at - deps.now()),
    );
    timer.unref();
  }

  function pump(): void {
    if (closed) return;
    try {
      const now = deps.now();
      const free = options.concurrency - busy.size;
      if (free > 0) for (const task of deps.store.duePages(now, free, new Set(busy.keys()))) start(task);
      const later = deps.store.nextPageDueAt(now);
      if (later !== null) wakeAt(later);
      else if (busy.size === 0) settleIdle();
      if (busy.size === 0) settleSettled();
    } catch (error) {
      report('page archive', error);
      if (busy.size === 0) settleIdle();
    }
  }

  function start(task: PageTask): void {
    const key = pageTaskKey(task);
    const work = archive(task)
      .catch((error: unknown) => {
        if (!closed) report(`archiving ${task.url}`, error);
      })
      .finally(() => {
        busy.delete(key);
        pump();
      });
    busy.set(key, work);
  }

  async function archive(task: PageTask): Promise<void> {
    if (!isHttpUrl(task.url)) {
      deps.store.failPage(task, 'not-http', 'The page link is not an http(s) URL.');
      return;
    }
    if (deps.now() - task.fetchedAt > options.linkLifetimeMs) {
      deps.store.failPage(
        task,
        'expired',
        'The link had expired (24 h after the answer) before the page could be archived.',
      );
      return;
    }
    const download = await downloadPage(deps.fetch, task.url, options, stop.signal);
    if (closed) return;
    if (download.ok) {
      const stripped = await sanitize(download.html).then(
        (html) => ({ ok: true as const, html }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      if (closed) return;
      if (stripped.ok) {
        deps.store.storeArchivedPage(task, {
          html: stripped.html,
          contentType: download.contentType,
          pageBytes: download.bytes,
        });
        return;
      }
      // Left pending, the page would be picked up again at once, for ever: a page that cannot
      // be stripped is retried on the backoff schedule like a failed download, then given up.
      const why = stripped.error instanceof Error ? stripped.error.message : String(stripped.error);
      failOrRetry(task, 'not-html', `The page could not be read as HTML: ${why.replace(/\.$/, '')}.`, true);
      return;
    }
    failOrRetry(task, download.code, download.reason, download.transient);
  }

  function failOrRetry(task: PageTask, code: PageFailureCode, reason: string, transient: boolean): void {
    const wait = options.backoffMs[task.attempts];
    if (transient && wait !== undefined) {
      deps.store.retryPageLater(task, deps.now() + wait, code, reason);
    } else {
      deps.store.failPage(task, code, withAttempts(reason, code, task.attempts + 1));
    }
  }

  function report(what: string, error: unknown): void {
    deps.logError?.(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }

  return {
    // A run kicks once per stored answer, a wave of 255 in one turn: one look for due pages
    // per turn is enough (each look cost tens of microseconds, a few per cent of a run's CPU).
    kick() {
      if (kicked) return;
      kicked = true;
      setImmediate(() => {
        kicked = false;
        pump();
      });
    },
    idle() {
      if (closed) return Promise.resolve();
      const waiting = new Promise<void>((resolve) => idleWaiters.push(resolve));
      pump();
      return waiting;
    },
    settled() {
      if (closed) return Promise.resolve();
      const waiting = new Promise<void>((resolve) => settledWaiters.push(resolve));
      pump();
      return waiting;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      stop.abort();
      await Promise.allSettled(busy.values());
      settleIdle();
    },
  };
}

function withAttempts(reason: string, code: PageFailureCode, attempts: number): string {
  return attempts > 1 && code !== 'expired' ? `${reason} (${attempts} attempts)` : reason;
}
