// The e2e harness carries IPC calls between the page and the core as JSON text: one string
// per call is cheap for Playwright to pass (its own serialiser walks every object of a value,
// which cost more than main's SQLite work on the Visibility view's 100–300 KB answers).
// Electron's IPC uses the structured clone, which carries more than JSON does, so a value
// JSON would change is refused here rather than silently altered: the e2e tests then still
// test what the app would receive.

/** Why a value cannot go over the wire unchanged. */
export class WireError extends Error {
  override readonly name = 'WireError';
}

function check(holder: unknown, key: string, value: unknown): unknown {
  // The replacer sees a Date already turned into a string by its toJSON: look at the original.
  const original = (holder as Record<string, unknown>)[key];
  if (original instanceof Date) throw new WireError(`a Date at "${key}" would arrive as a string`);
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new WireError(`${String(value)} at "${key}" would arrive as null`);
  if (Array.isArray(holder) && value === undefined)
    throw new WireError(`undefined in an array at ${key} would arrive as null`);
  if (
    value instanceof Map ||
    value instanceof Set ||
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer
  )
    throw new WireError(`a ${Object.prototype.toString.call(value)} at "${key}" would arrive changed`);
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    throw new WireError(`a ${typeof value} at "${key}" cannot be sent over IPC`);
  return value;
}

/** The value as JSON text; throws WireError when JSON would not carry it as the structured clone does. */
export function toWire(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
    return check(this, key, v);
  });
}

/** The value toWire wrote; undefined (no payload) stays undefined. */
export function fromWire(text: unknown): unknown {
  if (text === undefined || text === null) return undefined;
  if (typeof text !== 'string') throw new WireError('an IPC payload arrives as JSON text');
  return JSON.parse(text) as unknown;
}
