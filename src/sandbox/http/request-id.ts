import { randomUUID } from 'node:crypto';

const VALID_ID = /^[A-Za-z0-9\-_.:]{1,128}$/;

/** The client's X-Request-Id when it is valid (1-128 of letters, digits, -_.:), a new UUID otherwise. */
export function resolveRequestId(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && VALID_ID.test(value) ? value : randomUUID();
}
