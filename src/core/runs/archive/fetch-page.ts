import type { PageFailureCode } from '../../../shared/domain/page-archive';

// One download of one page, classified: a page, or why not, and whether trying again later
// could help (a timeout, a dropped connection, a 5xx or a 429 could; a 404, a 410, a page too
// large or not HTML could not).

export type PageDownload =
  | { ok: true; html: string; contentType: string; bytes: number }
  | { ok: false; code: PageFailureCode; reason: string; transient: boolean };

export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const size = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

function failure(code: PageFailureCode, reason: string, transient: boolean): PageDownload {
  return { ok: false, code, reason, transient };
}

function classifyStatus(status: number): PageDownload {
  if (status === 404 || status === 410)
    return failure(
      'expired',
      `The link had expired (HTTP ${status}): pages are kept 24 h after the answer.`,
      false,
    );
  const transient = status === 408 || status === 429 || status >= 500;
  return failure('http-error', `The page could not be downloaded (HTTP ${status}).`, transient);
}

/** The body as text in the charset its Content-Type names (UTF-8 when none or unknown). */
function decode(body: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Reads the body up to the cap; null when it is larger (the rest is never downloaded). */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function isTimeout(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'TimeoutError');
}

/** GET the page with a time limit and a size cap. `stop` aborts it (the archiver closing). */
export async function downloadPage(
  fetchFn: typeof fetch,
  url: string,
  limits: DownloadLimits,
  stop: AbortSignal,
): Promise<PageDownload> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = AbortSignal.any([timeout, stop]);
  try {
    const response = await fetchFn(url, { signal, redirect: 'follow', headers: { Accept: 'text/html' } });
    if (!response.ok) {
      await response.body?.cancel();
      return classifyStatus(response.status);
    }
    const contentType = response.headers.get('content-type') ?? '';
    const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    if (!HTML_TYPES.has(mime)) {
      await response.body?.cancel();
      return failure('not-html', `The link is not an HTML page (${mime || 'no content type'}).`, false);
    }
    const body = await readCapped(response, limits.maxBytes);
    if (body === null)
      return failure(
        'too-large',
        `The page is larger than the ${size(limits.maxBytes)} archive limit.`,
        false,
      );
    return { ok: true, html: decode(body, contentType), contentType, bytes: body.byteLength };
  } catch (error) {
    if (stop.aborted) throw error; // closing: the page stays pending, no attempt is counted
    if (isTimeout(error, timeout))
      return failure('timeout', `The page did not arrive within ${limits.timeoutMs / 1000} s.`, true);
    const message =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return failure('network', `The page could not be reached (${message}).`, true);
  }
}
