import { formatBytes } from '../../../shared/format-bytes';
import { ApiError } from './errors';
import { parseMeta } from './meta';

// The size policy for answers. The raw JSON of an answer is stored whole up to
// MAX_ANSWER_BYTES; a larger one is not read past that point (it would be held in memory
// whole, several times over, while it is parsed, indexed and compressed: a 50 MB answer takes
// 840 MB). Its job fails with ANSWER_TOO_LARGE, the reason kept, and the credits the service
// says it charged (X-Credits-Charged) are recorded, so the history's credits still match the bill.

/** The largest response body the client reads (an answer's raw JSON). */
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export const ANSWER_TOO_LARGE = 'ANSWER_TOO_LARGE';

/** Why the answer was not kept, for the job's error. */
export function tooLargeMessage(bytesRead: number, max = MAX_ANSWER_BYTES): string {
  return (
    `The answer is larger than the ${formatBytes(max)} Parallax stores (more than ${formatBytes(bytesRead)} ` +
    'had arrived when reading stopped): it was not kept; the credits it was charged are recorded.'
  );
}

/** What a capped read of a body gives: its text, or how much had arrived when it went past the cap. */
export type CappedBody = { text: string } | { tooLarge: number };

/**
 * Reads a fetch Response's body up to `max` bytes. The Node transport (node-fetch.ts) stops
 * on its own and says so; a standard fetch's stream is read chunk by chunk and canceled past
 * the cap; a declared Content-Length past the cap is refused before anything is read.
 */
export async function readCappedBody(response: Response, max: number): Promise<CappedBody> {
  const capped = (response as Response & { tooLarge?: { bytes: number } }).tooLarge;
  if (capped) return { tooLarge: capped.bytes };
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    return { tooLarge: declared };
  }
  if (!response.body) {
    const text = await response.text();
    return Buffer.byteLength(text) > max ? { tooLarge: Buffer.byteLength(text) } : { text };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > max) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: bytes };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}

/** The error of an answer past the cap: kind 'too-large', code ANSWER_TOO_LARGE, with its meta (credits). */
export function tooLargeError(
  endpoint: string,
  result: { status: number; headers: Headers; bytesRead: number },
  attempts: number,
  requestId: string,
  secrets: readonly string[],
): ApiError {
  const meta = parseMeta(result.headers);
  if (!meta.requestId) meta.requestId = requestId;
  return new ApiError(
    {
      kind: 'too-large',
      code: ANSWER_TOO_LARGE,
      message: tooLargeMessage(result.bytesRead),
      status: result.status,
      requestId: meta.requestId,
      meta,
      attempts,
      reachedServer: true,
      endpoint,
    },
    secrets,
  );
}
