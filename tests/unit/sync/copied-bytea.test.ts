import { describe, expect, it } from 'vitest';
import { copiedBytea } from '../../../src/core/team/sync/seed-files';

// COPY's binary format as PostgreSQL writes it (its protocol documentation, "Binary Format"):
// a signature, flags, a header extension, then per row a column count and each column's length
// and bytes, and a trailer of -1. The seed install reads a chunk from it (the real server's
// output is read in tests/integration/sync/seeds.test.ts).
const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const int16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const row = (value: Buffer | null): Buffer =>
  Buffer.concat([int16(1), int32(value ? value.length : -1), value ?? Buffer.alloc(0)]);

describe("the seed chunk read from COPY's binary output", () => {
  it('is the one row’s value, byte for byte', () => {
    const value = Buffer.from([0, 1, 2, 255, 254]);
    expect(copiedBytea(Buffer.concat([header, row(value), int16(-1)]))).toEqual(value);
  });

  it('is null when no row (or a NULL) came back', () => {
    expect(copiedBytea(Buffer.concat([header, int16(-1)]))).toBeNull();
    expect(copiedBytea(Buffer.concat([header, row(null), int16(-1)]))).toBeNull();
  });

  it('skips a header extension', () => {
    const extended = Buffer.concat([header.subarray(0, 15), int32(3), Buffer.from('abc')]);
    expect(copiedBytea(Buffer.concat([extended, row(Buffer.from('x')), int16(-1)]))).toEqual(
      Buffer.from('x'),
    );
  });

  it('refuses output it does not understand instead of taking part of it', () => {
    const value = Buffer.from('chunk');
    expect(() => copiedBytea(Buffer.from('\\x6368756e6b\n'))).toThrow(/binary format/);
    const cut = Buffer.concat([header, row(value)]).subarray(0, -2);
    expect(() => copiedBytea(cut)).toThrow(/cut/);
    expect(() => copiedBytea(Buffer.concat([header, row(value), row(value), int16(-1)]))).toThrow(
      /more than one row/,
    );
    const twoColumns = Buffer.concat([
      header,
      int16(2),
      int32(1),
      Buffer.from('a'),
      int32(1),
      Buffer.from('b'),
      int16(-1),
    ]);
    expect(() => copiedBytea(twoColumns)).toThrow(/2 columns/);
  });
});
