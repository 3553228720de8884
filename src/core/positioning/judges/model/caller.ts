// One call to a language model, whatever its provider (openai-caller.ts, anthropic-caller.ts):
// the prompt in; the reply's JSON, or a refusal, out, with the tokens the provider counted.
// Failures are sorted here so the judge knows what to do with them: retry (429, 5xx, a timeout,
// a dropped connection) or stop the whole re-score (a wrong key, an unknown model: every other
// answer would fail the same way).

/** The reply's JSON Schema and its name (OpenAI's json_schema name, Anthropic's forced tool). */
export interface ReplyFormat {
  name: string;
  description: string;
  schema: {
    type: 'object';
    additionalProperties: false;
    required: string[];
    properties: Record<string, unknown>;
  };
}

export interface ModelPrompt {
  system: string;
  user: string;
  /** The reply's shape; the positioning contract's when absent. */
  reply?: ReplyFormat;
}

export interface TokenUsage {
  input: number;
  output: number;
}

export type ModelReplyOutcome =
  | { kind: 'reply'; content: unknown; usage: TokenUsage }
  | { kind: 'refusal'; reason: string; usage: TokenUsage };

export interface ModelCaller {
  /** Provider and endpoint, for messages ("openai at https://…"). */
  readonly label: string;
  call(prompt: ModelPrompt, signal: AbortSignal): Promise<ModelReplyOutcome>;
}

/** A failed call: retryable (after retryAfterMs when the provider said so) or fatal for the run. */
export class ModelCallError extends Error {
  override readonly name = 'ModelCallError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Retry-After (seconds or an HTTP date) or retry-after-ms, in milliseconds; null when absent. */
export function retryAfterMs(
  headers: Headers | Record<string, string> | undefined,
  now = Date.now(),
): number | null {
  if (headers === undefined) return null;
  const get = (name: string): string | null =>
    headers instanceof Headers ? headers.get(name) : (headers[name] ?? null);
  const ms = Number(get('retry-after-ms'));
  if (get('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const value = get('retry-after');
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

interface HttpLikeError {
  status?: unknown;
  headers?: Headers | Record<string, string>;
  message?: unknown;
  name?: unknown;
}

/**
 * Both official SDKs throw an APIError with the HTTP status (and headers), and
 * APIConnectionError / APIConnectionTimeoutError without one: sorted the same way for both.
 */
export function classifyFailure(error: unknown, label: string): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const e = (error ?? {}) as HttpLikeError;
  const name = typeof e.name === 'string' ? e.name : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (typeof e.status === 'number') {
    const status = e.status;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    const what =
      status === 401 || status === 403
        ? `${label} refused the key (HTTP ${status}): check it with \`parallax judge set\``
        : status === 404
          ? `${label} does not know this model or path (HTTP 404)`
          : status === 429
            ? `${label} is rate limiting (HTTP 429)`
            : `${label} answered HTTP ${status}`;
    return new ModelCallError(`${what}: ${message}`, retryable, retryAfterMs(e.headers));
  }
  if (/timeout/i.test(name) || /timed? ?out/i.test(message))
    return new ModelCallError(`${label} did not answer in time`, true);
  if (/connection/i.test(name)) return new ModelCallError(`${label} could not be reached: ${message}`, true);
  return new ModelCallError(`${label}: ${message}`, false);
}
