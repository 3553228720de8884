// Webhook delivery of finished tasks: POST {task, credits, response} as JSON to the task's
// webhook.url. The sandbox only calls loopback addresses. Failed deliveries are retried
// (5 attempts, backoff doubling from 200 ms: the service's minutes, scaled to tests).

export function isLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host))
    );
  } catch {
    return false;
  }
}

export interface WebhookDelivery {
  url: string;
  taskId: string;
  body: unknown;
  signal: AbortSignal;
  clock: () => number;
}

const ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 200;
const TIMEOUT_MS = 10_000;

/** Resolves to the delivery time, or null when every attempt failed. */
export async function deliverWebhook(d: WebhookDelivery): Promise<number | null> {
  if (!isLoopbackUrl(d.url)) return null;
  const payload = JSON.stringify(d.body);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    if (d.signal.aborted) return null;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-timestamp': String(Math.floor(d.clock() / 1000)),
          'x-service-webhook-id': `${d.taskId}-${attempt}`,
        },
        body: payload,
        signal: AbortSignal.any([d.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) return d.clock();
    } catch {
      // a refused connection or timeout counts as a failed attempt
    }
    if (attempt < ATTEMPTS) {
      await new Promise((r) => setTimeout(r, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
  return null;
}
