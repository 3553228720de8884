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

/** Reads the whole body up to `limit` bytes; 413 beyond it, without buffering the excess. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`, { limit });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`, { limit });
    }
    chunks.push(buf);
  }
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
