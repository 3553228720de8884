import { readCappedBody } from './answer-size';

// One HTTP attempt: send, read the whole body, and say what happened in the terms the retry
// policy needs (an answer, a timeout, the caller's abort, or a connection error that did or
// did not reach the server). The per-attempt timeout covers reading the body too.

export interface AttemptRequest {
  url: string;
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** The largest body read (answer-size.ts); a larger one ends the attempt as 'too-large'. */
  maxBodyBytes?: number;
}

export type AttemptResult =
  | { type: 'response'; status: number; headers: Headers; bodyText: string; elapsedMs: number }
  /** Answered, but the body went past maxBodyBytes: not read further, not kept. */
  | { type: 'too-large'; status: number; headers: Headers; bytesRead: number; elapsedMs: number }
  | { type: 'timeout' }
  | { type: 'aborted' }
  | { type: 'network'; reachedServer: boolean; code: string | undefined; message: string };

// Errors raised before a single byte of the request could reach the service: connecting was
// refused, the name did not resolve, no route, or connecting itself timed out.
const NEVER_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const c = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof c.code === 'string') return c.code;
    // AggregateError from happy-eyeballs connects: the first inner code is the reason.
    if (Array.isArray(c.errors) && c.errors.length > 0) {
      const inner = errorCode(c.errors[0]);
      if (inner) return inner;
    }
    current = c.cause;
  }
  return undefined;
}

/**
 * What to abort when a caller's signal aborts, one listener per signal: a run's hard-stop
 * signal is shared by every call in flight (up to 255), and an EventTarget adds and removes a
 * listener by walking its list, so one listener per attempt cost a walk of 255 twice a call.
 */
const followers = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls onAbort once when the signal aborts; returns the function that stops following it. */
function follow(signal: AbortSignal, onAbort: () => void): () => void {
  let set = followers.get(signal);
  if (set === undefined) {
    const created = new Set<() => void>();
    followers.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        followers.delete(signal);
        for (const f of created) f();
      },
      { once: true },
    );
    set = created;
  }
  const own = set;
  own.add(onAbort);
  return () => own.delete(onAbort);
}

export async function performAttempt(
  fetchImpl: typeof fetch,
  req: AttemptRequest,
  now: () => number,
): Promise<AttemptResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  if (req.signal?.aborted) {
    clearTimeout(timer);
    return { type: 'aborted' };
  }
  const unfollow = req.signal ? follow(req.signal, () => controller.abort()) : null;
  const started = now();
  try {
    const response = await fetchImpl(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
      ...(req.maxBodyBytes === undefined ? {} : { maxBodyBytes: req.maxBodyBytes }),
    } as RequestInit);
    if (req.maxBodyBytes !== undefined) {
      const read = await readCappedBody(response, req.maxBodyBytes);
      if ('tooLarge' in read) {
        const elapsedMs = now() - started;
        return {
          type: 'too-large',
          status: response.status,
          headers: response.headers,
          bytesRead: read.tooLarge,
          elapsedMs,
        };
      }
      return {
        type: 'response',
        status: response.status,
        headers: response.headers,
        bodyText: read.text,
        elapsedMs: now() - started,
      };
    }
    const bodyText = await response.text();
    return {
      type: 'response',
      status: response.status,
      headers: response.headers,
      bodyText,
      elapsedMs: now() - started,
    };
  } catch (error) {
    if (req.signal?.aborted) return { type: 'aborted' };
    if (timedOut) return { type: 'timeout' };
    const code = errorCode(error);
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'network', reachedServer: code === undefined || !NEVER_REACHED.has(code), code, message };
  } finally {
    clearTimeout(timer);
    unfollow?.();
  }
}
