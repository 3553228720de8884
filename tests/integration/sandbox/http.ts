import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src/sandbox/index';

// Plain-fetch helpers for the sandbox conformance tests (deliberately not the Parallax client).

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
  body: any;
}

export interface CallOptions {
  key?: string | null;
  headers?: Record<string, string>;
  /** Raw body text (sent as is); otherwise `body` is JSON-encoded. */
  raw?: string;
  contentType?: string | null;
  /** Aborts the request (the client goes away mid-call). */
  signal?: AbortSignal;
}

export async function call(
  sb: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? sb.apiKey : opts.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const payload = opts.raw ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined && opts.contentType !== null)
    headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method,
    headers,
    body: payload,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export const post = (sb: RunningSandbox, path: string, body: unknown, opts?: CallOptions): Promise<Answer> =>
  call(sb, 'POST', path, body, opts);
export const get = (sb: RunningSandbox, path: string, opts?: CallOptions): Promise<Answer> =>
  call(sb, 'GET', path, undefined, opts);

/**
 * A sandbox clock standing on one day (29 November 2026, noon UTC). The sandbox's answers move
 * with its clock's calendar day (engines/drift.ts), so a test that checks what they contain ("a
 * brand's own page is among the results", "most of ten answers cite a search") pins the day, or
 * it passes or fails with the date it runs on.
 */
export const FIXED_DAY_CLOCK = (): number => Date.UTC(2026, 10, 29, 12);

/** A sandbox with small latencies, so the suite stays fast. */
export function testSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ latencyMs: { min: 5, max: 15 }, ...opts });
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
