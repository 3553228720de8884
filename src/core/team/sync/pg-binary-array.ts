import type { ColumnType } from '../../history';

// A push's column as ONE parameter in PostgreSQL's binary array format (what the server's
// array_recv reads), which node-postgres sends as it is when the parameter is a Buffer. In the
// text format node-postgres builds an array literal instead: each JSON text escaped (every quote
// and backslash doubled), bytes written out as hex, all joined into one string by `+` and then
// scanned again for its UTF-8 length; that was a quarter of a push's main thread, and the
// server parsed the literal back character by character. Here a text is its UTF-8 bytes behind
// its length, a number its fixed-width bytes, bytes themselves: nothing to escape, on either side.
//
// Format: dimensions (1), a has-nulls flag, the element type's OID, then for the one dimension
// its length and lower bound (1), then each element as an int32 byte length (-1 for NULL) and
// its bytes. The element OID must be the cast's (`$2::bigint[]` reads only int8 elements).

/**
 * The array a column's values travel in: its type as the statement casts the parameter, its
 * element type's OID (which must be that cast's), and how wide a number of it is (0: its bytes
 * vary). One table for both, so the cast and the bytes cannot disagree.
 */
export const PG_ARRAY: Record<ColumnType, { cast: string; oid: number; width: number }> = {
  text: { cast: 'text[]', oid: 25, width: 0 },
  json: { cast: 'text[]', oid: 25, width: 0 },
  'text[]': { cast: 'text[]', oid: 25, width: 0 },
  bytea: { cast: 'bytea[]', oid: 17, width: 0 },
  int: { cast: 'integer[]', oid: 23, width: 4 },
  bigint: { cast: 'bigint[]', oid: 20, width: 8 },
  real: { cast: 'double precision[]', oid: 701, width: 8 },
  bool: { cast: 'boolean[]', oid: 16, width: 1 },
};

/** A value of one of these arrays, as `toParam` gives it (null, a text, a number, a boolean, bytes). */
export type ParamValue = string | number | boolean | Uint8Array | null;

const HEADER = 20;

/**
 * The number a value gives the column (a number, or a text that reads as one), or a clear error
 * naming what it got. A blank text is refused, not read as 0 (as the server refuses it).
 */
function numberOf(value: ParamValue, type: ColumnType, fits: (n: number) => boolean, what: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !fits(n)) {
    throw new TypeError(`a column of type ${type} got ${JSON.stringify(String(value))}, not ${what}`);
  }
  return n;
}

const integer = (value: ParamValue, type: ColumnType): number =>
  numberOf(value, type, Number.isSafeInteger, 'an integer');

/** A real column takes any double, NaN included, but not a text that reads as no number. */
const real = (value: ParamValue): number =>
  numberOf(value, 'real', (n) => typeof value === 'number' || !Number.isNaN(n), 'a number');

function writeNumber(out: Buffer, at: number, value: ParamValue, type: ColumnType): void {
  switch (type) {
    case 'int':
      out.writeInt32BE(integer(value, type), at);
      return;
    case 'bigint':
      out.writeBigInt64BE(BigInt(integer(value, type)), at);
      return;
    case 'real':
      out.writeDoubleBE(real(value), at);
      return;
    default:
      out.writeUInt8(value === true ? 1 : 0, at);
  }
}

/** The bytes of a variable-width element: a text's UTF-8, or the bytes given. */
function byteSize(value: ParamValue): number {
  if (value instanceof Uint8Array) return value.byteLength;
  return Buffer.byteLength(String(value), 'utf8');
}

/** These values, all of the column's type, as one binary array parameter. */
export function binaryArray(type: ColumnType, values: readonly ParamValue[]): Buffer {
  const { oid, width } = PG_ARRAY[type];
  const sizes = values.map((v) => (v === null ? -1 : width || byteSize(v)));
  const total = HEADER + sizes.reduce((sum, size) => sum + 4 + Math.max(size, 0), 0);
  const out = Buffer.allocUnsafe(total);
  out.writeInt32BE(1, 0);
  out.writeInt32BE(sizes.includes(-1) ? 1 : 0, 4);
  out.writeUInt32BE(oid, 8);
  out.writeInt32BE(values.length, 12);
  out.writeInt32BE(1, 16);
  let at = HEADER;
  values.forEach((value, i) => {
    const size = sizes[i] as number;
    out.writeInt32BE(size, at);
    at += 4;
    if (value === null) return;
    if (width > 0) writeNumber(out, at, value, type);
    else if (value instanceof Uint8Array) out.set(value, at);
    else out.write(String(value), at, size, 'utf8');
    at += size;
  });
  return out;
}
