import type { IncomingMessage } from 'node:http';
import { HttpError } from './envelope';

export const SINGLE_BODY_LIMIT = 1024 * 1024;
export const BATCH_BODY_LIMIT = 10 * 1024 * 1024;

/** True when the request declares a JSON body (application/json, any parameters). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const type = header.split(';')[0]?.trim().toLowerCase();
  return (
    type === 'application/json' || (type !== undefined && /^application\/[a-z0-9.+-]*\+json$/.test(type))
  );
}

/**
 * How much of an over-size body is read (and dropped) before the 413 goes out: a client that
 * writes its whole body before reading the answer (most do) then gets the 413 instead of a
 * connection reset. Past this the connection is closed without reading further.
 */
export const DISCARD_LIMIT = 64 * 1024 * 1024;

/** Reads what is left of the body and drops it (up to `max` bytes; past it, the socket is closed). */
async function discardRest(req: IncomingMessage, max: number): Promise<void> {
  let seen = 0;
  for await (const chunk of req) {
    seen += (chunk as Buffer).length;
    if (seen > max) {
      req.socket.destroy();
      return;
    }
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`, { limit });
}

/** Reads the whole body up to `limit` bytes; 413 beyond it, without buffering the excess. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    // Read and dropped first, so a client writing it whole sees the 413 (unless it is huge).
    if (declared <= DISCARD_LIMIT) await discardRest(req, DISCARD_LIMIT);
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    // Past the limit: the rest is read and dropped (up to DISCARD_LIMIT), then the 413.
    if (size > DISCARD_LIMIT) {
      req.socket.destroy();
      break;
    }
    if (size <= limit) chunks.push(buf);
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks, size);
}

/** Parses JSON; anything unreadable is a 400 BAD_REQUEST. */
export function parseJson(buf: Buffer): unknown {
  const text = buf.toString('utf8');
  if (text.trim() === '') throw new HttpError(400, 'BAD_REQUEST', 'Request body is empty');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'Request body is not valid JSON');
  }
}
